package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Driver errors become API exceptions naming the kernel, the device and the cause. */
class CudaErrorsTest {
  @TempDir Path root;
  private final FakeCudaDriver driver = new FakeCudaDriver();
  private CudaDevice device;

  @BeforeEach
  void open() {
    device = CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
  }

  private void launchScale(Launch launch, float[] y) {
    device.launch(launch, CudaTestKernels::scale, y.length, 1f, new float[y.length], y);
  }

  @Test
  void launch_outOfResourcesSaysRegistersTimesBlockAgainstTheLimit() {
    driver.functionAttributes.put(CudaDriver.FUNCTION_NUM_REGS, 72);
    driver.functionAttributes.put(CudaDriver.FUNCTION_MAX_THREADS_PER_BLOCK, 896);
    driver.functionAttributes.put(CudaDriver.FUNCTION_SHARED_SIZE_BYTES, 0);
    driver.failNext("cuLaunchKernel", CudaError.LAUNCH_OUT_OF_RESOURCES);
    var e =
        assertThrows(
            KernelException.class, () -> launchScale(Launch.grid1d(1024, 1024), new float[4]));
    assertEquals(
        "kernel CudaTestKernels.scale: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES launching blocks of 1024"
            + " threads on CUDA device 0 (Fake GPU): 72 registers per thread x 1024 threads per"
            + " block = 73728 registers, more than the limit of 65536 registers per block; the"
            + " kernel runs at most 896 threads per block (use smaller blocks, or bound the kernel"
            + " with @Kernel(maxThreadsPerBlock) or maxRegisters)",
        e.getMessage());
    assertTrue(e.getCause() instanceof CudaError);
    assertTrue(driver.memory.isEmpty(), "the arguments' memory is freed");
    assertEquals(2, driver.liveHandles.size(), "only context and module, no event left");
  }

  @Test
  void launch_outOfResourcesWithinTheRegisterLimitNamesSharedMemory() {
    driver.functionAttributes.put(CudaDriver.FUNCTION_NUM_REGS, 32);
    driver.functionAttributes.put(CudaDriver.FUNCTION_MAX_THREADS_PER_BLOCK, 1024);
    driver.functionAttributes.put(CudaDriver.FUNCTION_SHARED_SIZE_BYTES, 4096);
    driver.failNext("cuLaunchKernel", CudaError.LAUNCH_OUT_OF_RESOURCES);
    Launch launch = Launch.of(Dim3.of(1), Dim3.of(16, 16)).sharedMemoryBytes(65536);
    var e = assertThrows(KernelException.class, () -> launchScale(launch, new float[1]));
    assertTrue(
        e.getMessage()
            .endsWith(
                ": 32 registers per thread x 256 threads per block = 8192 registers, within the"
                    + " limit of 65536 registers per block; the block also asks for 4096 bytes"
                    + " of static and 65536 bytes of dynamic shared memory"),
        e.getMessage());
  }

  @Test
  void launch_otherRefusalNamesTheKernelAndResult() {
    driver.failNext("cuLaunchKernel", 1);
    var e =
        assertThrows(KernelException.class, () -> launchScale(Launch.grid1d(1, 1), new float[1]));
    assertEquals(
        "kernel CudaTestKernels.scale: CUDA_ERROR_INVALID_VALUE launching blocks of 1 threads on"
            + " CUDA device 0 (Fake GPU) (cuLaunchKernel)",
        e.getMessage());
  }

  @Test
  void launch_failedSharedMemoryOptInNamesTheKernelAndCall() {
    driver.failNext("cuFuncSetAttribute", 1);
    Launch launch = Launch.grid1d(1, 1).sharedMemoryBytes(100_000);
    var e = assertThrows(KernelException.class, () -> launchScale(launch, new float[1]));
    assertEquals(
        "kernel CudaTestKernels.scale: CUDA_ERROR_INVALID_VALUE launching blocks of 1 threads on"
            + " CUDA device 0 (Fake GPU) (cuFuncSetAttribute)",
        e.getMessage());
    assertTrue(driver.memory.isEmpty());
  }

  @Test
  void deviceArray_failedAsyncCopyFreesItsStagingMemory() {
    var d = device.allocate(int.class, 2);
    var s = device.newStream();
    driver.failNext("cuMemcpyHtoDAsync", 1);
    var e = assertThrows(IllegalStateException.class, () -> d.copyFromAsync(new int[2], s));
    assertTrue(
        e.getMessage().endsWith("on CUDA device 0 (Fake GPU) failed: CUDA_ERROR_INVALID_VALUE"),
        e.getMessage());
    assertTrue(driver.pinned.isEmpty());
  }

  @Test
  void launch_faultWhileRunningNamesTheKernelAndLeavesArraysUntouched() {
    driver.kernelBody = l -> driver.putFloats(l.param(4).getLong(), 42f);
    driver.failNext("cuEventSynchronize", CudaError.ILLEGAL_ADDRESS);
    float[] y = {7};
    var e = assertThrows(KernelException.class, () -> launchScale(Launch.grid1d(1, 1), y));
    assertEquals(
        "kernel CudaTestKernels.scale failed on CUDA device 0 (Fake GPU):"
            + " CUDA_ERROR_ILLEGAL_ADDRESS (a memory access out of bounds or misaligned; the CUDA"
            + " context is unusable from now on; Device.simulator() runs the same module and"
            + " names the PTX line and thread of a bad access)",
        e.getMessage());
    assertArrayEquals(new float[] {7}, y, "no copy back from a failed launch");
    assertTrue(driver.memory.isEmpty());
  }

  @Test
  void launch_stickyFaultStaysTheKernelsErrorAndLeavesADeviceThatSaysSo() {
    // on a GPU a fault fails every later call of the context: the clean-up of the launch (freeing
    // its arrays, destroying its events) must not replace the kernel's error with its own
    DeviceArray made = device.allocate(float.class, 4);
    PtxModule raw = device.loadPtx(TestModules.text("sm_75"));
    driver.faultAt("cuEventSynchronize", CudaError.ILLEGAL_ADDRESS);
    var e =
        assertThrows(KernelException.class, () -> launchScale(Launch.grid1d(1, 1), new float[1]));
    assertTrue(
        e.getMessage()
            .startsWith(
                "kernel CudaTestKernels.scale failed on CUDA device 0 (Fake GPU):"
                    + " CUDA_ERROR_ILLEGAL_ADDRESS (a memory access out of bounds"),
        e.getMessage());
    var later =
        assertThrows(
            IllegalStateException.class, () -> launchScale(Launch.grid1d(1, 1), new float[1]));
    assertEquals(
        "CUDA device 0 (Fake GPU) is unusable: kernel CudaTestKernels.scale failed with"
            + " CUDA_ERROR_ILLEGAL_ADDRESS, and a CUDA context runs nothing after a fault; a new"
            + " process can use the GPU again",
        later.getMessage());
    assertThrows(IllegalStateException.class, () -> device.allocate(float.class, 1));
    made.close();
    raw.close();
    device.close();
    assertTrue(driver.calls.contains("cuCtxDestroy"), "the context is destroyed all the same");
  }

  @Test
  void allocate_outOfMemoryNamesTheArray() {
    driver.failNext("cuMemAlloc", CudaError.OUT_OF_MEMORY);
    var e = assertThrows(IllegalStateException.class, () -> device.allocate(double.class, 1000));
    assertEquals(
        "allocating a DeviceArray of double[1000] (8000 bytes) on CUDA device 0 (Fake GPU)"
            + " failed: out of device memory",
        e.getMessage());
  }

  @Test
  void launch_argumentCopyFailureNamesTheKernel() {
    driver.failNext("cuMemAlloc", CudaError.OUT_OF_MEMORY);
    var e =
        assertThrows(
            IllegalStateException.class, () -> launchScale(Launch.grid1d(1, 1), new float[1]));
    assertEquals(
        "copying the arguments of kernel CudaTestKernels.scale to the device on CUDA device 0"
            + " (Fake GPU) failed: out of device memory",
        e.getMessage());
    assertTrue(driver.memory.isEmpty(), "x's allocation failed, nothing else was made");
  }
}
