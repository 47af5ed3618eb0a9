package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;
import static dev.jptx.compiler.isel.IntrinsicRow.of;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.target.FastMathApproximations;
import dev.jptx.compiler.target.MathOpcodes;
import java.util.List;

/**
 * The selection rows of the Java library intrinsics that stay {@code INTRINSIC} nodes. The bit
 * operations ({@code ctpop ctlz cttz bitreverse bswap rotl rotr}) and {@code fma fminnum fmaxnum}
 * are generic DAG operations, legalized by the operation action table and selected by {@link
 * SelectionPatterns}.
 */
final class MathSelection {
  private MathSelection() {}

  static List<IntrinsicRow> rows() {
    return List.of(
        of(Intrinsic.SMIN, I32, MathOpcodes.MIN_S32),
        of(Intrinsic.SMAX, I32, MathOpcodes.MAX_S32),
        of(Intrinsic.UMIN, I32, MathOpcodes.MIN_U32),
        of(Intrinsic.UMAX, I32, MathOpcodes.MAX_U32),
        of(Intrinsic.SMIN, I64, MathOpcodes.MIN_S64),
        of(Intrinsic.SMAX, I64, MathOpcodes.MAX_S64),
        of(Intrinsic.UMIN, I64, MathOpcodes.MIN_U64),
        of(Intrinsic.UMAX, I64, MathOpcodes.MAX_U64),
        of(Intrinsic.ABS, I32, MathOpcodes.ABS_S32),
        of(Intrinsic.ABS, I64, MathOpcodes.ABS_S64),
        of(Intrinsic.FABS, F32, MathOpcodes.ABS_F32),
        of(Intrinsic.FABS, F64, MathOpcodes.ABS_F64),
        of(Intrinsic.COPYSIGN, F32, MathOpcodes.COPYSIGN_F32),
        of(Intrinsic.COPYSIGN, F64, MathOpcodes.COPYSIGN_F64),
        of(Intrinsic.SQRT, F32, MathOpcodes.SQRT_RN_F32),
        of(Intrinsic.SQRT, F64, MathOpcodes.SQRT_RN_F64),
        of(Intrinsic.SIN_APPROX, F32, MathOpcodes.SIN_APPROX_F32),
        of(Intrinsic.COS_APPROX, F32, MathOpcodes.COS_APPROX_F32),
        of(Intrinsic.EX2_APPROX, F32, MathOpcodes.EX2_APPROX_F32),
        of(Intrinsic.LG2_APPROX, F32, MathOpcodes.LG2_APPROX_F32),
        of(Intrinsic.SQRT_APPROX, F32, MathOpcodes.SQRT_APPROX_F32),
        of(Intrinsic.RSQRT_APPROX, F32, MathOpcodes.RSQRT_APPROX_F32),
        new IntrinsicRow(
            Intrinsic.TANH_APPROX,
            F32,
            MathOpcodes.TANH_APPROX_F32,
            FastMathApproximations.TANH_HARDWARE),
        of(Intrinsic.EX2_APPROX_FTZ, F32, MathOpcodes.EX2_APPROX_FTZ_F32),
        of(Intrinsic.RCP_APPROX_FTZ, F32, MathOpcodes.RCP_APPROX_FTZ_F32),
        of(Intrinsic.RSQRT_APPROX_FTZ, F32, MathOpcodes.RSQRT_APPROX_FTZ_F32),
        of(Intrinsic.MULHI, I32, MathOpcodes.MUL_HI_S32),
        of(Intrinsic.MULHI, I64, MathOpcodes.MUL_HI_S64),
        of(Intrinsic.FSHL, I32, MathOpcodes.SHF_L_WRAP_B32),
        of(Intrinsic.BFI, I32, MathOpcodes.BFI_B32),
        of(Intrinsic.BFI, I64, MathOpcodes.BFI_B64),
        of(Intrinsic.FLOOR, F32, MathOpcodes.CVT_RMI_F32),
        of(Intrinsic.CEIL, F32, MathOpcodes.CVT_RPI_F32),
        of(Intrinsic.RINT, F32, MathOpcodes.CVT_RNI_F32),
        of(Intrinsic.FTRUNC, F32, MathOpcodes.CVT_RZI_F32),
        of(Intrinsic.FLOOR, F64, MathOpcodes.CVT_RMI_F64),
        of(Intrinsic.CEIL, F64, MathOpcodes.CVT_RPI_F64),
        of(Intrinsic.RINT, F64, MathOpcodes.CVT_RNI_F64),
        of(Intrinsic.FTRUNC, F64, MathOpcodes.CVT_RZI_F64));
  }
}
