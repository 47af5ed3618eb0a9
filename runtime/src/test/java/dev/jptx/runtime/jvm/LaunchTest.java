package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.syncThreads;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Kernel1;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Failures, argument checks, geometry limits and kernel resolution of launches. */
public class LaunchTest {
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** One thread indexes out of bounds while the others wait at a barrier. */
  @Kernel
  public static void failing(int bad, int[] out) {
    int i = globalIdX();
    if (i == bad) {
      out[out.length + i] = 1;
    }
    syncThreads();
    out[i] = i;
  }

  /** saxpy, for argument checks. */
  @Kernel(maxThreadsPerBlock = 256)
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = a * x[i] + y[i];
    }
  }

  /** Two kernels of one name, told apart by argument types. */
  @Kernel
  public static void scale(int n, float[] x) {
    int i = globalIdX();
    if (i < n) {
      x[i] *= 2;
    }
  }

  /** The {@code double} overload of {@link #scale(int, float[])}. */
  @Kernel
  public static void scale(int n, double[] x) {
    int i = globalIdX();
    if (i < n) {
      x[i] *= 3;
    }
  }

  /** At most 64 threads per block. */
  @Kernel(maxThreadsPerBlock = 64)
  public static void small(int[] out) {
    out[globalIdX()] = 1;
  }

  /** Takes a long; a {@code Kernel1<Integer>} may still name it, as Java widens. */
  @Kernel
  public static void takesLong(long v, long[] out) {
    out[0] = v;
  }

  /** Writes its {@code @ReadOnly} parameter, breaking the promise. */
  @Kernel
  public static void writesReadOnly(@ReadOnly int[] in) {
    in[globalIdX()] = -1;
  }

  /** Not a kernel. */
  public static void notAKernel(int[] out) {
    out[0] = 1;
  }

  @Test
  void failure_namesThreadAndBlock() {
    int[] out = new int[512];
    KernelException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () ->
                assertThrows(
                    KernelException.class,
                    () -> GPU.launch(Launch.grid1d(512, 128), LaunchTest::failing, 259, out)));
    assertTrue(
        e.getMessage()
            .startsWith(
                "kernel LaunchTest.failing failed in thread (3,0,0) of block (2,0,0):"
                    + " java.lang.ArrayIndexOutOfBoundsException"),
        e.getMessage());
    assertInstanceOf(ArrayIndexOutOfBoundsException.class, e.getCause());
    // the device is still usable
    GPU.launch(Launch.grid1d(512, 128), LaunchTest::failing, -1, out);
    assertEquals(511, out[511]);
  }

  @Test
  void launchByName_argumentTypeMismatchNamesParameterAndTypes() {
    float[] x = new float[4];
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(4, 4), LaunchTest.class, "saxpy", 4, 2.0, x, x));
    assertTrue(e.getMessage().contains("LaunchTest.saxpy(int n, float a, float[] x, float[] y)"));
    assertTrue(e.getMessage().contains("parameter 1 (float a) expects float"), e.getMessage());
    assertTrue(e.getMessage().contains("got java.lang.Double"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(4, 4), LaunchTest.class, "saxpy", 4, 2f, new int[4], x));
    assertTrue(e.getMessage().contains("parameter 2 (float[] x) expects float[]"), e.getMessage());
    assertTrue(e.getMessage().contains("got int[]"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(4, 4), LaunchTest.class, "saxpy", 4, 2f, x));
    assertTrue(e.getMessage().contains("takes 4 arguments, got 3"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(4, 4), LaunchTest.class, "saxpy", 4, 2f, null, x));
    assertTrue(e.getMessage().contains("got null"), e.getMessage());
  }

  @Test
  void launchByName_notAKernelOrMissing() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(1, 1), LaunchTest.class, "notAKernel", new int[1]));
    assertTrue(e.getMessage().contains("not annotated @Kernel"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(1, 1), LaunchTest.class, "nothing"));
    assertTrue(e.getMessage().contains("has no method nothing"), e.getMessage());
  }

  @Test
  void launchByName_overloadsChosenByArgumentTypes() {
    float[] f = {1, 2, 3};
    double[] d = {1, 2, 3};
    GPU.launch(Launch.grid1d(3, 32), LaunchTest.class, "scale", 3, f);
    GPU.launch(Launch.grid1d(3, 32), LaunchTest.class, "scale", 3, d);
    assertArrayEquals(new float[] {2, 4, 6}, f);
    assertArrayEquals(new double[] {3, 6, 9}, d);
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(3, 32), LaunchTest.class, "scale", 3, new int[3]));
    assertTrue(e.getMessage().startsWith("no kernel"), e.getMessage());
    assertTrue(e.getMessage().contains("float[]") && e.getMessage().contains("double[]"));
  }

  @Test
  void launchByName_deviceArrays() {
    float[] x = {1, 2, 3, 4};
    float[] y = {10, 20, 30, 40};
    try (DeviceArray dx = GPU.copyOf(x);
        DeviceArray dy = GPU.copyOf(y)) {
      GPU.launch(Launch.grid1d(4, 4), LaunchTest.class, "saxpy", 4, 2f, dx, dy);
      float[] result = new float[4];
      dy.copyTo(result);
      assertArrayEquals(new float[] {12, 24, 36, 48}, result);
      assertArrayEquals(new float[] {10, 20, 30, 40}, y, "the host array is not touched");
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  GPU.launch(
                      Launch.grid1d(4, 4),
                      LaunchTest.class,
                      "saxpy",
                      4,
                      2f,
                      GPU.allocate(int.class, 4),
                      dy));
      assertTrue(e.getMessage().contains("got a DeviceArray of int"), e.getMessage());
    }
  }

  @Test
  void typedLaunch_rejectsLambdasAndNonKernels() {
    Kernel1<int[]> lambda = a -> a[0] = 1;
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(1, 1), lambda, new int[1]));
    assertTrue(e.getMessage().contains("method reference"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(1, 1), LaunchTest::notAKernel, new int[1]));
    assertTrue(e.getMessage().contains("not annotated @Kernel"), e.getMessage());
  }

  @Test
  void typedLaunch_widensAsJavaDoes() {
    long[] out = new long[1];
    Integer five = 5;
    GPU.<Integer, long[]>launch(Launch.grid1d(1, 1), LaunchTest::takesLong, five, out);
    assertEquals(5L, out[0]);
  }

  @Test
  void geometry_limits() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                GPU.launch(
                    Launch.of(Dim3.of(1), Dim3.of(64, 32)), LaunchTest::small, new int[2048]));
    assertTrue(e.getMessage().contains("exceeds the limit of 1024"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GPU.launch(Launch.grid1d(128, 128), LaunchTest::small, new int[128]));
    assertTrue(e.getMessage().contains("@Kernel(maxThreadsPerBlock = 64)"), e.getMessage());
    assertTrue(e.getMessage().contains("LaunchTest.small"), e.getMessage());
  }

  @Test
  void readOnly_hostArrayNotWrittenBack() {
    int[] in = {1, 2, 3};
    GPU.launch(Launch.grid1d(3, 3), LaunchTest::writesReadOnly, in);
    assertArrayEquals(new int[] {1, 2, 3}, in);
  }

  @Test
  void launch_gridOfManyBlocksIsFast() {
    int n = 256 * 256;
    float[] x = new float[n];
    float[] y = new float[n];
    java.util.Arrays.fill(x, 1f);
    long start = System.nanoTime();
    GPU.launch(Launch.grid1d(n, 256), LaunchTest::saxpy, n, 2f, x, y);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(2f, y[n - 1]);
    assertTrue(millis < 3000, "took " + millis + " ms");
  }

  @Test
  void launch_afterCloseFails() {
    Device device = Device.jvm();
    device.close();
    assertThrows(
        IllegalStateException.class,
        () -> device.launch(Launch.grid1d(1, 1), LaunchTest::small, new int[1]));
  }
}
