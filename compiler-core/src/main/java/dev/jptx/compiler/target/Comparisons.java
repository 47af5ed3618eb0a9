package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.Map;

/**
 * How each IR comparison predicate is spelled in {@code setp}, and which {@code setp} row compares
 * a type: unsigned integer predicates use the {@code .u} rows with {@code lo ls hi hs}; float
 * unordered predicates are the {@code u}-suffixed operators.
 */
public final class Comparisons {
  private static final Map<CmpPredicate, String> PTX =
      Map.ofEntries(
          Map.entry(CmpPredicate.EQ, "eq"),
          Map.entry(CmpPredicate.NE, "ne"),
          Map.entry(CmpPredicate.SLT, "lt"),
          Map.entry(CmpPredicate.SLE, "le"),
          Map.entry(CmpPredicate.SGT, "gt"),
          Map.entry(CmpPredicate.SGE, "ge"),
          Map.entry(CmpPredicate.ULT, "lo"),
          Map.entry(CmpPredicate.ULE, "ls"),
          Map.entry(CmpPredicate.UGT, "hi"),
          Map.entry(CmpPredicate.UGE, "hs"),
          Map.entry(CmpPredicate.OEQ, "eq"),
          Map.entry(CmpPredicate.ONE, "ne"),
          Map.entry(CmpPredicate.OLT, "lt"),
          Map.entry(CmpPredicate.OLE, "le"),
          Map.entry(CmpPredicate.OGT, "gt"),
          Map.entry(CmpPredicate.OGE, "ge"),
          Map.entry(CmpPredicate.UEQ, "equ"),
          Map.entry(CmpPredicate.UNE, "neu"),
          Map.entry(CmpPredicate.FULT, "ltu"),
          Map.entry(CmpPredicate.FULE, "leu"),
          Map.entry(CmpPredicate.FUGT, "gtu"),
          Map.entry(CmpPredicate.FUGE, "geu"),
          Map.entry(CmpPredicate.ORD, "num"),
          Map.entry(CmpPredicate.UNO, "nan"));

  private Comparisons() {}

  /** The {@code setp} operator of a predicate. */
  public static String ptxOperator(CmpPredicate p) {
    return PTX.get(p);
  }

  /** The {@code setp} row comparing values of {@code type} under {@code p}. */
  public static MachineOpcode setp(CmpPredicate p, Type type) {
    boolean unsigned = p.isUnsigned();
    if (type == ScalarType.F32) {
      return CompareOpcodes.SETP_F32;
    } else if (type == ScalarType.F64) {
      return CompareOpcodes.SETP_F64;
    } else if (type == ScalarType.I16) {
      return unsigned ? CompareOpcodes.SETP_U16 : CompareOpcodes.SETP_S16;
    } else if (type == ScalarType.I32) {
      return unsigned ? CompareOpcodes.SETP_U32 : CompareOpcodes.SETP_S32;
    } else if (type == ScalarType.I64) {
      return unsigned ? CompareOpcodes.SETP_U64 : CompareOpcodes.SETP_S64;
    }
    throw new IllegalArgumentException("no setp for " + type.text());
  }
}
