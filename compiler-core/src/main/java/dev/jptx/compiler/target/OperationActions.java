package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import java.util.List;

/**
 * The operation action table: for an operation on a legal type, whether PTX has an instruction for
 * it or something must rewrite it. One row per (operation, type) that is not simply legal; the
 * first row that applies wins; pairs without a row are {@link LegalizeAction#LEGAL}. An {@code
 * INTRINSIC} operation is keyed by its intrinsic too. What each action does: {@code Custom} a
 * lowering class named for the opcode, {@code Expand} of a vector operation one operation per lane
 * ({@code EXTRACT_VECTOR_ELT}, {@code BUILD_VECTOR}), {@code Promote} of a float operation the same
 * operation in {@code f32} between exact conversions.
 */
public final class OperationActions {
  /**
   * One entry; {@code intrinsic} is null except for {@code INTRINSIC} rows; {@code reason} says why
   * the operation is not legal as it stands.
   */
  public record Row(
      DagOpcode op,
      Intrinsic intrinsic,
      Type type,
      LegalizeAction action,
      Availability when,
      String reason) {}

  private static final String SHIFT =
      "Java uses only the low bits of the count; PTX shl/shr clamp counts of 32 (64) or more";
  private static final String DIVISION =
      "Java defines MIN / -1 = MIN and MIN % -1 = 0; PTX leaves div/rem overflow unspecified";
  private static final String FLOAT_TO_INT =
      "Java maps NaN to 0; cvt.rzi does so only for f32 to i32, elsewhere NaN gives MIN";

  private static final String PACKED_SM70 =
      "packed f16x2 arithmetic is legal from sm_70 (seed); below, one f16 operation per lane";
  private static final String MIN_MAX_SM80 =
      "max/min.f16 and .f16x2 need sm_80; in f32 they choose the same value, which converts back"
          + " exactly";
  private static final String BF16_WIDENING =
      "cvt.f32.bf16 needs PTX ISA 7.1, above sm_80's 7.0; a shift into the upper half is exact";

  private static final Type V2F16 = new VectorType(ScalarType.F16, 2);

  private static final List<Row> ROWS =
      List.of(
          row(DagOpcode.SHL, ScalarType.I32, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SHL, ScalarType.I64, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SRA, ScalarType.I32, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SRA, ScalarType.I64, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SRL, ScalarType.I32, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SRL, ScalarType.I64, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SDIV, ScalarType.I32, LegalizeAction.CUSTOM, DIVISION),
          row(DagOpcode.SDIV, ScalarType.I64, LegalizeAction.CUSTOM, DIVISION),
          row(DagOpcode.SREM, ScalarType.I32, LegalizeAction.CUSTOM, DIVISION),
          row(DagOpcode.SREM, ScalarType.I64, LegalizeAction.CUSTOM, DIVISION),
          row(DagOpcode.FP_TO_SINT_SAT, ScalarType.I32, LegalizeAction.CUSTOM, FLOAT_TO_INT),
          row(DagOpcode.FP_TO_SINT_SAT, ScalarType.I64, LegalizeAction.CUSTOM, FLOAT_TO_INT),
          // half precision where the type is legal but the instruction is missing
          below(70, DagOpcode.FADD, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(70, DagOpcode.FSUB, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(70, DagOpcode.FMUL, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(70, Intrinsic.FMA, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(80, Intrinsic.FMAXNUM, V2F16, LegalizeAction.EXPAND, MIN_MAX_SM80),
          below(80, Intrinsic.FMINNUM, V2F16, LegalizeAction.EXPAND, MIN_MAX_SM80),
          below(80, Intrinsic.FMAXNUM, ScalarType.F16, LegalizeAction.PROMOTE, MIN_MAX_SM80),
          below(80, Intrinsic.FMINNUM, ScalarType.F16, LegalizeAction.PROMOTE, MIN_MAX_SM80),
          row(DagOpcode.FP_EXTEND, ScalarType.BF16, LegalizeAction.CUSTOM, BF16_WIDENING));

  private OperationActions() {}

  private static Row row(DagOpcode op, Type type, LegalizeAction action, String reason) {
    return new Row(op, null, type, action, Availability.ALWAYS, reason);
  }

  private static Row below(int sm, DagOpcode op, Type type, LegalizeAction action, String reason) {
    return new Row(op, null, type, action, Availability.belowSm(sm), reason);
  }

  private static Row below(int sm, Intrinsic in, Type type, LegalizeAction action, String reason) {
    return new Row(DagOpcode.INTRINSIC, in, type, action, Availability.belowSm(sm), reason);
  }

  /**
   * The action for {@code op} (the intrinsic {@code in} of an {@code INTRINSIC}, else null) on
   * {@code type} for {@code target}.
   */
  public static LegalizeAction action(DagOpcode op, Intrinsic in, Type type, SmTarget target) {
    for (Row r : ROWS) {
      if (r.op() == op
          && r.intrinsic() == in
          && r.type().equals(type)
          && r.when().appliesTo(target)) {
        return r.action();
      }
    }
    return LegalizeAction.LEGAL;
  }

  /** All rows, for table tests and documentation. */
  public static List<Row> rows() {
    return ROWS;
  }
}
