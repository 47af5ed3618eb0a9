package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.outliner.MachineOutliner;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One test per knob of the machine outliner ({@link OutlinerKnobs}), each showing the change its
 * help promises, on allocated machine IR written here: sequences repeated between barriers (which
 * are never outlined, so each repeat stands alone), whose lengths, inputs and registers live across
 * them are chosen so that the cost model's arithmetic decides (see each test).
 */
class OutlinerKnobsTest {
  /** What one run printed and reported. */
  private record Run(String mir, List<Remark> remarks) {
    /** How many calls of {@code function} the module holds. */
    int calls(String function) {
      Matcher m = Pattern.compile("CALL @" + function + "\\b").matcher(mir);
      int n = 0;
      while (m.find()) {
        n++;
      }
      return n;
    }

    boolean defines(String function) {
      return mir.contains("func @" + function + "(");
    }
  }

  private static Run run(String mir, String... knobs) {
    List<MachineFunction> fs = MirParser.parse(mir);
    Remarks remarks = new Remarks();
    List<MachineFunction> out =
        new MachineOutliner(OutlinerKnobs.options(Knobs.parse(List.of(knobs))), remarks)
            .run(fs, Set.of());
    StringBuilder sb = new StringBuilder();
    out.forEach(f -> sb.append(MirPrinter.print(f)));
    return new Run(sb.toString(), remarks.all());
  }

  /**
   * A kernel of {@code copies} repeats of a sequence between barriers, each {@code length} b32
   * operations on the parameter %1 ending in a store through %0, after {@code across} values that
   * are read only after the last repeat (live across every call).
   */
  private static String repeats(int copies, int length, int across) {
    StringBuilder sb = new StringBuilder();
    sb.append("entry @k(.u64 k_param_0, .s32 k_param_1) allocated {\nbb0:\n");
    sb.append("  %0:b64 = LD_PARAM_U64 @k_param_0, 0\n");
    sb.append("  %1:b32 = LD_PARAM_U32 @k_param_1, 0\n");
    for (int a = 0; a < across; a++) {
      sb.append("  %" + (100 + a) + ":b32 = MOV_U32_SREG %tid.x\n");
    }
    for (int c = 0; c < copies; c++) {
      sb.append("  BAR_SYNC\n");
      int r = 10 + c;
      sb.append(chain(r, "%1", length - 1, "MUL_LO_S32", "ADD_S32"));
      sb.append("  ST_GLOBAL_U32 %0, 0, %" + r + "\n");
    }
    sb.append("  BAR_SYNC\n");
    for (int a = 0; a < across; a++) {
      sb.append("  ST_GLOBAL_U32 %0, " + 4 * a + ", %" + (100 + a) + "\n");
    }
    return sb.append("  RET\n}\n").toString();
  }

  /** {@code length} operations into %r from {@code from}, alternating two opcodes. */
  private static String chain(int r, String from, int length, String op1, String op2) {
    StringBuilder sb = new StringBuilder();
    sb.append("  %" + r + ":b32 = " + op1 + " " + from + ", 3\n");
    for (int k = 1; k < length; k++) {
      sb.append("  %" + r + " = " + (k % 2 == 0 ? op1 : op2) + " %" + r + ", " + (k + 5) + "\n");
    }
    return sb.toString();
  }

  @Test
  void enableMachineOutliner_choosesWhetherAndHowDearACallIs() {
    // 4 repeats of 16 instructions (a store last), 2 inputs (%0 and %1), no result; each call
    // costs 2 + 1 + 4 (the overhead): 4 * 7 + (16 + 2 + 1) = 47 < 64. At worst each call also
    // saves and restores what is live across it: %0 and %1 but after the last, and here 6 more
    // values: 3 * (7 + 4 + 12) + (7 + 12) + 19 = 107
    String mir = repeats(4, 16, 6);
    assertEquals(0, run(mir, "enable-machine-outliner=disable").calls("OUTLINED_FUNCTION_0"));
    assertEquals(0, run(mir).calls("OUTLINED_FUNCTION_0")); // the default: disable
    Run enabled = run(mir, "enable-machine-outliner=enable");
    assertEquals(4, enabled.calls("OUTLINED_FUNCTION_0"), enabled.mir());
    assertEquals(
        0, run(mir, "enable-machine-outliner=guaranteed-beneficial").calls("OUTLINED_FUNCTION_0"));
    // without the 6: 3 * (7 + 4) + 7 + 19 = 59 < 64
    assertEquals(
        4,
        run(repeats(4, 16, 0), "enable-machine-outliner=guaranteed-beneficial")
            .calls("OUTLINED_FUNCTION_0"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Knobs.parse(List.of("enable-machine-outliner=always")));
    assertTrue(e.getMessage().contains("disable, enable, guaranteed-beneficial"), e.getMessage());
  }

  @Test
  void outlinerBenefitThreshold_isTheFewestInstructionsSaved() {
    // 4 repeats of 15: saves 60 - (4 * 7 + 18) = 14 PTX instructions
    String mir = repeats(4, 15, 0);
    Run at14 = run(mir, "enable-machine-outliner=enable", "outliner-benefit-threshold=14");
    assertEquals(4, at14.calls("OUTLINED_FUNCTION_0"));
    assertTrue(at14.remarks().get(0).message().startsWith("Saved 14 PTX instructions"), at14.mir());
    Run at15 = run(mir, "enable-machine-outliner=enable", "outliner-benefit-threshold=15");
    assertEquals(0, at15.calls("OUTLINED_FUNCTION_0"));
    assertTrue(
        at15.remarks().stream().anyMatch(r -> r.name().equals("NotOutliningCheaper")),
        at15.remarks().toString());
  }

  /**
   * Two sequences P Q and P R, three repeats each, P 20 instructions from %1 (one input, one
   * result), Q and R {@code tailLength} more and a store. With a tail of 24 each whole sequence
   * saves more (3 * 45 - (3 * 7 + 48) = 66) than P over all six (6 * 20 - (6 * 7 + 23) = 55), so
   * the first round outlines P Q and P R, and P is left twice, once in each function: a rerun
   * outlines it from them (2 * 20 - (2 * 7 + 23) = 3).
   */
  private static String sharedPrefix(int tailLength) {
    StringBuilder sb = new StringBuilder();
    sb.append("entry @k(.u64 k_param_0, .s32 k_param_1) allocated {\nbb0:\n");
    sb.append("  %0:b64 = LD_PARAM_U64 @k_param_0, 0\n");
    sb.append("  %1:b32 = LD_PARAM_U32 @k_param_1, 0\n");
    for (int c = 0; c < 6; c++) {
      int r = 10 + c;
      sb.append("  BAR_SYNC\n");
      sb.append(chain(r, "%1", 20, "MUL_LO_S32", "ADD_S32"));
      String tail =
          c % 2 == 0
              ? chain(r, "%" + r, tailLength, "XOR_B32", "SUB_S32")
              : chain(r, "%" + r, tailLength, "OR_B32", "AND_B32");
      sb.append(tail.replaceFirst(":b32", ""));
      sb.append("  ST_GLOBAL_U32 %0, 0, %" + r + "\n");
    }
    return sb.append("  BAR_SYNC\n  RET\n}\n").toString();
  }

  @Test
  void machineOutlinerReruns_outlinesFromOutlinedFunctions() {
    Run once = run(sharedPrefix(24), "enable-machine-outliner=enable");
    assertEquals(3, once.calls("OUTLINED_FUNCTION_0"), once.mir());
    assertEquals(3, once.calls("OUTLINED_FUNCTION_1"), once.mir());
    assertTrue(!once.defines("OUTLINED_FUNCTION_1_0"), once.mir());
    Run twice =
        run(sharedPrefix(24), "enable-machine-outliner=enable", "machine-outliner-reruns=1");
    assertEquals(2, twice.calls("OUTLINED_FUNCTION_1_0"), twice.mir());
    assertTrue(twice.defines("OUTLINED_FUNCTION_1_0"), twice.mir());
  }

  /**
   * With Q and R two instructions, P over all six repeats (saving 59) beats P Q and P R (26 each);
   * but every P is followed by a repeated Q or R, so P's suffix tree node has no leaf of its own:
   * only its descendants' leaves make it a candidate.
   */
  @Test
  void outlinerLeafDescendants_findsAPrefixOnlyThroughItsSubtree() {
    Run all = run(sharedPrefix(2), "enable-machine-outliner=enable");
    assertEquals(6, all.calls("OUTLINED_FUNCTION_0"), all.mir());
    assertTrue(!all.defines("OUTLINED_FUNCTION_1"), all.mir());
    Run direct =
        run(sharedPrefix(2), "enable-machine-outliner=enable", "outliner-leaf-descendants=false");
    assertEquals(3, direct.calls("OUTLINED_FUNCTION_0"), direct.mir());
    assertEquals(3, direct.calls("OUTLINED_FUNCTION_1"), direct.mir());
  }

  @Test
  void enableLinkonceodrOutlining_isRefusedWithTheReason() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Knobs.parse(List.of("enable-linkonceodr-outlining=true")));
    assertTrue(e.getMessage().contains("no linkonce_odr functions"), e.getMessage());
  }
}
