package dev.jptx.compiler.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * The remarks of one compilation, in the order the passes reported them. Passes report every
 * remark; which of them reach the user is the {@code remarks} option's business.
 */
public final class Remarks {
  private final List<Remark> remarks = new ArrayList<>();

  /** Records a remark. */
  public synchronized void report(Remark r) {
    remarks.add(r);
  }

  /** Every remark so far. */
  public synchronized List<Remark> all() {
    return List.copyOf(remarks);
  }
}
