package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.binary;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.unary;

import java.util.List;

/**
 * The instructions behind the Java library intrinsics ({@code Math}, {@code Integer}, {@code
 * Long}): integer min/max/abs, bit counting and reversal, exact float operations. Java's semantics
 * where PTX differs (float min/max on NaN and zeros) are built around these by the front end; where
 * PTX has no instruction (trailing zeros, 64-bit rotations and byte swaps) legalization composes
 * these rows.
 */
public final class MathOpcodes {
  private MathOpcodes() {}

  public static final MachineOpcode MIN_S32 = binary("MIN_S32", "min.s32", B32);
  public static final MachineOpcode MAX_S32 = binary("MAX_S32", "max.s32", B32);
  public static final MachineOpcode MIN_U32 = binary("MIN_U32", "min.u32", B32);
  public static final MachineOpcode MAX_U32 = binary("MAX_U32", "max.u32", B32);
  public static final MachineOpcode MIN_S64 = binary("MIN_S64", "min.s64", B64);
  public static final MachineOpcode MAX_S64 = binary("MAX_S64", "max.s64", B64);
  public static final MachineOpcode MIN_U64 = binary("MIN_U64", "min.u64", B64);
  public static final MachineOpcode MAX_U64 = binary("MAX_U64", "max.u64", B64);
  public static final MachineOpcode ABS_S32 = unary("ABS_S32", "abs.s32", B32);
  public static final MachineOpcode ABS_S64 = unary("ABS_S64", "abs.s64", B64);
  public static final MachineOpcode MIN_F32 = binary("MIN_F32", "min.f32", F32);
  public static final MachineOpcode MAX_F32 = binary("MAX_F32", "max.f32", F32);
  public static final MachineOpcode MIN_F64 = binary("MIN_F64", "min.f64", F64);
  public static final MachineOpcode MAX_F64 = binary("MAX_F64", "max.f64", F64);
  public static final MachineOpcode ABS_F32 = unary("ABS_F32", "abs.f32", F32);
  public static final MachineOpcode ABS_F64 = unary("ABS_F64", "abs.f64", F64);
  public static final MachineOpcode SQRT_RN_F32 = unary("SQRT_RN_F32", "sqrt.rn.f32", F32);
  public static final MachineOpcode SQRT_RN_F64 = unary("SQRT_RN_F64", "sqrt.rn.f64", F64);

  // the approximations of fastMath GpuMath; no .ftz: subnormal inputs keep their value
  public static final MachineOpcode SIN_APPROX_F32 = unary("SIN_APPROX_F32", "sin.approx.f32", F32);
  public static final MachineOpcode COS_APPROX_F32 = unary("COS_APPROX_F32", "cos.approx.f32", F32);
  public static final MachineOpcode EX2_APPROX_F32 = unary("EX2_APPROX_F32", "ex2.approx.f32", F32);
  public static final MachineOpcode LG2_APPROX_F32 = unary("LG2_APPROX_F32", "lg2.approx.f32", F32);
  public static final MachineOpcode SQRT_APPROX_F32 =
      unary("SQRT_APPROX_F32", "sqrt.approx.f32", F32);
  public static final MachineOpcode RSQRT_APPROX_F32 =
      unary("RSQRT_APPROX_F32", "rsqrt.approx.f32", F32);

  // bit counts are u32 results for both widths, as Java's int-returning Long.bitCount
  public static final MachineOpcode POPC_B32 = unary("POPC_B32", "popc.b32", B32);
  public static final MachineOpcode POPC_B64 = convert("POPC_B64", "popc.b64", B32, B64);
  public static final MachineOpcode CLZ_B32 = unary("CLZ_B32", "clz.b32", B32);
  public static final MachineOpcode CLZ_B64 = convert("CLZ_B64", "clz.b64", B32, B64);
  public static final MachineOpcode BREV_B32 = unary("BREV_B32", "brev.b32", B32);
  public static final MachineOpcode BREV_B64 = unary("BREV_B64", "brev.b64", B64);
  // selector 0x0123: result byte k is source byte 3 - k
  public static final MachineOpcode BSWAP_B32 =
      unaryTemplate("BSWAP_B32", "prmt.b32 {d0}, {u0}, 0, 0x0123", B32);
  public static final MachineOpcode MUL_HI_S32 = binary("MUL_HI_S32", "mul.hi.s32", B32);
  public static final MachineOpcode MUL_HI_S64 = binary("MUL_HI_S64", "mul.hi.s64", B64);
  public static final MachineOpcode MUL_HI_U64 = binary("MUL_HI_U64", "mul.hi.u64", B64);
  // a field of bits: d = (a >>> pos) & (2^len - 1), position and length 32-bit for both widths
  public static final MachineOpcode BFE_U32 = bitField("BFE_U32", "bfe.u32", B32);
  public static final MachineOpcode BFE_U64 = bitField("BFE_U64", "bfe.u64", B64);
  // a funnel shift of the value with itself is a rotation; .wrap uses the count mod 32, as Java
  public static final MachineOpcode ROTL_B32 = rotate("ROTL_B32", "shf.l.wrap.b32");
  public static final MachineOpcode ROTR_B32 = rotate("ROTR_B32", "shf.r.wrap.b32");
  // fshl(hi, lo, n): shf takes the low word first
  public static final MachineOpcode SHF_L_WRAP_B32 =
      new MachineOpcode(
          "SHF_L_WRAP_B32",
          ConstraintFamily.TERNARY,
          List.of(B32),
          List.of(reg(B32), reg(B32), regOrImm(B32)),
          "shf.l.wrap.b32 {d0}, {u1}, {u0}, {u2}",
          false);
  // bfi(base, insert, pos, len): PTX puts the inserted value first
  public static final MachineOpcode BFI_B32 = bitFieldInsert("BFI_B32", "bfi.b32", B32);
  public static final MachineOpcode BFI_B64 = bitFieldInsert("BFI_B64", "bfi.b64", B64);
  // float-to-float cvt with an integer rounding rounds to an integral value, keeping the sign of
  // zero, NaN and infinities: Math.floor, ceil, rint exactly
  public static final MachineOpcode CVT_RMI_F32 = unary("CVT_RMI_F32", "cvt.rmi.f32.f32", F32);
  public static final MachineOpcode CVT_RPI_F32 = unary("CVT_RPI_F32", "cvt.rpi.f32.f32", F32);
  public static final MachineOpcode CVT_RNI_F32 = unary("CVT_RNI_F32", "cvt.rni.f32.f32", F32);
  public static final MachineOpcode CVT_RZI_F32 = unary("CVT_RZI_F32", "cvt.rzi.f32.f32", F32);
  public static final MachineOpcode CVT_RMI_F64 = unary("CVT_RMI_F64", "cvt.rmi.f64.f64", F64);
  public static final MachineOpcode CVT_RPI_F64 = unary("CVT_RPI_F64", "cvt.rpi.f64.f64", F64);
  public static final MachineOpcode CVT_RNI_F64 = unary("CVT_RNI_F64", "cvt.rni.f64.f64", F64);
  public static final MachineOpcode CVT_RZI_F64 = unary("CVT_RZI_F64", "cvt.rzi.f64.f64", F64);

  private static MachineOpcode unaryTemplate(String name, String template, RegisterClass c) {
    return new MachineOpcode(
        name, ConstraintFamily.UNARY, List.of(c), List.of(reg(c)), template, false);
  }

  private static MachineOpcode bitField(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.TERNARY,
        List.of(c),
        List.of(OperandSpec.reg(c), OperandSpec.regOrImm(B32), OperandSpec.regOrImm(B32)),
        ptx + " {d0}, {u0}, {u1}, {u2}",
        false);
  }

  private static MachineOpcode bitFieldInsert(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.TERNARY,
        List.of(c),
        List.of(reg(c), reg(c), regOrImm(B32), regOrImm(B32)),
        ptx + " {d0}, {u1}, {u0}, {u2}, {u3}",
        false);
  }

  private static MachineOpcode rotate(String name, String ptx) {
    return new MachineOpcode(
        name,
        ConstraintFamily.BINARY,
        List.of(B32),
        List.of(reg(B32), regOrImm(B32)),
        ptx + " {d0}, {u0}, {u0}, {u1}",
        false);
  }

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        MIN_S32,
        MAX_S32,
        MIN_U32,
        MAX_U32,
        MIN_S64,
        MAX_S64,
        MIN_U64,
        MAX_U64,
        ABS_S32,
        ABS_S64,
        MIN_F32,
        MAX_F32,
        MIN_F64,
        MAX_F64,
        ABS_F32,
        ABS_F64,
        SQRT_RN_F32,
        SQRT_RN_F64,
        SIN_APPROX_F32,
        COS_APPROX_F32,
        EX2_APPROX_F32,
        LG2_APPROX_F32,
        SQRT_APPROX_F32,
        RSQRT_APPROX_F32,
        POPC_B32,
        POPC_B64,
        CLZ_B32,
        CLZ_B64,
        BREV_B32,
        BREV_B64,
        BSWAP_B32,
        MUL_HI_S32,
        MUL_HI_S64,
        MUL_HI_U64,
        BFE_U32,
        BFE_U64,
        ROTL_B32,
        ROTR_B32,
        SHF_L_WRAP_B32,
        BFI_B32,
        BFI_B64,
        CVT_RMI_F32,
        CVT_RPI_F32,
        CVT_RNI_F32,
        CVT_RZI_F32,
        CVT_RMI_F64,
        CVT_RPI_F64,
        CVT_RNI_F64,
        CVT_RZI_F64);
  }
}
