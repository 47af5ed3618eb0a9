package dev.jptx.runtime;

/**
 * A launch that failed while running: for example an exception thrown by one GPU thread on the
 * {@code jvm} device, a deadlock among its threads, or a fault on a GPU; on the {@code cuda} device
 * also a module the driver refused (with the JIT compiler's log) or a launch it could not start
 * (with the registers and block size when resources ran out). The message names the kernel, and the
 * thread and block where that is known; the cause is the original exception.
 */
public final class KernelException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A failure.
   *
   * @param message what failed, and where
   * @param cause the original exception, or null
   */
  public KernelException(String message, Throwable cause) {
    super(message, cause);
  }
}
