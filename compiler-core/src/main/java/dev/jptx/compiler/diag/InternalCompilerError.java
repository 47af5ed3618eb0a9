package dev.jptx.compiler.diag;

/**
 * A bug in the compiler itself, not in the user's code: reported as an internal error naming the
 * kernel and the pass, with the stack trace only on request.
 */
public final class InternalCompilerError extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String kernel;
  private final String pass;

  /** An internal error while {@code pass} ran on {@code kernel}. */
  public InternalCompilerError(String kernel, String pass, Throwable cause) {
    super(
        "internal compiler error in pass '" + pass + "' while compiling " + kernel + ": " + cause,
        cause);
    this.kernel = kernel;
    this.pass = pass;
  }

  /** The kernel or module being compiled. */
  public String kernel() {
    return kernel;
  }

  /** The pass that failed. */
  public String pass() {
    return pass;
  }
}
