package dev.jptx.runtime;

import static dev.jptx.Gpu.syncThreads;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Kernels that never end or recurse without bound: a timeout or an interrupt ends the launch with a
 * {@link KernelException} naming the kernel, on the simulator and the JVM device (the cuda device's
 * side is in {@code CudaRunawayTest}), and the simulator's stack size stops runaway recursion.
 */
class RunawayKernelsTest {
  private static String ptx() throws IOException {
    try (InputStream in = RunawayKernelsTest.class.getResourceAsStream("runaway.ptx")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Spins until {@code flag[0]} is set, meeting its block at a barrier on every turn. */
  @Kernel
  public static void spin(int[] flag) {
    while (flag[0] == 0) {
      syncThreads();
    }
  }

  /** What a launch on another thread threw after that thread was interrupted 200 ms in. */
  private static Throwable interruptedLaunch(Runnable launch, AtomicReference<Boolean> flagAfter)
      throws InterruptedException {
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread launcher =
        new Thread(
            () -> {
              try {
                launch.run();
              } catch (RuntimeException e) {
                thrown.set(e);
              }
              flagAfter.set(Thread.currentThread().isInterrupted());
            });
    launcher.start();
    Thread.sleep(200);
    launcher.interrupt();
    launcher.join(10_000);
    assertTrue(!launcher.isAlive(), "the interrupt did not end the launch");
    assertTrue(thrown.get() instanceof KernelException, String.valueOf(thrown.get()));
    return thrown.get();
  }

  @Test
  void launch_timeout_isAModifiedCopy_andMustBePositive() {
    Launch plain = Launch.grid1d(1, 1);
    Launch timed = plain.timeout(Duration.ofSeconds(2));
    assertTrue(plain.timeout().isEmpty());
    assertEquals(Duration.ofSeconds(2), timed.timeout().orElseThrow());
    assertTrue(timed.toString().endsWith(", timeout=PT2S]"), timed.toString());
    assertTrue(!plain.equals(timed) && timed.equals(plain.timeout(Duration.ofMillis(2000))));
    assertTrue(timed.timeout(null).timeout().isEmpty());
    assertThrows(IllegalArgumentException.class, () -> plain.timeout(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> plain.timeout(Duration.ofSeconds(-1)));
  }

  @Test
  void simulator_timeout_stopsAnEndlessLoop() throws IOException {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () -> m.launch("spin", Launch.grid1d(64, 32).timeout(Duration.ofMillis(200))));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "kernel spin did not finish within PT0.2S (Launch.timeout) on the simulator,"
                      + " which stopped it at PTX line"),
          e.getMessage());
      assertTrue(e.getMessage().contains("thread (0,0,0) of block (0,0,0)"), e.getMessage());
      // the device goes on
      int[] out = new int[1];
      m.launch("depth", Launch.grid1d(1, 1), out, 5);
      assertArrayEquals(new int[] {5}, out);
    }
  }

  @Test
  void simulator_interruptOfTheLaunchingThread_stopsTheLaunch() throws Exception {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
      Throwable thrown =
          interruptedLaunch(() -> m.launch("spin", Launch.grid1d(1, 1)), stillInterrupted);
      assertTrue(
          thrown.getMessage().startsWith("kernel spin was interrupted on the simulator"),
          thrown.getMessage());
      assertTrue(stillInterrupted.get(), "the interrupt status is the caller's to see");
    }
  }

  @Test
  void simulator_deepRecursion_isAStackOverflowNotAnOutOfMemoryError() throws IOException {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      int[] out = new int[1];
      m.launch("depth", Launch.grid1d(1, 1), out, 1000);
      assertArrayEquals(new int[] {1000}, out, "a thousand calls fit the default stack");
      KernelException e =
          assertThrows(
              KernelException.class,
              () -> m.launch("depth", Launch.grid1d(1, 1), new int[1], 1_000_000));
      assertTrue(
          e.getMessage().contains("stack overflow: the call of down needs 32 bytes"),
          e.getMessage());
      assertTrue(e.getMessage().contains("more than the 1048576 bytes per thread"), e.getMessage());
      assertTrue(e.getMessage().contains("Device.setStackSize"), e.getMessage());
    }
  }

  @Test
  void simulator_setStackSize_changesHowDeepCallsMayGo() throws IOException {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      // a frame of down: 16 bytes of parameters (two .b32, 8-byte aligned) and 16 of overhead;
      // depth(n) makes n + 1 calls of down
      sim.setStackSize(1024);
      int[] out = new int[1];
      m.launch("depth", Launch.grid1d(1, 1), out, 31);
      assertArrayEquals(new int[] {31}, out);
      KernelException e =
          assertThrows(
              KernelException.class, () -> m.launch("depth", Launch.grid1d(1, 1), out, 32));
      assertTrue(e.getMessage().contains("more than the 1024 bytes per thread"), e.getMessage());
      sim.setStackSize(1 << 20);
      m.launch("depth", Launch.grid1d(1, 1), out, 32);
      assertArrayEquals(new int[] {32}, out);
    }
  }

  @Test
  void setStackSize_outOfRange_isRefusedOnEveryDevice() {
    try (Device sim = Device.simulator();
        Device jvm = Device.jvm()) {
      for (Device d : new Device[] {sim, jvm}) {
        assertThrows(IllegalArgumentException.class, () -> d.setStackSize(0));
        assertThrows(IllegalArgumentException.class, () -> d.setStackSize((1L << 30) + 1));
        d.setStackSize(4096);
      }
    }
  }

  @Test
  void jvm_timeout_abandonsTheLaunch_andItsThreadsUnwindAtTheirNextBarrier() throws Exception {
    try (Device jvm = Device.jvm()) {
      int[] flag = new int[1];
      KernelException e =
          assertThrows(
              KernelException.class,
              () ->
                  jvm.launch(
                      Launch.grid1d(64, 32).timeout(Duration.ofMillis(200)),
                      RunawayKernelsTest::spin,
                      flag));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "kernel RunawayKernelsTest.spin did not finish within PT0.2S"
                      + " (Launch.timeout) on the jvm device, which abandoned the launch"),
          e.getMessage());
      assertTrue(e.getMessage().contains("daemon threads"), e.getMessage());
      // the device goes on: a later launch runs
      flag[0] = 1;
      jvm.launch(Launch.grid1d(64, 32), RunawayKernelsTest::spin, flag);
    }
  }

  @Test
  void jvm_interruptOfTheLaunchingThread_abandonsTheLaunch() throws Exception {
    try (Device jvm = Device.jvm()) {
      int[] flag = new int[1];
      Throwable thrown =
          interruptedLaunch(
              () -> jvm.launch(Launch.grid1d(32, 32), RunawayKernelsTest::spin, flag),
              new AtomicReference<>());
      assertTrue(
          thrown.getMessage().contains("spin was interrupted on the jvm device"),
          thrown.getMessage());
    }
  }

  @Test
  void info_reportsTheOptInSharedMemoryLimit() {
    try (Device sim = Device.simulator();
        Device jvm = Device.jvm()) {
      assertEquals(227 * 1024, sim.info().maxSharedMemoryPerBlockOptin());
      assertEquals(227 * 1024, jvm.info().maxSharedMemoryPerBlockOptin());
    }
  }
}
