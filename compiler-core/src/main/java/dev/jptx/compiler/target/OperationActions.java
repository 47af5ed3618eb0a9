package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import java.util.List;

/**
 * The operation action table (the seed's primary action table): for an operation on a legal type,
 * whether PTX has an instruction for it ({@code Legal}) or what rewrites it — {@code Custom} (a
 * lowering class for a difference between Java and PTX semantics), {@code Expand} (other generic
 * operations), {@code Promote} (the same operation on the wider type {@link PromotionTypes} gives),
 * {@code LibCall} (a call of jptx's device library). One row per (operation, type) that is not
 * simply legal, each saying why; the first row that applies wins; pairs without a row are legal.
 * The type is the operation's result, or its operand for stores, comparisons, truncations, widening
 * float conversions and the counts. {@code Expand} of a vector operation is one operation per lane.
 * {@code Custom} rows on illegal vector types are read by type legalization, which asks the
 * target's lowering first (LLVM's {@code CustomLowerNode}): a load or store of a vector PTX moves
 * in one access becomes one {@code LOAD_VECTOR}/{@code STORE_VECTOR}.
 */
public final class OperationActions {
  /** One entry; {@code reason} says why the operation is not legal as it stands. */
  public record Row(
      DagOpcode op, Type type, LegalizeAction action, Availability when, String reason) {}

  private static final String SHIFT =
      "Java uses only the low bits of the count; PTX shl/shr clamp counts of the width or more";
  private static final String DIVISION =
      "Java defines MIN / -1 = MIN and MIN % -1 = 0; PTX leaves div/rem overflow unspecified";
  private static final String FLOAT_TO_INT =
      "Java maps NaN to 0; cvt.rzi does so only for f32 to i32, elsewhere NaN gives MIN";

  private static final String NO_CTTZ =
      "PTX has no count of trailing zeros: ctlz of the bit-reversed value";
  private static final String PRMT_32 =
      "prmt permutes the bytes of 32 bits only: swap each half and exchange the halves";
  private static final String SHF_32 =
      "shf funnels 32 bits only: two shifts and an or (Java masks the counts)";
  private static final String NARROW =
      "no 16-bit form: computed on the zero-extended value in 32 bits (PromotionTypes)";
  private static final String CTPOP_16 =
      "no popc.b16: the count of the zero-extended value, popc.b32";
  private static final String B128 =
      ".b128 registers hold i128 (sm_70, PTX ISA 8.3) but PTX computes nothing on them: the"
          + " halves are unpacked, computed as i64, packed again";
  private static final String FREM =
      "PTX has no remainder of floats: the device library's exact fmod (LibCalls)";
  private static final String NO_ROT_16 = "no 16-bit funnel shift: two 32-bit shifts of the value";
  private static final String VECTOR_ACCESS =
      "ld.v2/ld.v4 and st.v2/st.v4 move up to 16 aligned bytes in one access (NVPTXISD::LoadV4)";

  private static final String PACKED_SM70 =
      "packed f16x2 arithmetic is legal from sm_70 (seed); below, one f16 operation per lane";
  private static final String MIN_MAX_SM80 =
      "max/min.f16 and .f16x2 need sm_80: per lane, in f32 (PromotionTypes), which chooses the"
          + " same value; it converts back exactly";
  private static final String BF16_WIDENING =
      "cvt.f32.bf16 needs PTX ISA 7.1, above sm_80's 7.0; a shift into the upper half is exact";

  private static final Type V2F16 = new VectorType(ScalarType.F16, 2);

  private static final List<Row> ROWS =
      List.of(
          row(DagOpcode.CTTZ, ScalarType.I32, LegalizeAction.EXPAND, NO_CTTZ),
          row(DagOpcode.CTTZ, ScalarType.I64, LegalizeAction.EXPAND, NO_CTTZ),
          row(DagOpcode.BSWAP, ScalarType.I64, LegalizeAction.EXPAND, PRMT_32),
          row(DagOpcode.ROTL, ScalarType.I64, LegalizeAction.EXPAND, SHF_32),
          row(DagOpcode.ROTR, ScalarType.I64, LegalizeAction.EXPAND, SHF_32),
          row(DagOpcode.ROTL, ScalarType.I16, LegalizeAction.EXPAND, NO_ROT_16),
          row(DagOpcode.ROTR, ScalarType.I16, LegalizeAction.EXPAND, NO_ROT_16),
          row(DagOpcode.CTPOP, ScalarType.I16, LegalizeAction.EXPAND, CTPOP_16),
          row(DagOpcode.CTLZ, ScalarType.I16, LegalizeAction.PROMOTE, NARROW),
          row(DagOpcode.CTTZ, ScalarType.I16, LegalizeAction.PROMOTE, NARROW),
          row(DagOpcode.BITREVERSE, ScalarType.I16, LegalizeAction.PROMOTE, NARROW),
          row(DagOpcode.BSWAP, ScalarType.I16, LegalizeAction.PROMOTE, NARROW),
          row(DagOpcode.FREM, ScalarType.F32, LegalizeAction.LIBCALL, FREM),
          row(DagOpcode.FREM, ScalarType.F64, LegalizeAction.LIBCALL, FREM),
          row(DagOpcode.CONSTANT, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.ADD, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SUB, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.MUL, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.AND, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.OR, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.XOR, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SHL, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SRA, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SRL, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SELECT, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SETCC, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.ZERO_EXTEND, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SIGN_EXTEND, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.ANY_EXTEND, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.TRUNCATE, ScalarType.I128, LegalizeAction.EXPAND, B128),
          row(DagOpcode.SHL, ScalarType.I16, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SRA, ScalarType.I16, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SRL, ScalarType.I16, LegalizeAction.CUSTOM, SHIFT),
          row(DagOpcode.SDIV, ScalarType.I16, LegalizeAction.CUSTOM, DIVISION),
          row(DagOpcode.SREM, ScalarType.I16, LegalizeAction.CUSTOM, DIVISION),
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
          row(DagOpcode.FP_TO_SINT_SAT, ScalarType.I64, LegalizeAction.CUSTOM, FLOAT_TO_INT),
          // half precision where the type is legal but the instruction is missing
          below(70, DagOpcode.FADD, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(70, DagOpcode.FSUB, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(70, DagOpcode.FMUL, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(70, DagOpcode.FMA, V2F16, LegalizeAction.EXPAND, PACKED_SM70),
          below(80, DagOpcode.FMAXNUM, V2F16, LegalizeAction.EXPAND, MIN_MAX_SM80),
          below(80, DagOpcode.FMINNUM, V2F16, LegalizeAction.EXPAND, MIN_MAX_SM80),
          below(80, DagOpcode.FMAXNUM, ScalarType.F16, LegalizeAction.PROMOTE, MIN_MAX_SM80),
          below(80, DagOpcode.FMINNUM, ScalarType.F16, LegalizeAction.PROMOTE, MIN_MAX_SM80),
          row(DagOpcode.FP_EXTEND, ScalarType.BF16, LegalizeAction.CUSTOM, BF16_WIDENING));

  private OperationActions() {}

  private static VectorType vector(ScalarType element, int lanes) {
    return new VectorType(element, lanes);
  }

  private static Row row(DagOpcode op, Type type, LegalizeAction action, String reason) {
    return new Row(op, type, action, Availability.ALWAYS, reason);
  }

  private static Row below(int sm, DagOpcode op, Type type, LegalizeAction action, String reason) {
    return new Row(op, type, action, Availability.belowSm(sm), reason);
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
