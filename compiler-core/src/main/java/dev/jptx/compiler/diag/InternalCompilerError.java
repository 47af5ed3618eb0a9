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
    this(
        kernel,
        pass,
        "internal compiler error in pass '" + pass + "' while compiling " + kernel + ": " + cause,
        cause);
  }

  private InternalCompilerError(String kernel, String pass, String message, Throwable cause) {
    super(message, cause);
    this.kernel = kernel;
    this.pass = pass;
  }

  /**
   * The Java heap ran out while {@code pass} ran on {@code kernel}: not a bug, but reported the
   * same way (exit code 3, no stack trace), saying which kernel and which option to raise.
   */
  public static InternalCompilerError outOfMemory(String kernel, String pass, OutOfMemoryError e) {
    return new InternalCompilerError(
        kernel,
        pass,
        "out of memory in pass '"
            + pass
            + "' while compiling "
            + kernel
            + " ("
            + e.getMessage()
            + "): "
            + HEAP_HINT,
        e);
  }

  /** Which option gives the compiler more memory, where. */
  public static final String HEAP_HINT =
      "give the compiler a larger Java heap with -Xmx (the CLI: java -Xmx4g -jar jptx.jar ...;"
          + " Maven: MAVEN_OPTS=-Xmx4g)";

  /** The kernel or module being compiled. */
  public String kernel() {
    return kernel;
  }

  /** The pass that failed. */
  public String pass() {
    return pass;
  }
}
