package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.DeviceInfo;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.NoDeviceException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Synchronous launches on the cuda device over a fake driver: marshalling and transfers. */
class CudaDeviceLaunchTest {
  @TempDir Path root;
  private final FakeCudaDriver driver = new FakeCudaDriver();
  private CudaDevice device;

  @BeforeEach
  void open() {
    device = CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
  }

  /** The body of scale on the fake: y[i] = a * x[i], and a write to x a GPU would not return. */
  private void runScaleOnFake(FakeCudaDriver.Launched l) {
    int n = l.param(0).getInt();
    float a = l.param(1).getFloat();
    long x = l.param(2).getLong();
    long y = l.param(4).getLong();
    var xs = ByteBuffer.wrap(driver.at(x)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
    var ys = ByteBuffer.wrap(driver.at(y)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
    for (int i = 0; i < n; i++) {
      ys.put(i, a * xs.get(i));
      xs.put(i, -1);
    }
  }

  @Test
  void info_reportsTheDriversFigures() {
    assertEquals(new DeviceInfo("Fake GPU", 8, 6, 84, 24L << 30, 99 * 1024), device.info());
    assertEquals("CUDA device 0 (Fake GPU)", device.describe());
  }

  @Test
  void launch_marshalsScalarsAndArraysAsPointerAndLength() {
    float[] x = {1, 2, 3};
    float[] y = new float[3];
    device.launch(Launch.grid1d(3, 128), CudaTestKernels::scale, 3, 2.5f, x, y);

    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertEquals(6, l.params().length, "n, a, x and its length, y and its length");
    assertArrayEquals(new byte[] {3, 0, 0, 0}, l.params()[0]);
    assertEquals(2.5f, l.param(1).getFloat());
    assertEquals(4, l.params()[1].length);
    assertEquals(8, l.params()[2].length);
    assertArrayEquals(new byte[] {3, 0, 0, 0}, l.params()[3], "x.length");
    assertEquals(8, l.params()[4].length);
    assertArrayEquals(new byte[] {3, 0, 0, 0}, l.params()[5], "y.length");
    long xAddress = l.param(2).getLong();
    assertEquals(0, xAddress % 256, "cuMemAlloc's alignment");
    // x was copied in before the launch, little-endian
    var xIn = ByteBuffer.wrap(l.memory().get(xAddress)).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(1f, xIn.getFloat(0));
    assertEquals(3f, xIn.getFloat(8));
    assertEquals("scale_entry", driver.functionName(l.function()));
    assertEquals(Launch.grid1d(3, 128).grid(), l.grid());
    assertEquals(0, l.stream(), "a launch without a stream uses the default stream");
  }

  @Test
  void launch_copiesArraysBackExceptReadOnlyOnesAndFreesThem() {
    driver.kernelBody = this::runScaleOnFake;
    float[] x = {1, 2, 3};
    float[] y = new float[3];
    device.launch(Launch.grid1d(3, 128), CudaTestKernels::scale, 3, 2f, x, y);
    assertArrayEquals(new float[] {2, 4, 6}, y);
    assertArrayEquals(new float[] {1, 2, 3}, x, "@ReadOnly x is not copied back");
    assertTrue(driver.memory.isEmpty(), "temporary allocations freed: " + driver.memory.keySet());
    assertEquals(1, driver.calls.stream().filter("cuMemcpyDtoH"::equals).count());
  }

  @Test
  void launch_oneJavaArrayPassedTwiceIsOneDeviceBuffer() {
    float[] y = {1, 2};
    try (var raw = device.loadPtx(TestModules.text("sm_75"))) {
      raw.launch("arrays_entry", Launch.grid1d(1, 1), y, 2, y, 2, y, 2, y, 2, y, 2);
    }
    FakeCudaDriver.Launched l = driver.launches.get(0);
    long first = l.param(0).getLong();
    for (int p = 2; p < 10; p += 2) {
      assertEquals(first, l.param(p).getLong(), "parameter " + p + " shares the buffer");
    }
    assertEquals(1, driver.calls.stream().filter("cuMemAlloc"::equals).count());
    assertTrue(driver.memory.isEmpty());
  }

  @Test
  void launch_oneArrayBothReadOnlyAndWrittenIsRefused() {
    float[] xy = {1, 2, 3};
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> device.launch(Launch.grid1d(3, 128), CudaTestKernels::scale, 3, 2f, xy, xy));
    assertEquals(
        "launch of kernel CudaTestKernels.scale: arguments 2 and 3 are the same array, one"
            + " @ReadOnly and one written; pass a copy for the read-only parameter",
        e.getMessage());
    assertTrue(driver.launches.isEmpty());
    assertTrue(driver.memory.isEmpty(), "the first copy is freed");
  }

  @Test
  void launch_passesEveryScalarTypeInItsOwnWidth() {
    device.launch(
        Launch.grid1d(1, 1),
        CudaTestKernels::scalars,
        true,
        (byte) -2,
        (short) 0x1234,
        'A',
        -7,
        1L << 40,
        1.5f,
        -0.25);
    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertArrayEquals(new byte[] {1}, l.params()[0], "boolean: one byte, 1");
    assertArrayEquals(new byte[] {-2}, l.params()[1]);
    assertArrayEquals(new byte[] {0x34, 0x12}, l.params()[2]);
    assertArrayEquals(new byte[] {'A', 0}, l.params()[3]);
    assertEquals(-7, l.param(4).getInt());
    assertEquals(8, l.params()[5].length);
    assertEquals(1L << 40, l.param(5).getLong());
    assertEquals(1.5f, l.param(6).getFloat());
    assertEquals(8, l.params()[7].length);
    assertEquals(-0.25, l.param(7).getDouble());
  }

  @Test
  void launch_roundTripsArraysOfEveryElementWidth() {
    driver.kernelBody =
        l -> {
          for (int i = 0; i < 10; i += 2) {
            byte[] mem = driver.at(l.param(i).getLong());
            for (int b = 0; b < mem.length; b++) {
              mem[b] = (byte) ~mem[b];
            }
          }
        };
    boolean[] z = {true, false};
    byte[] b = {1, -1};
    char[] c = {'a', '\uffff'};
    long[] j = {1, -2};
    double[] d = {1.0, -0.0};
    device.launch(Launch.grid1d(2, 2), CudaTestKernels::arrays, z, b, c, j, d);
    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertArrayEquals(new byte[] {1, 0}, l.memory().get(l.param(0).getLong()), "booleans 0/1");
    // every bit was flipped on the device and came back
    assertArrayEquals(new boolean[] {true, true}, z, "a non-zero byte reads as true");
    assertArrayEquals(new byte[] {-2, 0}, b);
    assertArrayEquals(new char[] {(char) ~'a', 0}, c);
    assertArrayEquals(new long[] {~1L, ~-2L}, j);
    assertEquals(Double.doubleToRawLongBits(1.0), ~Double.doubleToRawLongBits(d[0]));
    assertEquals(Double.doubleToRawLongBits(-0.0), ~Double.doubleToRawLongBits(d[1]), "-0.0");
  }

  @Test
  void launch_emptyArrayIsANullPointerOfLengthZero() {
    device.launch(Launch.grid1d(1, 1), CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertEquals(0, l.param(2).getLong());
    assertEquals(0, l.param(3).getInt());
    assertTrue(!driver.calls.contains("cuMemAlloc"), "cuMemAlloc refuses 0 bytes");
  }

  @Test
  void launch_optsInToDynamicSharedMemoryAbove48KiB() {
    Launch small = Launch.grid1d(1, 1).sharedMemoryBytes(48 * 1024);
    device.launch(small, CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
    assertTrue(!driver.calls.contains("cuFuncSetAttribute"), "48 KiB needs no opt-in");
    Launch big = Launch.grid1d(1, 1).sharedMemoryBytes(100_000);
    device.launch(big, CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
    assertEquals(
        100_000, driver.functionAttributes.get(CudaDriver.FUNCTION_MAX_DYNAMIC_SHARED_SIZE_BYTES));
    assertEquals(100_000, driver.launches.get(1).sharedMemoryBytes());
  }

  /** The limits are on static and dynamic shared memory together, as the hardware counts them. */
  @Test
  void launch_countsTheKernelsStaticSharedMemory() {
    driver.functionAttributes.put(CudaDriver.FUNCTION_SHARED_SIZE_BYTES, 16 * 1024);
    Launch fits = Launch.grid1d(1, 1).sharedMemoryBytes(32 * 1024);
    device.launch(fits, CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
    assertTrue(!driver.calls.contains("cuFuncSetAttribute"), "48 KiB in all needs no opt-in");
    Launch over48 = Launch.grid1d(1, 1).sharedMemoryBytes(40 * 1024);
    device.launch(over48, CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
    assertEquals(
        40 * 1024,
        driver.functionAttributes.get(CudaDriver.FUNCTION_MAX_DYNAMIC_SHARED_SIZE_BYTES));
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                device.launch(
                    Launch.grid1d(1, 1).sharedMemoryBytes(99 * 1024 - 16 * 1024 + 1),
                    CudaTestKernels::scale,
                    0,
                    1f,
                    new float[0],
                    new float[0]));
    assertEquals(
        "launch of kernel CudaTestKernels.scale: sharedMemoryBytes = 84993 and the kernel's 16384"
            + " bytes of static shared memory exceed the 101376 bytes of shared memory a block may"
            + " have on this device",
        e.getMessage());
  }

  @Test
  void launch_acceptsTheDevicesOptInMaximumAndRefusesMore() {
    int max = 99 * 1024; // the fake reports compute capability 8.6
    device.launch(
        Launch.grid1d(1, 1).sharedMemoryBytes(max),
        CudaTestKernels::scale,
        0,
        1f,
        new float[0],
        new float[0]);
    assertEquals(
        max, driver.functionAttributes.get(CudaDriver.FUNCTION_MAX_DYNAMIC_SHARED_SIZE_BYTES));
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                device.launch(
                    Launch.grid1d(1, 1).sharedMemoryBytes(max + 1),
                    CudaTestKernels::scale,
                    0,
                    1f,
                    new float[0],
                    new float[0]));
    assertEquals(
        "launch of kernel CudaTestKernels.scale: sharedMemoryBytes = 101377 exceeds the 101376"
            + " bytes of shared memory a block may have on this device",
        e.getMessage());
    assertEquals(1, driver.launches.size(), "the refused launch never reaches the driver");
  }

  @Test
  void sharedMemoryLimit_withoutTheDriversFigureIsTheDefault48KiB() {
    driver.sharedPerBlockOptin = -1;
    driver.major = 9;
    driver.minor = 0;
    CudaDevice h100 =
        CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                h100.launch(
                    Launch.grid1d(1, 1).sharedMemoryBytes(49153),
                    CudaTestKernels::scale,
                    0,
                    1f,
                    new float[0],
                    new float[0]));
    assertTrue(e.getMessage().contains("exceeds the 49152 bytes"), e.getMessage());
  }

  @Test
  void deviceArray_isPassedByAddressAndKeptOnTheDevice() {
    driver.kernelBody = this::runScaleOnFake;
    DeviceArray x = device.copyOf(new float[] {1, 2});
    DeviceArray y = device.allocate(float.class, 2);
    device.launch(Launch.grid1d(2, 2), CudaTestKernels.class, "scale", 2, 3f, x, y);
    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertEquals(((CudaDeviceArray) x).address(), l.param(2).getLong());
    assertEquals(((CudaDeviceArray) y).address(), l.param(4).getLong());
    assertEquals(2, l.param(5).getInt());
    assertEquals(2, driver.memory.size(), "device arrays stay allocated after the launch");
    float[] out = new float[2];
    y.copyTo(out);
    assertArrayEquals(new float[] {3, 6}, out);
    x.close();
    y.close();
    assertTrue(driver.memory.isEmpty());
    assertThrows(IllegalStateException.class, () -> y.copyTo(out));
  }

  @Test
  void allocate_zeroesTheMemory() {
    DeviceArray a = device.allocate(int.class, 3);
    int[] out = {9, 9, 9};
    a.copyTo(out);
    assertArrayEquals(new int[3], out);
    assertThrows(IllegalArgumentException.class, () -> a.copyTo(new int[2]));
  }

  @Test
  void close_freesTheContextAndModules() {
    device.launch(Launch.grid1d(1, 1), CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
    device.close();
    assertTrue(driver.calls.contains("cuModuleUnload"));
    assertTrue(driver.calls.contains("cuCtxDestroy"));
    assertTrue(driver.liveHandles.isEmpty(), "every handle released: " + driver.liveHandles);
    assertThrows(IllegalStateException.class, device::newStream);
  }

  @Test
  void open_ordinalBeyondTheDevicesIsNoDevice() {
    var e = assertThrows(NoDeviceException.class, () -> CudaDevice.open(driver, 1, List.of()));
    assertEquals("CUDA device 1 requested, but the driver reports 1 device(s)", e.getMessage());
  }

  @Test
  void open_failingContextIsNoDeviceNamingTheCall() {
    driver.failNext("cuCtxCreate", 2);
    var e = assertThrows(NoDeviceException.class, () -> CudaDevice.open(driver, 0, List.of()));
    assertEquals(
        "CUDA device 0 cannot be opened: cuCtxCreate failed with CUDA_ERROR_OUT_OF_MEMORY",
        e.getMessage());
  }
}
