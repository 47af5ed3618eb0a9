package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.LaunchStats;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.Stream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Streams, events and asynchronous copies on the cuda device over a fake driver. */
class CudaStreamTest {
  @TempDir Path root;
  private final FakeCudaDriver driver = new FakeCudaDriver();
  private CudaDevice device;

  private static final String RAW =
      ".version 7.0\n.target sm_75\n.address_size 64\n"
          + TestModules.entry("k", ".u64 p", ".f32 v");

  @BeforeEach
  void open() {
    device = CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
    driver.kernelBody = l -> driver.putFloats(l.param(4).getLong(), 5f, 6f);
  }

  /** The driver calls made from {@code from} on. */
  private List<String> callsFrom(int from) {
    return driver.calls.subList(from, driver.calls.size());
  }

  @Test
  void launch_synchronousIsTimedByEventsAroundIt() {
    int from = driver.calls.size();
    device.launch(Launch.grid1d(2, 2), CudaTestKernels::scale, 2, 1f, new float[2], new float[2]);
    assertEquals(
        List.of(
            "cuModuleLoadDataEx",
            "cuModuleGetFunction",
            "cuMemAlloc",
            "cuMemcpyHtoD",
            "cuMemAlloc",
            "cuMemcpyHtoD",
            "cuEventCreate",
            "cuEventCreate",
            "cuEventRecord",
            "cuLaunchKernel",
            "cuEventRecord",
            "cuEventSynchronize",
            "cuEventElapsedTime",
            "cuMemFree",
            "cuMemcpyDtoH",
            "cuMemFree",
            "cuEventDestroy",
            "cuEventDestroy"),
        callsFrom(from));
    assertEquals(new LaunchStats(1_500_000, -1, Map.of()), device.lastLaunchStats());
  }

  @Test
  void launch_onAStreamIsQueuedAndFinishedBySynchronize() {
    try (Stream s = device.newStream()) {
      float[] x = {1, 2};
      float[] y = new float[2];
      int from = driver.calls.size();
      device.launch(Launch.grid1d(2, 2).stream(s), CudaTestKernels::scale, 2, 1f, x, y);
      long handle = ((CudaStream) s).handle();
      assertEquals(handle, driver.launches.get(0).stream());
      assertEquals(
          List.of(
              "cuModuleLoadDataEx",
              "cuModuleGetFunction",
              "cuMemAlloc",
              "cuMemAllocHost",
              "cuMemcpyHtoDAsync",
              "cuMemAlloc",
              "cuMemAllocHost",
              "cuMemcpyHtoDAsync",
              "cuEventCreate",
              "cuEventCreate",
              "cuEventRecord",
              "cuLaunchKernel",
              "cuEventRecord",
              "cuMemcpyDtoHAsync"),
          callsFrom(from),
          "only y is copied back; nothing waits");
      assertArrayEquals(new float[2], y, "the Java array is filled at synchronisation");
      assertEquals(0, device.lastLaunchStats().elapsedNanos());

      s.synchronize();
      assertArrayEquals(new float[] {5, 6}, y);
      assertArrayEquals(new float[] {1, 2}, x);
      assertEquals(1_500_000, device.lastLaunchStats().elapsedNanos());
      assertTrue(driver.memory.isEmpty(), "device memory freed");
      assertTrue(driver.pinned.isEmpty(), "staging memory freed");
    }
    assertTrue(driver.calls.contains("cuStreamDestroy"));
    assertEquals(2, driver.liveHandles.size(), "context and module only: events and stream gone");
  }

  @Test
  void synchronize_faultOfAQueuedLaunchNamesTheKernel() {
    Stream s = device.newStream();
    float[] y = {9, 9};
    device.launch(Launch.grid1d(2, 2).stream(s), CudaTestKernels::scale, 2, 1f, new float[2], y);
    driver.failNext("cuStreamSynchronize", CudaError.MISALIGNED_ADDRESS);
    var e = assertThrows(KernelException.class, s::synchronize);
    assertTrue(
        e.getMessage()
            .startsWith(
                "kernel CudaTestKernels.scale failed on CUDA device 0 (Fake GPU):"
                    + " CUDA_ERROR_MISALIGNED_ADDRESS"),
        e.getMessage());
    assertArrayEquals(new float[] {9, 9}, y);
    assertTrue(driver.memory.isEmpty() && driver.pinned.isEmpty());
  }

  @Test
  void deviceArray_asyncCopiesGoThroughStagingUntilSynchronize() {
    Stream s = device.newStream();
    DeviceArray d = device.allocate(int.class, 3);
    d.copyFromAsync(new int[] {1, 2, 3}, s);
    int[] back = new int[3];
    d.copyToAsync(back, s);
    assertArrayEquals(new int[3], back);
    assertEquals(2, driver.pinned.size());
    s.synchronize();
    assertArrayEquals(new int[] {1, 2, 3}, back);
    assertTrue(driver.pinned.isEmpty());
    Stream other = device.newStream();
    other.close();
    assertThrows(IllegalStateException.class, () -> d.copyToAsync(back, other));
  }

  @Test
  void launch_streamOfAnotherDeviceIsRejected() {
    var other = CudaDevice.open(new FakeCudaDriver(), 0, List.of());
    Stream foreign = other.newStream();
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                device.launch(
                    Launch.grid1d(1, 1).stream(foreign),
                    CudaTestKernels::scale,
                    0,
                    1f,
                    new float[0],
                    new float[0]));
    assertTrue(e.getMessage().endsWith("belongs to another device"), e.getMessage());
  }

  @Test
  void loadPtx_passesEachArgumentAsOneParameter() {
    driver.kernelBody = l -> {};
    try (PtxModule m = device.loadPtx(RAW)) {
      float[] y = new float[2];
      m.launch("k", Launch.grid1d(2, 2), y, 2f);
      FakeCudaDriver.Launched l = driver.launches.get(0);
      assertEquals(2, l.params().length, "an array is only its address here");
      assertEquals(8, l.params()[0].length);
      assertEquals(2f, l.param(1).getFloat());
      assertEquals("k", driver.functionName(l.function()));
    }
    assertTrue(driver.calls.contains("cuModuleUnload"));
  }

  @Test
  void loadPtx_valueOfTheWrongSizeIsRefused() {
    PtxModule m = device.loadPtx(RAW);
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> m.launch("k", Launch.grid1d(1, 1), 1, 2f));
    assertEquals(
        "kernel k: parameter 0 of entry k has 8 bytes, but the argument gives 4", e.getMessage());
    assertTrue(driver.launches.isEmpty());
  }

  @Test
  void loadPtx_missingEntryIsNamed() {
    PtxModule m = device.loadPtx(RAW);
    driver.failNext("cuModuleGetFunction", 500);
    var e = assertThrows(IllegalArgumentException.class, () -> m.launch("q", Launch.grid1d(1, 1)));
    assertEquals("the module has no entry q", e.getMessage());
  }

  @Test
  void close_closesOpenStreams() {
    device.newStream();
    device.close();
    assertTrue(driver.calls.contains("cuStreamDestroy"));
    assertTrue(driver.liveHandles.isEmpty(), driver.liveHandles.toString());
  }
}
