package dev.jptx.compiler.diag;

/**
 * An optimization remark, as clang's {@code -Rpass}: what a pass did or could not do to a kernel,
 * printed as {@code path/File.java:line: remark: kernel K: text} when the user asks for the pass's
 * remarks (the compiler option {@code remarks}).
 *
 * @param pass the pass family that reports it, as the {@code remarks} option names it ({@code
 *     pipeliner}, {@code outliner})
 * @param kind passed, missed or analysis, as LLVM's remark kinds
 * @param name the seed's diagnostic name ({@code schedule}, {@code OutliningBenefit})
 * @param sourceFile the Java source path of the kernel, or ""
 * @param line the 1-based line, or 0 if unknown
 * @param kernel the Java name of the function, {@code dev.example.Saxpy.saxpy}
 * @param message the seed's text
 */
public record Remark(
    String pass,
    Kind kind,
    String name,
    String sourceFile,
    int line,
    String kernel,
    String message) {
  /** LLVM's remark kinds. */
  public enum Kind {
    PASSED,
    MISSED,
    ANALYSIS
  }

  /** The javac-style line. */
  public String format() {
    return formatWithPath(sourceFile);
  }

  /** The javac-style line, with the source path replaced (the plugin shows it under its root). */
  public String formatWithPath(String path) {
    StringBuilder sb = new StringBuilder(path == null || path.isEmpty() ? "<unknown>" : path);
    if (line > 0) {
      sb.append(':').append(line);
    }
    sb.append(": remark: ");
    if (!kernel.isEmpty()) {
      sb.append("kernel ").append(kernel).append(": ");
    }
    return sb.append(message).toString();
  }

  @Override
  public String toString() {
    return format();
  }
}
