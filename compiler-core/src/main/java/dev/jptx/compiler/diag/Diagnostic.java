package dev.jptx.compiler.diag;

/**
 * One problem in a user's kernel, printed in javac's format so that IDEs and CI annotate the line:
 *
 * <pre>
 * dev/example/Saxpy.java:14: error: kernel dev.example.Saxpy.saxpy: object allocation ...
 * </pre>
 *
 * Without a line number (class files compiled without debug info) the bytecode offset stands in its
 * place: {@code dev/example/Saxpy.java: error: kernel dev.example.Saxpy.saxpy (bytecode offset 12):
 * ...}.
 *
 * @param sourceFile the source path: package-relative, or under a source root when known
 * @param line the 1-based line, or 0 if unknown
 * @param bytecodeOffset the instruction's offset in the method's code, or -1 if unknown
 * @param kernel the kernel being compiled, {@code dev.example.Saxpy.saxpy}, or "" for class-level
 * @param message what is wrong, naming the construct
 */
public record Diagnostic(
    String sourceFile, int line, int bytecodeOffset, String kernel, String message) {

  /** The javac-style line. */
  public String format() {
    return formatWithPath(sourceFile);
  }

  /** The javac-style line, with the source path replaced (for example by its source root path). */
  public String formatWithPath(String path) {
    StringBuilder sb = new StringBuilder(path);
    if (line > 0) {
      sb.append(':').append(line);
    }
    sb.append(": error: ");
    if (!kernel.isEmpty()) {
      sb.append("kernel ").append(kernel);
      if (line <= 0 && bytecodeOffset >= 0) {
        sb.append(" (bytecode offset ").append(bytecodeOffset).append(')');
      }
      sb.append(": ");
    }
    return sb.append(message).toString();
  }

  @Override
  public String toString() {
    return format();
  }
}
