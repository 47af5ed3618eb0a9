package dev.jptx.runtime.jvm;

/**
 * Unwinds a GPU thread whose launch has failed elsewhere. Not a failure itself: the first failure
 * is already recorded, so this carries no stack trace and is never reported.
 */
final class LaunchAborted extends RuntimeException {
  private static final long serialVersionUID = 1L;

  static final LaunchAborted INSTANCE = new LaunchAborted();

  private LaunchAborted() {
    super("launch aborted", null, false, false);
  }
}
