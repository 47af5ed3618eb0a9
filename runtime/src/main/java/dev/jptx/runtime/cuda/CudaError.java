package dev.jptx.runtime.cuda;

import jcuda.driver.CUresult;

/**
 * A driver call that returned an error: the call, the {@code CUresult} and, for module loading, the
 * JIT compiler's log. The {@code cuda} device translates it into an API exception naming the kernel
 * ({@link CudaErrors}); users never see it except as a cause.
 */
public final class CudaError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** {@code CUDA_ERROR_OUT_OF_MEMORY}. */
  public static final int OUT_OF_MEMORY = 2;

  /** {@code CUDA_ERROR_NO_BINARY_FOR_GPU}. */
  public static final int NO_BINARY_FOR_GPU = 209;

  /** {@code CUDA_ERROR_INVALID_PTX}. */
  public static final int INVALID_PTX = 218;

  /** {@code CUDA_ERROR_UNSUPPORTED_PTX_VERSION}: the PTX ISA is newer than the driver. */
  public static final int UNSUPPORTED_PTX_VERSION = 222;

  /** {@code CUDA_ERROR_ILLEGAL_ADDRESS}. */
  public static final int ILLEGAL_ADDRESS = 700;

  /** {@code CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES}. */
  public static final int LAUNCH_OUT_OF_RESOURCES = 701;

  /** {@code CUDA_ERROR_MISALIGNED_ADDRESS}. */
  public static final int MISALIGNED_ADDRESS = 716;

  private final String call;
  private final int code;
  private final String log;

  /**
   * A failed call.
   *
   * @param call the driver function, e.g. {@code cuLaunchKernel}
   * @param code its result
   * @param log the JIT compiler's log, or empty
   */
  public CudaError(String call, int code, String log) {
    super(call + " failed with " + name(code) + (log.isEmpty() ? "" : ": " + log));
    this.call = call;
    this.code = code;
    this.log = log;
  }

  /**
   * A failed call without a log.
   *
   * @param call the driver function
   * @param code its result
   */
  public CudaError(String call, int code) {
    this(call, code, "");
  }

  /**
   * The driver function that failed.
   *
   * @return e.g. {@code cuLaunchKernel}
   */
  public String call() {
    return call;
  }

  /**
   * The result code.
   *
   * @return a {@code CUresult} value
   */
  public int code() {
    return code;
  }

  /**
   * The JIT compiler's error log of a failed module load.
   *
   * @return the log, or empty
   */
  public String log() {
    return log;
  }

  /**
   * The symbolic name of a result code.
   *
   * @param code a {@code CUresult} value
   * @return e.g. {@code CUDA_ERROR_ILLEGAL_ADDRESS}
   */
  public static String name(int code) {
    // CUresult is a table of constants: naming a code loads no native library
    return CUresult.stringFor(code);
  }
}
