package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetRemarksTest {
  private static Remark at(int line, String text) {
    return new Remark("pipeliner", Remark.Kind.PASSED, "schedule", "p/K.java", line, "p.K.k", text);
  }

  private static Remarks of(Remark... rs) {
    Remarks out = new Remarks();
    for (Remark r : rs) {
      out.report(r);
    }
    return out;
  }

  @Test
  void merge_everyTargetOnceUnadorned_someTargetsNamed_inFirstReportedOrder() {
    Map<SmTarget, Remarks> perTarget = new LinkedHashMap<>();
    perTarget.put(SmTargets.get("sm_75"), of(at(5, "a"), at(9, "only75"), at(5, "a")));
    perTarget.put(SmTargets.get("sm_90"), of(at(7, "only90"), at(5, "a")));
    List<String> lines =
        TargetRemarks.merge(of(at(1, "shared")), perTarget).stream()
            .map(ReportedRemark::format)
            .toList();
    assertEquals(
        List.of(
            "p/K.java:1: remark: kernel p.K.k: shared",
            "p/K.java:5: remark: kernel p.K.k: a",
            "p/K.java:9: remark: kernel p.K.k: only75 [sm_75]",
            "p/K.java:7: remark: kernel p.K.k: only90 [sm_90]"),
        lines);
  }

  @Test
  void merge_oneTarget_neverNamesIt() {
    Map<SmTarget, Remarks> perTarget = Map.of(SmTargets.get("sm_90"), of(at(5, "a")));
    assertEquals(
        List.of(new ReportedRemark(at(5, "a"), List.of())),
        TargetRemarks.merge(new Remarks(), perTarget));
  }
}
