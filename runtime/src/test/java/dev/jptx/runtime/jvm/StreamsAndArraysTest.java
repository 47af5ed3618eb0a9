package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.globalIdX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.Stream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Device arrays, streams and launch statistics on the JVM device. */
public class StreamsAndArraysTest {
  private static final Device GPU = Device.jvm();
  static volatile CountDownLatch gate;

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** Adds one to every element. */
  @Kernel
  public static void increment(int n, int[] data) {
    int i = globalIdX();
    if (i < n) {
      data[i]++;
    }
  }

  /** Waits for the test to open the gate, proving the launch runs asynchronously. */
  @Kernel
  public static void waitForGate(int[] data) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (gate.getCount() > 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    data[0] = 42;
  }

  /** Fails in every thread. */
  @Kernel
  public static void fails(int[] data) {
    data[data.length] = 0;
  }

  @Test
  void deviceArray_copyRoundTrips() {
    int[] host = {1, 2, 3};
    try (DeviceArray array = GPU.copyOf(host)) {
      assertEquals(int.class, array.elementType());
      assertEquals(3, array.length());
      host[0] = 100;
      int[] back = new int[3];
      array.copyTo(back);
      assertArrayEquals(new int[] {1, 2, 3}, back);
      array.copyFrom(new int[] {4, 5, 6});
      array.copyTo(back);
      assertArrayEquals(new int[] {4, 5, 6}, back);
      assertThrows(IllegalArgumentException.class, () -> array.copyTo(new int[4]));
      assertThrows(IllegalArgumentException.class, () -> array.copyTo(new long[3]));
    }
    DeviceArray closed = GPU.allocate(double.class, 2);
    closed.close();
    assertThrows(IllegalStateException.class, () -> closed.copyTo(new double[2]));
    assertThrows(IllegalArgumentException.class, () -> GPU.allocate(String.class, 2));
    for (Object host2 :
        new Object[] {
          new boolean[2], new byte[2], new short[2], new char[2], new long[2], new float[2]
        }) {
      DeviceArray copy = copyOf(host2);
      assertEquals(host2.getClass().getComponentType(), copy.elementType());
      copy.copyTo(host2);
    }
  }

  private static DeviceArray copyOf(Object host) {
    if (host instanceof boolean[]) {
      return GPU.copyOf((boolean[]) host);
    } else if (host instanceof byte[]) {
      return GPU.copyOf((byte[]) host);
    } else if (host instanceof short[]) {
      return GPU.copyOf((short[]) host);
    } else if (host instanceof char[]) {
      return GPU.copyOf((char[]) host);
    } else if (host instanceof long[]) {
      return GPU.copyOf((long[]) host);
    }
    return GPU.copyOf((float[]) host);
  }

  @Test
  void stream_launchesAreAsynchronousUntilSynchronize() {
    gate = new CountDownLatch(1);
    int[] data = new int[1];
    try (Stream stream = GPU.newStream()) {
      GPU.launch(Launch.grid1d(1, 1).stream(stream), StreamsAndArraysTest::waitForGate, data);
      assertEquals(0, data[0], "the launch has not run yet");
      gate.countDown();
      stream.synchronize();
      assertEquals(42, data[0]);
    }
  }

  @Test
  void stream_copiesAndLaunchesRunInOrder() {
    int n = 1000;
    int[] host = new int[n];
    try (Stream stream = GPU.newStream();
        DeviceArray array = GPU.allocate(int.class, n)) {
      array.copyFromAsync(host, stream);
      for (int k = 0; k < 5; k++) {
        GPU.launch(
            Launch.grid1d(n, 128).stream(stream),
            StreamsAndArraysTest.class,
            "increment",
            n,
            array);
      }
      int[] result = new int[n];
      array.copyToAsync(result, stream);
      stream.synchronize();
      for (int v : result) {
        assertEquals(5, v);
      }
    }
  }

  @Test
  void stream_failureReportedAtSynchronize() {
    try (Stream stream = GPU.newStream()) {
      GPU.launch(Launch.grid1d(1, 1).stream(stream), StreamsAndArraysTest::fails, new int[1]);
      KernelException e = assertThrows(KernelException.class, stream::synchronize);
      assertTrue(e.getMessage().contains("StreamsAndArraysTest.fails"), e.getMessage());
      stream.synchronize(); // reported once
    }
  }

  @Test
  void stream_ofAnotherDeviceIsRejected() {
    try (Device other = Device.jvm();
        Stream foreign = other.newStream()) {
      assertThrows(
          IllegalArgumentException.class,
          () ->
              GPU.launch(
                  Launch.grid1d(1, 1).stream(foreign), StreamsAndArraysTest::fails, new int[1]));
    }
  }

  @Test
  void lastLaunchStats_elapsedTimeNoInstructions() {
    GPU.launch(Launch.grid1d(10, 10), StreamsAndArraysTest::increment, 10, new int[10]);
    var stats = GPU.lastLaunchStats();
    assertTrue(stats.elapsedNanos() > 0);
    assertEquals(-1, stats.instructions());
    assertTrue(stats.instructionsByOpcode().isEmpty());
  }
}
