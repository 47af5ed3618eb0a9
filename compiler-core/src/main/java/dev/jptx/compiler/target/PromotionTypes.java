package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.List;

/**
 * The promotion table (the seed's one-dimensional table for {@code BSWAP CTLZ CTTZ BITREVERSE}, and
 * the half-precision operations the target lacks): which wider type an operation marked {@code
 * Promote} in {@link OperationActions} is computed in. How the narrow result is recovered depends
 * on the operation (a count loses the extra leading zeros, a reversal keeps the high half) and is
 * the operation legalizer's business.
 */
public final class PromotionTypes {
  /** One entry: {@code op} on {@code from} is computed on {@code to}. */
  public record Row(DagOpcode op, Type from, Type to, Availability when) {}

  private static final List<Row> ROWS =
      List.of(
          new Row(DagOpcode.BSWAP, ScalarType.I16, ScalarType.I32, Availability.ALWAYS),
          new Row(DagOpcode.CTLZ, ScalarType.I16, ScalarType.I32, Availability.ALWAYS),
          new Row(DagOpcode.CTTZ, ScalarType.I16, ScalarType.I32, Availability.ALWAYS),
          new Row(DagOpcode.BITREVERSE, ScalarType.I16, ScalarType.I32, Availability.ALWAYS),
          // max/min.f16 need sm_80; f32 chooses the same value and it converts back exactly
          new Row(DagOpcode.FMAXNUM, ScalarType.F16, ScalarType.F32, Availability.belowSm(80)),
          new Row(DagOpcode.FMINNUM, ScalarType.F16, ScalarType.F32, Availability.belowSm(80)));

  private PromotionTypes() {}

  /** The type {@code op} on {@code from} is promoted to on {@code target}, or null. */
  public static Type of(DagOpcode op, Type from, SmTarget target) {
    for (Row r : ROWS) {
      if (r.op() == op && r.from().equals(from) && r.when().appliesTo(target)) {
        return r.to();
      }
    }
    return null;
  }

  /** All rows, for table tests. */
  public static List<Row> rows() {
    return ROWS;
  }
}
