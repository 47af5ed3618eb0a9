package dev.jptx.compiler.outliner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The outliner never puts the parts of one Java operation on the two sides of a call: a
 * conversion's {@code cvt.rzi} and its NaN select, a shift count's mask and its shift. Each kernel
 * repeats a sequence four times between barriers, long enough to be worth a call; only the place of
 * the operation's parts differs.
 */
class OperationBoundariesTest {
  /** The functions the outliner makes of four copies of {@code body} after {@code head}. */
  private static String outlined(String head, String body) {
    StringBuilder sb = new StringBuilder("entry @k(.u64 k_param_0, .s32 k_param_1) allocated {\n");
    sb.append("bb0:\n  %0:b64 = LD_PARAM_U64 @k_param_0, 0\n");
    sb.append("  %1:b32 = LD_PARAM_U32 @k_param_1, 0\n").append(head);
    for (int c = 0; c < 4; c++) {
      sb.append("  BAR_SYNC\n").append(body.replace("%R", "%" + (40 + c)));
    }
    sb.append("  RET\n}\n");
    List<MachineFunction> fs = MirParser.parse(sb.toString());
    List<MachineFunction> out =
        new MachineOutliner(OutlinerOptions.of(OutlinerMode.ENABLE), new Remarks())
            .run(fs, Set.of());
    StringBuilder text = new StringBuilder();
    out.subList(1, out.size()).forEach(f -> text.append(MirPrinter.print(f)));
    return text.toString();
  }

  /** Sixteen arithmetic instructions on %R from %1, so that a call pays. */
  private static final String WORK =
      "  %R:b32 = ADD_S32 %1, 3\n  %R = MUL_LO_S32 %R, 5\n  %R = XOR_B32 %R, 6\n"
          + "  %R = MUL_LO_S32 %R, 7\n  %R = XOR_B32 %R, 8\n  %R = MUL_LO_S32 %R, 9\n"
          + "  %R = XOR_B32 %R, 10\n  %R = MUL_LO_S32 %R, 11\n  %R = XOR_B32 %R, 12\n"
          + "  %R = MUL_LO_S32 %R, 13\n  %R = XOR_B32 %R, 14\n  %R = MUL_LO_S32 %R, 15\n"
          + "  %R = XOR_B32 %R, 16\n  %R = MUL_LO_S32 %R, 17\n  %R = XOR_B32 %R, 18\n"
          + "  %R = MUL_LO_S32 %R, 19\n";

  @Test
  void aShiftWithItsMaskInside_isOutlined() {
    String body =
        WORK + "  %3 = AND_B32 %R, 31\n  %R = SHL_B32 %R, %3\n  ST_GLOBAL_U32 %0, 0, %R\n";
    String f = outlined("  %3:b32 = MOV_B32 0\n", body);
    assertTrue(f.contains("AND_B32") && f.contains("SHL_B32"), f);
  }

  @Test
  void aShiftWhoseCountComesFromTheCaller_isNot() {
    String head = "  %3:b32 = AND_B32 %1, 31\n";
    String f = outlined(head, WORK + "  %R = SHL_B32 %R, %3\n  ST_GLOBAL_U32 %0, 0, %R\n");
    // the work before it is outlined, the shift stays with the caller's mask
    assertTrue(f.contains("MUL_LO_S32"), f);
    assertFalse(f.contains("SHL_B32"), f);
  }

  @Test
  void aMaskTheCallerShiftsBy_isNot() {
    String body = WORK + "  %R = AND_B32 %R, 31\n";
    String after = "  BAR_SYNC\n  %5:b32 = SHL_B32 %1, %R\n  ST_GLOBAL_U32 %0, 0, %5\n";
    String f = outlined("", body + after);
    assertTrue(f.contains("MUL_LO_S32"), f);
    assertFalse(f.contains("AND_B32"), f);
  }

  @Test
  void aConversionWithItsSelectInside_isOutlined() {
    String body =
        WORK
            + "  %6:f64 = CVT_RN_F64_S32 %R\n  %7:pred = SETP_F64 nan, %6, %6\n"
            + "  %R = CVT_RZI_S32_F64 %6\n  %R = SELP_B32 0, %R, %7\n  ST_GLOBAL_U32 %0, 0, %R\n";
    String f = outlined("", body);
    assertTrue(f.contains("CVT_RZI_S32_F64") && f.contains("SELP_B32"), f);
  }

  @Test
  void aConversionLeftUnselectedForTheCaller_isNot() {
    String body = WORK + "  %6:f64 = CVT_RN_F64_S32 %R\n  %R = CVT_RZI_S32_F64 %6\n";
    String after =
        "  BAR_SYNC\n  %7:pred = SETP_F64 nan, %6, %6\n  %R = SELP_B32 0, %R, %7\n"
            + "  ST_GLOBAL_U32 %0, 0, %R\n";
    String f = outlined("", body + after);
    assertTrue(f.contains("MUL_LO_S32"), f);
    assertFalse(f.contains("CVT_RZI_S32_F64"), f);
  }
}
