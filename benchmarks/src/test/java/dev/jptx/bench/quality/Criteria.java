package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.List;

/**
 * The goals for one mode: per kernel, registers at most nvcc's + 2 and no spills where nvcc has
 * none (issue #7), dynamic instructions at most 1.25 of nvcc's; over the suite, geometric means of
 * the sassNP and dynamic-instruction ratios at most 1.00 (issue #22; issue #7 asked for 1.15).
 */
final class Criteria {
  /** The registers a kernel may use beyond nvcc's. */
  static final int REGISTER_SLACK = 2;

  /** The largest geometric-mean ratio jptx/nvcc allowed. */
  static final double GEOMEAN_LIMIT = 1.00;

  /** The largest dynamic-instruction ratio jptx/nvcc allowed for one kernel. */
  static final double KERNEL_DYNAMIC_LIMIT = 1.25;

  private Criteria() {}

  /** The kernels using more than nvcc's registers + 2, as {@code name (ours vs theirs)}. */
  static List<String> registerBreaches(PtxComparison ptx) {
    List<String> breaches = new ArrayList<>();
    for (PtxComparison.Row r : ptx.rows()) {
      if (r.ours("regs") > r.theirs("regs") + REGISTER_SLACK) {
        breaches.add(r.kernel() + " (" + r.ours("regs") + " vs " + r.theirs("regs") + ")");
      }
    }
    return breaches;
  }

  /** The kernels that spill where nvcc does not, as {@code name (stores/loads bytes)}. */
  static List<String> spillBreaches(PtxComparison ptx) {
    List<String> breaches = new ArrayList<>();
    for (PtxComparison.Row r : ptx.rows()) {
      long ours = r.ours("spillSt") + r.ours("spillLd");
      long theirs = r.theirs("spillSt") + r.theirs("spillLd");
      if (ours > 0 && theirs == 0) {
        breaches.add(r.kernel() + " (" + r.ours("spillSt") + "/" + r.ours("spillLd") + " B st/ld)");
      }
    }
    return breaches;
  }

  /** The kernels executing more than 1.25 of nvcc's instructions, as {@code name (ratio)}. */
  static List<String> dynamicBreaches(DynamicComparison dynamic) {
    List<String> breaches = new ArrayList<>();
    for (DynamicComparison.Row r : dynamic.rows()) {
      if (r.ratio() > KERNEL_DYNAMIC_LIMIT) {
        breaches.add(r.kernel() + " (" + Ratios.format(r.ratio()) + ")");
      }
    }
    return breaches;
  }

  /** Whether a geometric mean meets the goal. */
  static boolean meets(double geomean) {
    return geomean <= GEOMEAN_LIMIT;
  }
}
