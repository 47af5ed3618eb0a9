package dev.jptx.runtime.cuda;

import dev.jptx.runtime.KernelException;

/**
 * Turns driver errors into the API's exceptions, each naming the kernel and the device and saying
 * what to do: a module the driver cannot load carries the JIT compiler's log, a launch that asks
 * for more registers than a block has says registers per thread × threads per block against the
 * limit, and a fault while running points to the simulator, which names the PTX line.
 */
final class CudaErrors {
  /**
   * What a launch that ran out of resources used: from the function's attributes and the device.
   *
   * @param registersPerThread {@code CU_FUNC_ATTRIBUTE_NUM_REGS}
   * @param maxThreadsPerBlock {@code CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK}: what the function
   *     can run given its registers
   * @param registersPerBlock the device's {@code MAX_REGISTERS_PER_BLOCK}
   * @param staticSharedBytes {@code CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES}
   */
  record Resources(
      int registersPerThread,
      int maxThreadsPerBlock,
      int registersPerBlock,
      int staticSharedBytes) {}

  private CudaErrors() {}

  /** A module the driver refused: the resource, the error and the JIT log. */
  static KernelException moduleFailed(String kernel, String resource, String device, CudaError e) {
    String advice;
    switch (e.code()) {
      case CudaError.UNSUPPORTED_PTX_VERSION:
        advice =
            ": the module's PTX ISA version is newer than this driver supports; update the NVIDIA"
                + " driver";
        break;
      case CudaError.NO_BINARY_FOR_GPU:
        advice = ": the module's target is newer than the device";
        break;
      default:
        advice = "";
    }
    return new KernelException(
        "kernel "
            + kernel
            + ": "
            + device
            + " cannot load "
            + resource
            + " ("
            + e.call()
            + " failed with "
            + CudaError.name(e.code())
            + advice
            + ")"
            + (e.log().isEmpty() ? "" : "; JIT compiler log: " + e.log().strip()),
        e);
  }

  /** A launch the driver refused ({@code cuLaunchKernel} failed). */
  static KernelException launchFailed(
      String kernel,
      String device,
      long blockThreads,
      int dynamicShared,
      Resources r,
      CudaError e) {
    String prefix =
        "kernel "
            + kernel
            + ": "
            + CudaError.name(e.code())
            + " launching blocks of "
            + blockThreads
            + " threads on "
            + device;
    if (e.code() != CudaError.LAUNCH_OUT_OF_RESOURCES || r == null) {
      return new KernelException(prefix + " (" + e.call() + ")", e);
    }
    long needed = (long) r.registersPerThread() * blockThreads;
    String registers =
        r.registersPerThread()
            + " registers per thread x "
            + blockThreads
            + " threads per block = "
            + needed
            + " registers";
    if (needed > r.registersPerBlock()) {
      return new KernelException(
          prefix
              + ": "
              + registers
              + ", more than the limit of "
              + r.registersPerBlock()
              + " registers per block; the kernel runs at most "
              + r.maxThreadsPerBlock()
              + " threads per block (use smaller blocks, or bound the kernel with"
              + " @Kernel(maxThreadsPerBlock) or maxRegisters)",
          e);
    }
    return new KernelException(
        prefix
            + ": "
            + registers
            + ", within the limit of "
            + r.registersPerBlock()
            + " registers per block; the block also asks for "
            + r.staticSharedBytes()
            + " bytes of static and "
            + dynamicShared
            + " bytes of dynamic shared memory",
        e);
  }

  /** A kernel that faulted while running, reported at the next synchronisation. */
  static KernelException executionFailed(String kernels, String device, CudaError e) {
    String what;
    switch (e.code()) {
      case CudaError.ILLEGAL_ADDRESS:
      case CudaError.MISALIGNED_ADDRESS:
        what = "a memory access out of bounds or misaligned";
        break;
      default:
        what = "the kernel failed";
    }
    return new KernelException(
        "kernel "
            + kernels
            + " failed on "
            + device
            + ": "
            + CudaError.name(e.code())
            + " ("
            + what
            + "; the CUDA context is unusable from now on; Device.simulator() runs the same"
            + " module and names the PTX line and thread of a bad access)",
        e);
  }

  /** A failed allocation or copy outside a launch. */
  static IllegalStateException memoryFailed(String what, String device, CudaError e) {
    String reason =
        e.code() == CudaError.OUT_OF_MEMORY ? "out of device memory" : CudaError.name(e.code());
    return new IllegalStateException(what + " on " + device + " failed: " + reason, e);
  }
}
