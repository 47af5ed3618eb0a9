package dev.jptx.compiler.diag;

import java.util.List;

/** A compilation stopped by problems in the user's code; carries every diagnostic. */
public final class CompilationFailedException extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient List<Diagnostic> diagnostics;

  /** A failure with the given problems (at least one). */
  public CompilationFailedException(List<Diagnostic> diagnostics) {
    super(diagnostics.isEmpty() ? "compilation failed" : diagnostics.get(0).format());
    this.diagnostics = List.copyOf(diagnostics);
  }

  /** Every problem found. */
  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }
}
