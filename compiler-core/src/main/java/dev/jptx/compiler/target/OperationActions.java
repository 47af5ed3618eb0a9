package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import java.util.List;

/**
 * The operation action table: for an operation on a legal type, whether PTX has an instruction for
 * it or something must rewrite it. {@code Custom} rows on illegal vector types are read by type
 * legalization, which asks the target's lowering first (LLVM's {@code CustomLowerNode}): a load or
 * store of a vector PTX moves in one access becomes one {@code LOAD_VECTOR}/{@code STORE_VECTOR}.
 * One row per (operation, type) that is not simply legal; the first row that applies wins; pairs
 * without a row are {@link LegalizeAction#LEGAL}.
 */
public final class OperationActions {
  /** One entry; {@code reason} says why the operation is not legal as it stands. */
  public record Row(
      DagOpcode op, Type type, LegalizeAction action, Availability when, String reason) {}

  private static final String SHIFT =
      "Java uses only the low bits of the count; PTX shl/shr clamp counts of 32 (64) or more";
  private static final String DIVISION =
      "Java defines MIN / -1 = MIN and MIN % -1 = 0; PTX leaves div/rem overflow unspecified";
  private static final String FLOAT_TO_INT =
      "Java maps NaN to 0; cvt.rzi does so only for f32 to i32, elsewhere NaN gives MIN";

  private static final String VECTOR_ACCESS =
      "ld.v2/ld.v4 and st.v2/st.v4 move up to 16 aligned bytes in one access (NVPTXISD::LoadV4)";

  private static final List<Row> ROWS =
      List.of(
          row(DagOpcode.LOAD, vector(ScalarType.F32, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.LOAD, vector(ScalarType.F32, 4), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.LOAD, vector(ScalarType.I32, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.LOAD, vector(ScalarType.I32, 4), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.LOAD, vector(ScalarType.F64, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.LOAD, vector(ScalarType.I64, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.STORE, vector(ScalarType.F32, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.STORE, vector(ScalarType.F32, 4), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.STORE, vector(ScalarType.I32, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.STORE, vector(ScalarType.I32, 4), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.STORE, vector(ScalarType.F64, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
          row(DagOpcode.STORE, vector(ScalarType.I64, 2), LegalizeAction.CUSTOM, VECTOR_ACCESS),
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
          row(DagOpcode.FP_TO_SINT_SAT, ScalarType.I64, LegalizeAction.CUSTOM, FLOAT_TO_INT));

  private OperationActions() {}

  private static VectorType vector(ScalarType element, int lanes) {
    return new VectorType(element, lanes);
  }

  private static Row row(DagOpcode op, Type type, LegalizeAction action, String reason) {
    return new Row(op, type, action, Availability.ALWAYS, reason);
  }

  /** The action for {@code op} on {@code type} for {@code target}. */
  public static LegalizeAction action(DagOpcode op, Type type, SmTarget target) {
    for (Row r : ROWS) {
      if (r.op() == op && r.type().equals(type) && r.when().appliesTo(target)) {
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
