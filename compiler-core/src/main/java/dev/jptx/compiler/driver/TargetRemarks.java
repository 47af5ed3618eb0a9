package dev.jptx.compiler.driver;

import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One class's remarks across its targets: the module stages' remarks (which every target shares),
 * then each target's in the order it reported them, a remark every target reported once and
 * unadorned, one only some reported with their names. The order is the first target's, then what
 * later targets added, so that a build prints the same lines every time.
 */
final class TargetRemarks {
  private TargetRemarks() {}

  /**
   * Merges {@code shared} (reported before the targets split) and {@code perTarget} (in build
   * order).
   */
  static List<ReportedRemark> merge(Remarks shared, Map<SmTarget, Remarks> perTarget) {
    List<ReportedRemark> out = new ArrayList<>();
    for (Remark r : shared.all()) {
      out.add(new ReportedRemark(r, List.of()));
    }
    Map<Remark, List<String>> byRemark = new LinkedHashMap<>();
    for (Map.Entry<SmTarget, Remarks> e : perTarget.entrySet()) {
      for (Remark r : e.getValue().all()) {
        List<String> targets = byRemark.computeIfAbsent(r, k -> new ArrayList<>());
        // a pass that reports one remark twice for a target prints it once
        if (!targets.contains(e.getKey().name())) {
          targets.add(e.getKey().name());
        }
      }
    }
    byRemark.forEach(
        (r, targets) ->
            out.add(
                new ReportedRemark(r, targets.size() == perTarget.size() ? List.of() : targets)));
    return out;
  }
}
