package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.pipeliner.MachinePipeliner;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the pipeliner did to the fuzz kernels, from its remarks: a fuzz run with the pipeliner
 * forced only tests it if the generated loops are pipelined, so the run counts them. Every loop the
 * pass saw gets one remark: "Pipelined succesfully!" [sic] (PASSED), a MISSED {@code schedule}
 * remark for a candidate it did not rewrite, a MISSED {@code canPipelineLoop} remark for a loop
 * that is no candidate. Remarks are counted as the build reports them, so two loops of one kernel
 * with the same line and text count once.
 */
final class PipelinerTally {
  private int pipelined;
  private int candidates;
  private int loops;
  private final Map<String, Integer> missed = new TreeMap<>();

  /** Counts the pipeliner's remarks among one build's. */
  synchronized void add(List<ReportedRemark> remarks) {
    for (ReportedRemark rr : remarks) {
      Remark r = rr.remark();
      if (!r.pass().equals(MachinePipeliner.REMARKS)) {
        continue;
      }
      loops++;
      if (r.kind() == Remark.Kind.PASSED) {
        pipelined++;
        candidates++;
        continue;
      }
      candidates += r.name().equals("schedule") ? 1 : 0;
      // the figures in a remark (MII, stages) would make each one a reason of its own
      missed.merge(r.message().replaceAll("[0-9]+", "#"), 1, Integer::sum);
    }
  }

  /** Loops rewritten. */
  synchronized int pipelined() {
    return pipelined;
  }

  /**
   * One line: the loops pipelined, the candidates and all loops seen, then why the others were not,
   * most frequent first.
   */
  synchronized String summary() {
    StringBuilder sb =
        new StringBuilder(
            String.format(
                "%d loops pipelined, of %d candidates and %d loops seen",
                pipelined, candidates, loops));
    missed.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .forEach(e -> sb.append("; ").append(e.getValue()).append(" x ").append(e.getKey()));
    return sb.toString();
  }
}
