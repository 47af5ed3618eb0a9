package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.ConstraintFamily.BINARY;
import static dev.jptx.compiler.target.ConstraintFamily.TERNARY;
import static dev.jptx.compiler.target.ConstraintFamily.UNARY;
import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.binary;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.pure;
import static dev.jptx.compiler.target.Rows.unary;

import java.util.List;

/**
 * The instructions behind the Java library intrinsics ({@code Math}, {@code Integer}, {@code
 * Long}): integer min/max/abs, bit counting and reversal, exact float operations. Java's semantics
 * where PTX differs (float min/max on NaN and zeros) are built around these by the front end; where
 * PTX has no instruction (trailing zeros, 64-bit rotations and byte swaps) legalization composes
 * these rows.
 */
public enum MathOpcodes implements MachineOpcode {
  // spotless:off
  MIN_S32         ("any", binary("min.s32", B32)),
  MAX_S32         ("any", binary("max.s32", B32)),
  MIN_U32         ("any", binary("min.u32", B32)),
  MAX_U32         ("any", binary("max.u32", B32)),
  MIN_S64         ("any", binary("min.s64", B64)),
  MAX_S64         ("any", binary("max.s64", B64)),
  MIN_U64         ("any", binary("min.u64", B64)),
  MAX_U64         ("any", binary("max.u64", B64)),
  ABS_S32         ("any", unary("abs.s32", B32)),
  ABS_S64         ("any", unary("abs.s64", B64)),
  MIN_F32         ("any", binary("min.f32", F32)),
  MAX_F32         ("any", binary("max.f32", F32)),
  MIN_F64         ("any", binary("min.f64", F64)),
  MAX_F64         ("any", binary("max.f64", F64)),
  ABS_F32         ("any", unary("abs.f32", F32)),
  ABS_F64         ("any", unary("abs.f64", F64)),
  // copysign d, a, b is b with a's sign: the IR's copysign takes (sign, magnitude) in this order
  COPYSIGN_F32    ("any", binary("copysign.f32", F32)),
  COPYSIGN_F64    ("any", binary("copysign.f64", F64)),
  SQRT_RN_F32     ("any", unary("sqrt.rn.f32", F32)),
  SQRT_RN_F64     ("any", unary("sqrt.rn.f64", F64)),

  // the approximations of fastMath GpuMath; no .ftz: subnormal inputs keep their value
  SIN_APPROX_F32  ("any", unary("sin.approx.f32", F32)),
  COS_APPROX_F32  ("any", unary("cos.approx.f32", F32)),
  EX2_APPROX_F32  ("any", unary("ex2.approx.f32", F32)),
  LG2_APPROX_F32  ("any", unary("lg2.approx.f32", F32)),
  SQRT_APPROX_F32 ("any", unary("sqrt.approx.f32", F32)),
  RSQRT_APPROX_F32("any", unary("rsqrt.approx.f32", F32)),
  TANH_APPROX_F32 ("7.0", unary("tanh.approx.f32", F32)),
  // the accurate library's approximations on reduced arguments (HardwareApprox)
  EX2_APPROX_FTZ_F32("any", unary("ex2.approx.ftz.f32", F32)),
  RCP_APPROX_FTZ_F32("any", unary("rcp.approx.ftz.f32", F32)),
  RSQRT_APPROX_FTZ_F32("any", unary("rsqrt.approx.ftz.f32", F32)),

  // bit counts are u32 results for both widths, as Java's int-returning Long.bitCount
  POPC_B32        ("any", unary("popc.b32", B32)),
  POPC_B64        ("any", convert("popc.b64", B32, B64)),
  CLZ_B32         ("any", unary("clz.b32", B32)),
  CLZ_B64         ("any", convert("clz.b64", B32, B64)),
  BREV_B32        ("any", unary("brev.b32", B32)),
  BREV_B64        ("any", unary("brev.b64", B64)),
  // selector 0x0123: result byte k is source byte 3 - k
  BSWAP_B32       ("any", pure(UNARY, "prmt.b32 {d0}, {u0}, 0, 0x0123", List.of(B32), reg(B32))),
  MUL_HI_S32      ("any", binary("mul.hi.s32", B32)),
  MUL_HI_S64      ("any", binary("mul.hi.s64", B64)),
  MUL_HI_U64      ("any", binary("mul.hi.u64", B64)),
  // a field of bits: d = (a >>> pos) & (2^len - 1), position and length 32-bit for both widths
  BFE_U32         ("any", bitField("bfe.u32", B32)),
  BFE_U64         ("any", bitField("bfe.u64", B64)),
  // a funnel shift of the value with itself is a rotation; .wrap uses the count mod 32, as Java
  ROTL_B32        ("any", rotate("shf.l.wrap.b32")),
  ROTR_B32        ("any", rotate("shf.r.wrap.b32")),
  // fshl(hi, lo, n): shf takes the low word first
  SHF_L_WRAP_B32  ("any", pure(TERNARY, "shf.l.wrap.b32 {d0}, {u1}, {u0}, {u2}", List.of(B32), reg(B32), reg(B32), regOrImm(B32))),
  // bfi(base, insert, pos, len): PTX puts the inserted value first
  BFI_B32         ("any", bitFieldInsert("bfi.b32", B32)),
  BFI_B64         ("any", bitFieldInsert("bfi.b64", B64)),
  // float-to-float cvt with an integer rounding rounds to an integral value, keeping the sign of
  // zero, NaN and infinities: Math.floor, ceil, rint exactly
  CVT_RMI_F32     ("any", unary("cvt.rmi.f32.f32", F32)),
  CVT_RPI_F32     ("any", unary("cvt.rpi.f32.f32", F32)),
  CVT_RNI_F32     ("any", unary("cvt.rni.f32.f32", F32)),
  CVT_RZI_F32     ("any", unary("cvt.rzi.f32.f32", F32)),
  CVT_RMI_F64     ("any", unary("cvt.rmi.f64.f64", F64)),
  CVT_RPI_F64     ("any", unary("cvt.rpi.f64.f64", F64)),
  CVT_RNI_F64     ("any", unary("cvt.rni.f64.f64", F64)),
  CVT_RZI_F64     ("any", unary("cvt.rzi.f64.f64", F64));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  MathOpcodes(String ptxIsa, OpcodeShape shape) {
    this.ptxIsa = PtxIsa.parseColumn(ptxIsa);
    this.shape = shape;
  }

  @Override
  public PtxVersion ptxIsa() {
    return ptxIsa;
  }

  @Override
  public OpcodeShape shape() {
    return shape;
  }

  /** {@code bfe}: the value, then the field's position and length, 32-bit for both widths. */
  private static OpcodeShape bitField(String ptx, RegisterClass c) {
    return pure(
        TERNARY, ptx + " {d0}, {u0}, {u1}, {u2}", List.of(c), reg(c), regOrImm(B32), regOrImm(B32));
  }

  /** {@code bfi}: base, inserted value, position, length; PTX puts the inserted value first. */
  private static OpcodeShape bitFieldInsert(String ptx, RegisterClass c) {
    return pure(
        TERNARY,
        ptx + " {d0}, {u1}, {u0}, {u2}, {u3}",
        List.of(c),
        reg(c),
        reg(c),
        regOrImm(B32),
        regOrImm(B32));
  }

  /** A rotation: the funnel shift of the value with itself. */
  private static OpcodeShape rotate(String ptx) {
    return pure(BINARY, ptx + " {d0}, {u0}, {u0}, {u1}", List.of(B32), reg(B32), regOrImm(B32));
  }
}
