package dev.jptx.compiler.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RemarkFamiliesTest {
  private static Remark of(String family) {
    return new Remark(family, Remark.Kind.MISSED, "n", "p/K.java", 3, "p.K.k", "text");
  }

  @Test
  void parse_commaSeparatedAndRepeated_enablesExactlyThose() {
    RemarkFamilies f = RemarkFamilies.parse(List.of(" pipeliner ,", ""));
    assertTrue(f.enables(of("pipeliner")));
    assertFalse(f.enables(of("outliner")));
    assertEquals("pipeliner", f.toString());
  }

  @Test
  void parse_all_enablesEveryFamily() {
    RemarkFamilies f = RemarkFamilies.parse(List.of("all"));
    assertEquals(List.of("outliner", "pipeliner"), List.copyOf(f.families()));
    assertTrue(f.enables(of("outliner")));
  }

  @Test
  void parse_nothing_isNone() {
    assertTrue(RemarkFamilies.parse(List.of()).isEmpty());
    assertEquals(RemarkFamilies.NONE, RemarkFamilies.parse(List.of(",")));
  }

  @Test
  void parse_unknownName_listsTheValidOnes() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RemarkFamilies.parse(List.of("pipeliner,inline")));
    assertEquals("unknown remark family 'inline'; valid: pipeliner, outliner, all", e.getMessage());
  }

  @Test
  void format_seedTextAfterFileLineAndKernel() {
    Remark r =
        new Remark(
            "pipeliner",
            Remark.Kind.PASSED,
            "schedule",
            "dev/ex/Loops.java",
            12,
            "dev.ex.Loops.dot",
            "Pipelined succesfully!");
    assertEquals(
        "dev/ex/Loops.java:12: remark: kernel dev.ex.Loops.dot: Pipelined succesfully!",
        new ReportedRemark(r, List.of()).format());
    assertEquals(
        "src/main/java/dev/ex/Loops.java:12: remark: kernel dev.ex.Loops.dot:"
            + " Pipelined succesfully! [sm_90]",
        new ReportedRemark(r, List.of("sm_90")).formatWithPath("src/main/java/dev/ex/Loops.java"));
  }
}
