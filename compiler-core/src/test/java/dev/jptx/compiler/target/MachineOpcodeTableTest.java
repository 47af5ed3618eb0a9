package dev.jptx.compiler.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The opcode table is consistent: every template names exactly the operands its row has. */
class MachineOpcodeTableTest {
  private static final Pattern REF = Pattern.compile("\\{([duaDU])(\\d+)}");

  @Test
  void everyTemplate_referencesExactlyItsOperands() {
    List<String> problems = new ArrayList<>();
    for (MachineOpcode op : MachineOpcodes.all()) {
      if (op.isPseudo()) {
        assertEquals("", op.template(), op.name());
        continue;
      }
      if (op == MoveOpcodes.CALL) {
        // variadic: the emitter writes the whole .param calling sequence around it
        continue;
      }
      boolean[] defs = new boolean[op.defs().size()];
      boolean[] uses = new boolean[op.uses().size()];
      Matcher m = REF.matcher(op.template());
      while (m.find()) {
        int n = Integer.parseInt(m.group(2));
        switch (m.group(1)) {
          case "d" -> mark(defs, n, op, problems);
          case "u" -> mark(uses, n, op, problems);
          // a PTX vector operand: every result, or every source, from n on
          case "D" -> {
            for (int k = n; k < defs.length; k++) {
              mark(defs, k, op, problems);
            }
          }
          case "U" -> {
            for (int k = n; k < uses.length; k++) {
              mark(uses, k, op, problems);
            }
          }
          default -> {
            mark(uses, n, op, problems);
            mark(uses, n + 1, op, problems);
            if (n + 1 < op.uses().size() && op.uses().get(n + 1).kind() != OperandSpec.Kind.IMM) {
              problems.add(op.name() + ": an address offset must be an immediate");
            }
          }
        }
      }
      for (int i = 0; i < defs.length; i++) {
        if (!defs[i]) {
          problems.add(op.name() + ": result " + i + " is not printed");
        }
      }
      for (int i = 0; i < uses.length; i++) {
        if (!uses[i]) {
          problems.add(op.name() + ": source " + i + " is not printed");
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  private static void mark(boolean[] seen, int n, MachineOpcode op, List<String> problems) {
    if (n >= seen.length) {
      problems.add(op.name() + ": template names operand " + n + " it does not have");
    } else {
      seen[n] = true;
    }
  }

  @Test
  void halfOperations_followTheSmGatesOfTheSeed() {
    Type v2f16 = Type.parse("v2f16");
    SmTarget sm60 = SmTargets.get("sm_60");
    SmTarget sm75 = SmTargets.get("sm_75");
    SmTarget sm80 = SmTargets.get("sm_80");
    // packed f16x2 arithmetic from sm_70; before, one f16 operation per lane
    assertEquals(LegalizeAction.EXPAND, OperationActions.action(DagOpcode.FADD, v2f16, sm60));
    assertEquals(LegalizeAction.EXPAND, OperationActions.action(DagOpcode.FMA, v2f16, sm60));
    assertEquals(LegalizeAction.LEGAL, OperationActions.action(DagOpcode.FMA, v2f16, sm75));
    // max/min.f16(x2) from sm_80: pairs per lane, lanes in f32
    assertEquals(LegalizeAction.EXPAND, OperationActions.action(DagOpcode.FMAXNUM, v2f16, sm75));
    assertEquals(LegalizeAction.LEGAL, OperationActions.action(DagOpcode.FMAXNUM, v2f16, sm80));
    assertEquals(
        LegalizeAction.PROMOTE, OperationActions.action(DagOpcode.FMINNUM, ScalarType.F16, sm75));
    assertEquals(ScalarType.F32, PromotionTypes.of(DagOpcode.FMINNUM, ScalarType.F16, sm75));
    assertEquals(null, PromotionTypes.of(DagOpcode.FMINNUM, ScalarType.F16, sm80));
    // the types no register holds: promoted halves, scalarized pairs
    assertEquals(
        TypeAction.PROMOTE_FLOAT,
        LegalTypes.action(ScalarType.F16, SmTargets.get("sm_52")).action());
    assertEquals(TypeAction.PROMOTE_FLOAT, LegalTypes.action(ScalarType.BF16, sm75).action());
    assertEquals(
        TypeAction.SCALARIZE_VECTOR, LegalTypes.action(Type.parse("v2bf16"), sm75).action());
  }

  @Test
  void legalTypes_followTheSmGatesOfTheSeed() {
    SmTarget sm52 = SmTargets.get("sm_52");
    SmTarget sm75 = SmTargets.get("sm_75");
    SmTarget sm90 = SmTargets.get("sm_90");
    assertTrue(!LegalTypes.isLegal(dev.jptx.compiler.ir.ScalarType.F16, sm52));
    assertTrue(LegalTypes.isLegal(dev.jptx.compiler.ir.ScalarType.F16, sm75));
    assertTrue(!LegalTypes.isLegal(dev.jptx.compiler.ir.ScalarType.BF16, sm75));
    assertTrue(LegalTypes.isLegal(dev.jptx.compiler.ir.ScalarType.BF16, sm90));
    assertEquals(
        dev.jptx.compiler.ir.ScalarType.I16,
        LegalTypes.registerType(dev.jptx.compiler.ir.ScalarType.I8, sm90));
  }
}
