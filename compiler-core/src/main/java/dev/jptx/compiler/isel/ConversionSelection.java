package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.BF16;
import static dev.jptx.compiler.ir.ScalarType.F16;
import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;
import static dev.jptx.compiler.ir.ScalarType.I8;
import static dev.jptx.compiler.target.DagOpcode.ANY_EXTEND;
import static dev.jptx.compiler.target.DagOpcode.BITCAST;
import static dev.jptx.compiler.target.DagOpcode.FP16_TO_FP;
import static dev.jptx.compiler.target.DagOpcode.FP_EXTEND;
import static dev.jptx.compiler.target.DagOpcode.FP_ROUND;
import static dev.jptx.compiler.target.DagOpcode.FP_TO_FP16;
import static dev.jptx.compiler.target.DagOpcode.PTX_CVT_RZI;
import static dev.jptx.compiler.target.DagOpcode.SIGN_EXTEND;
import static dev.jptx.compiler.target.DagOpcode.SIGN_EXTEND_INREG;
import static dev.jptx.compiler.target.DagOpcode.SINT_TO_FP;
import static dev.jptx.compiler.target.DagOpcode.TRUNCATE;
import static dev.jptx.compiler.target.DagOpcode.ZERO_EXTEND;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.ConversionOpcodes;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.HalfOpcodes;
import dev.jptx.compiler.target.MachineOpcode;
import java.util.List;

/**
 * Conversions, one row per (operation, source type, result type): which {@code cvt} (or, for a
 * bitcast, {@code mov}) does it. For {@code sign_extend_inreg} the source is the narrow type
 * sign-extended in place.
 */
final class ConversionSelection {
  private record Row(DagOpcode op, Type from, Type to, MachineOpcode out) {}

  private static final Type V2F16 = new VectorType(ScalarType.F16, 2);
  private static final Type V2BF16 = new VectorType(ScalarType.BF16, 2);

  private static final List<Row> ROWS =
      List.of(
          new Row(SINT_TO_FP, I32, F32, ConversionOpcodes.CVT_RN_F32_S32),
          new Row(SINT_TO_FP, I32, F64, ConversionOpcodes.CVT_RN_F64_S32),
          new Row(SINT_TO_FP, I64, F32, ConversionOpcodes.CVT_RN_F32_S64),
          new Row(SINT_TO_FP, I64, F64, ConversionOpcodes.CVT_RN_F64_S64),
          new Row(PTX_CVT_RZI, F32, I32, ConversionOpcodes.CVT_RZI_S32_F32),
          new Row(PTX_CVT_RZI, F64, I32, ConversionOpcodes.CVT_RZI_S32_F64),
          new Row(PTX_CVT_RZI, F32, I64, ConversionOpcodes.CVT_RZI_S64_F32),
          new Row(PTX_CVT_RZI, F64, I64, ConversionOpcodes.CVT_RZI_S64_F64),
          new Row(FP_EXTEND, F32, F64, ConversionOpcodes.CVT_F64_F32),
          new Row(FP_ROUND, F64, F32, ConversionOpcodes.CVT_RN_F32_F64),
          new Row(SIGN_EXTEND, I32, I64, ConversionOpcodes.CVT_S64_S32),
          new Row(ZERO_EXTEND, I32, I64, ConversionOpcodes.CVT_U64_U32),
          new Row(ANY_EXTEND, I32, I64, ConversionOpcodes.CVT_U64_U32),
          new Row(SIGN_EXTEND, I16, I32, ConversionOpcodes.CVT_S32_S16),
          new Row(ZERO_EXTEND, I16, I32, ConversionOpcodes.CVT_U32_U16),
          new Row(ANY_EXTEND, I16, I32, ConversionOpcodes.CVT_U32_U16),
          new Row(SIGN_EXTEND, I16, I64, ConversionOpcodes.CVT_S64_S16),
          new Row(ZERO_EXTEND, I16, I64, ConversionOpcodes.CVT_U64_U16),
          new Row(ANY_EXTEND, I16, I64, ConversionOpcodes.CVT_U64_U16),
          new Row(TRUNCATE, I64, I32, ConversionOpcodes.CVT_U32_U64),
          new Row(TRUNCATE, I32, I16, ConversionOpcodes.CVT_U16_U32),
          new Row(TRUNCATE, I64, I16, ConversionOpcodes.CVT_U16_U64),
          new Row(SIGN_EXTEND_INREG, I8, I32, ConversionOpcodes.CVT_S32_S8_R),
          new Row(SIGN_EXTEND_INREG, I16, I32, ConversionOpcodes.CVT_S32_S16_R),
          new Row(SIGN_EXTEND_INREG, I8, I16, ConversionOpcodes.CVT_S16_S8_R),
          new Row(SIGN_EXTEND_INREG, I8, I64, ConversionOpcodes.CVT_S64_S8_R),
          new Row(SIGN_EXTEND_INREG, I16, I64, ConversionOpcodes.CVT_S64_S16_R),
          new Row(SIGN_EXTEND_INREG, I32, I64, ConversionOpcodes.CVT_S64_S32_R),
          new Row(BITCAST, F32, I32, ConversionOpcodes.MOV_B32_F32),
          new Row(BITCAST, I32, F32, ConversionOpcodes.MOV_F32_B32),
          new Row(BITCAST, F64, I64, ConversionOpcodes.MOV_B64_F64),
          new Row(BITCAST, I64, F64, ConversionOpcodes.MOV_F64_B64),
          // half precision: bit patterns into the half registers and back, and the conversions
          new Row(BITCAST, I16, F16, HalfOpcodes.MOV_H16_B16),
          new Row(BITCAST, F16, I16, HalfOpcodes.MOV_B16_H16),
          new Row(BITCAST, I16, BF16, HalfOpcodes.MOV_H16_B16),
          new Row(BITCAST, BF16, I16, HalfOpcodes.MOV_B16_H16),
          new Row(BITCAST, I32, V2F16, HalfOpcodes.MOV_H32_B32),
          new Row(BITCAST, V2F16, I32, HalfOpcodes.MOV_B32_H32),
          new Row(BITCAST, I32, V2BF16, HalfOpcodes.MOV_H32_B32),
          new Row(BITCAST, V2BF16, I32, HalfOpcodes.MOV_B32_H32),
          new Row(FP_EXTEND, F16, F32, HalfOpcodes.CVT_F32_F16),
          new Row(FP_ROUND, F32, F16, HalfOpcodes.CVT_RN_F16_F32),
          new Row(FP_ROUND, F32, BF16, HalfOpcodes.CVT_RN_BF16_F32),
          new Row(FP16_TO_FP, I16, F32, HalfOpcodes.CVT_F32_F16_B16),
          new Row(FP_TO_FP16, F32, I16, HalfOpcodes.CVT_RN_F16_F32_B16));

  private ConversionSelection() {}

  /** The conversion opcode, or null if no row matches. */
  static MachineOpcode find(DagOpcode op, Type from, Type to) {
    for (Row r : ROWS) {
      if (r.op() == op && r.from().equals(from) && r.to().equals(to)) {
        return r.out();
      }
    }
    return null;
  }

  /** True if {@code op} is a conversion this table handles. */
  static boolean isConversion(DagOpcode op) {
    return ROWS.stream().anyMatch(r -> r.op() == op);
  }
}
