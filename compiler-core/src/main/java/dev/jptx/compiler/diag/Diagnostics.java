package dev.jptx.compiler.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects every problem of a compilation, so that a build reports them all at once instead of
 * stopping at the first. Not thread-safe: one per compilation task.
 */
public final class Diagnostics {
  private final List<Diagnostic> list = new ArrayList<>();

  /** Records a problem. */
  public void error(Diagnostic d) {
    list.add(d);
  }

  /** True if any problem was recorded. */
  public boolean hasErrors() {
    return !list.isEmpty();
  }

  /** The problems in the order found. */
  public List<Diagnostic> all() {
    return Collections.unmodifiableList(list);
  }

  /** Adds all problems of another collector. */
  public void addAll(Diagnostics other) {
    list.addAll(other.list);
  }
}
