package dev.jptx.runtime;

/**
 * No usable device: no CUDA driver library, no CUDA device, or a driver too old; the message says
 * which. Thrown by {@link Device#open()} instead of letting a missing driver crash the JVM.
 */
public final class NoDeviceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A failure with its reason.
   *
   * @param message what is missing
   */
  public NoDeviceException(String message) {
    super(message);
  }

  /**
   * A failure with its reason and the error that revealed it.
   *
   * @param message what is missing
   * @param cause for example the {@link UnsatisfiedLinkError} of loading the driver
   */
  public NoDeviceException(String message, Throwable cause) {
    super(message, cause);
  }
}
