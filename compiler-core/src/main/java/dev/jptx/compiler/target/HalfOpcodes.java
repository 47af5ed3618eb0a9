package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.ConstraintFamily.BINARY;
import static dev.jptx.compiler.target.ConstraintFamily.CROSS_COPY;
import static dev.jptx.compiler.target.ConstraintFamily.TERNARY;
import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.H16;
import static dev.jptx.compiler.target.RegisterClass.H32;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.crossCopy;
import static dev.jptx.compiler.target.Rows.pure;

import java.util.List;

/**
 * Half precision: {@code f16}/{@code bf16} in the {@code %h} registers, the packed {@code
 * v2f16}/{@code v2bf16} in the {@code %hh} ones (element 0 in the low half), as the seed's
 * Int16HalfRegs and Int32HalfRegs; conversions, arithmetic, and the moves between those and the bit
 * registers ({@code Gpu}'s {@code short}/{@code int} patterns). Half operands are registers only
 * (PTX has no {@code f16} immediate).
 *
 * <p>Availability (PTX ISA): the {@code f16} conversions exist on every target (ISA 1.0), {@code
 * f16} and {@code f16x2} arithmetic from sm_53 (ISA 4.2), {@code max}/{@code min} on them, {@code
 * cvt.rn.bf16.f32} and {@code fma.rn.bf16x2} from sm_80 (ISA 7.0); which operation is legal where
 * is {@link LegalTypes} and {@link OperationActions}. The forms without {@code .rn} are for fast
 * math: {@code ptxas} may contract a multiply and an add without a rounding modifier into an FMA.
 * None flushes subnormals: CUDA's fast math keeps binary16 subnormals ({@code __hadd2}, {@code
 * __hfma2} never take {@code .ftz}), and so does jptx.
 */
public enum HalfOpcodes implements MachineOpcode {
  // spotless:off
  // exact: every binary16 value is a normal float
  CVT_F32_F16        ("any", convert("cvt.f32.f16", F32, H16)),
  // NaN gives the canonical 0x7fff, as Gpu.floatToHalf
  CVT_RN_F16_F32     ("any", convert("cvt.rn.f16.f32", H16, F32)),
  CVT_RN_BF16_F32    ("any", convert("cvt.rn.bf16.f32", H16, F32)),
  // the same conversions on a binary16 pattern in a bit register: where f16 is promoted to f32
  CVT_F32_F16_B16    ("any", convert("cvt.f32.f16", F32, B16)),
  CVT_RN_F16_F32_B16 ("any", convert("cvt.rn.f16.f32", B16, F32)),

  // bit patterns into half registers and back (Gpu's short and int values)
  MOV_H16_B16        ("any", crossCopy("mov.b16", H16, B16)),
  MOV_B16_H16        ("any", crossCopy("mov.b16", B16, H16)),
  MOV_H32_B32        ("any", crossCopy("mov.b32", H32, B32)),
  MOV_B32_H32        ("any", crossCopy("mov.b32", B32, H32)),
  // the lanes of a packed pair, element 0 first
  UNPACK_H16X2       ("any", pure(CROSS_COPY, "mov.b32 {{{d0}, {d1}}}, {u0}", List.of(H16, H16), reg(H32))),
  PACK_H16X2         ("any", pure(CROSS_COPY, "mov.b32 {d0}, {{{u0}, {u1}}}", List.of(H32), reg(H16), reg(H16))),

  ADD_RN_F16         ("any", binary("add.rn.f16", H16)),
  SUB_RN_F16         ("any", binary("sub.rn.f16", H16)),
  MUL_RN_F16         ("any", binary("mul.rn.f16", H16)),
  FMA_RN_F16         ("any", ternary("fma.rn.f16", H16)),
  ADD_F16            ("any", binary("add.f16", H16)),
  SUB_F16            ("any", binary("sub.f16", H16)),
  MUL_F16            ("any", binary("mul.f16", H16)),

  MAX_F16            ("any", binary("max.f16", H16)),
  MIN_F16            ("any", binary("min.f16", H16)),

  ADD_RN_F16X2       ("any", binary("add.rn.f16x2", H32)),
  SUB_RN_F16X2       ("any", binary("sub.rn.f16x2", H32)),
  MUL_RN_F16X2       ("any", binary("mul.rn.f16x2", H32)),
  FMA_RN_F16X2       ("any", ternary("fma.rn.f16x2", H32)),
  ADD_F16X2          ("any", binary("add.f16x2", H32)),
  SUB_F16X2          ("any", binary("sub.f16x2", H32)),
  MUL_F16X2          ("any", binary("mul.f16x2", H32)),
  // __hmax2/__hmin2 exactly: a NaN lane gives the other operand, +0.0 > -0.0 (ISA 9.7.4.8)
  MAX_F16X2          ("any", binary("max.f16x2", H32)),
  MIN_F16X2          ("any", binary("min.f16x2", H32)),
  FMA_RN_BF16X2      ("any", ternary("fma.rn.bf16x2", H32)),

  // the same instructions on the bit registers Gpu's int and short patterns live in, for the
  // selection rules that fold the bitcasts between those and the half types
  CVT_RN_BF16_F32_B16("any", convert("cvt.rn.bf16.f32", B16, F32)),
  ADD_RN_F16X2_B32   ("any", binary("add.rn.f16x2", B32)),
  SUB_RN_F16X2_B32   ("any", binary("sub.rn.f16x2", B32)),
  MUL_RN_F16X2_B32   ("any", binary("mul.rn.f16x2", B32)),
  FMA_RN_F16X2_B32   ("any", ternary("fma.rn.f16x2", B32)),
  ADD_F16X2_B32      ("any", binary("add.f16x2", B32)),
  SUB_F16X2_B32      ("any", binary("sub.f16x2", B32)),
  MUL_F16X2_B32      ("any", binary("mul.f16x2", B32)),
  MAX_F16X2_B32      ("any", binary("max.f16x2", B32)),
  MIN_F16X2_B32      ("any", binary("min.f16x2", B32)),
  FMA_RN_BF16X2_B32  ("any", ternary("fma.rn.bf16x2", B32));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  HalfOpcodes(String ptxIsa, OpcodeShape shape) {
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

  /** A binary operation on registers only: PTX has no half immediates. */
  private static OpcodeShape binary(String ptx, RegisterClass c) {
    return pure(BINARY, ptx + " {d0}, {u0}, {u1}", List.of(c), reg(c), reg(c));
  }

  /** A ternary operation on registers only. */
  private static OpcodeShape ternary(String ptx, RegisterClass c) {
    return pure(TERNARY, ptx + " {d0}, {u0}, {u1}, {u2}", List.of(c), reg(c), reg(c), reg(c));
  }
}
