package dev.jptx.runtime.sim.exec;

/**
 * The launch was stopped from outside: its timeout passed, or the launching thread was interrupted.
 * Thrown from the execution loop, so that the message says where the threads were.
 */
public final class LaunchStopped extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param reason what stopped it, as the end of "kernel k ..."
   */
  LaunchStopped(String reason) {
    super(reason);
  }

  LaunchStopped(String message, LaunchStopped cause) {
    super(message, cause);
  }

  /** What stopped the launch, without the place. */
  public String reason() {
    Throwable c = this;
    while (c.getCause() instanceof LaunchStopped s) {
      c = s;
    }
    return c.getMessage();
  }
}
