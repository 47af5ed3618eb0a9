package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.H16;
import static dev.jptx.compiler.target.RegisterClass.H32;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.crossCopy;

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
public final class HalfOpcodes {
  private HalfOpcodes() {}

  // exact: every binary16 value is a normal float
  public static final MachineOpcode CVT_F32_F16 = convert("CVT_F32_F16", "cvt.f32.f16", F32, H16);
  // NaN gives the canonical 0x7fff, as Gpu.floatToHalf
  public static final MachineOpcode CVT_RN_F16_F32 =
      convert("CVT_RN_F16_F32", "cvt.rn.f16.f32", H16, F32);
  public static final MachineOpcode CVT_RN_BF16_F32 =
      convert("CVT_RN_BF16_F32", "cvt.rn.bf16.f32", H16, F32);
  // the same conversions on a binary16 pattern in a bit register: where f16 is promoted to f32
  public static final MachineOpcode CVT_F32_F16_B16 =
      convert("CVT_F32_F16_B16", "cvt.f32.f16", F32, B16);
  public static final MachineOpcode CVT_RN_F16_F32_B16 =
      convert("CVT_RN_F16_F32_B16", "cvt.rn.f16.f32", B16, F32);

  // bit patterns into half registers and back (Gpu's short and int values)
  public static final MachineOpcode MOV_H16_B16 = crossCopy("MOV_H16_B16", "mov.b16", H16, B16);
  public static final MachineOpcode MOV_B16_H16 = crossCopy("MOV_B16_H16", "mov.b16", B16, H16);
  public static final MachineOpcode MOV_H32_B32 = crossCopy("MOV_H32_B32", "mov.b32", H32, B32);
  public static final MachineOpcode MOV_B32_H32 = crossCopy("MOV_B32_H32", "mov.b32", B32, H32);
  // the lanes of a packed pair, element 0 first
  public static final MachineOpcode UNPACK_H16X2 =
      new MachineOpcode(
          "UNPACK_H16X2",
          ConstraintFamily.CROSS_COPY,
          List.of(H16, H16),
          List.of(reg(H32)),
          "mov.b32 {{{d0}, {d1}}}, {u0}",
          false);
  public static final MachineOpcode PACK_H16X2 =
      new MachineOpcode(
          "PACK_H16X2",
          ConstraintFamily.CROSS_COPY,
          List.of(H32),
          List.of(reg(H16), reg(H16)),
          "mov.b32 {d0}, {{{u0}, {u1}}}",
          false);

  public static final MachineOpcode ADD_RN_F16 = binary("ADD_RN_F16", "add.rn.f16", H16);
  public static final MachineOpcode SUB_RN_F16 = binary("SUB_RN_F16", "sub.rn.f16", H16);
  public static final MachineOpcode MUL_RN_F16 = binary("MUL_RN_F16", "mul.rn.f16", H16);
  public static final MachineOpcode FMA_RN_F16 = ternary("FMA_RN_F16", "fma.rn.f16", H16);
  public static final MachineOpcode ADD_F16 = binary("ADD_F16", "add.f16", H16);
  public static final MachineOpcode SUB_F16 = binary("SUB_F16", "sub.f16", H16);
  public static final MachineOpcode MUL_F16 = binary("MUL_F16", "mul.f16", H16);

  public static final MachineOpcode MAX_F16 = binary("MAX_F16", "max.f16", H16);
  public static final MachineOpcode MIN_F16 = binary("MIN_F16", "min.f16", H16);

  public static final MachineOpcode ADD_RN_F16X2 = binary("ADD_RN_F16X2", "add.rn.f16x2", H32);
  public static final MachineOpcode SUB_RN_F16X2 = binary("SUB_RN_F16X2", "sub.rn.f16x2", H32);
  public static final MachineOpcode MUL_RN_F16X2 = binary("MUL_RN_F16X2", "mul.rn.f16x2", H32);
  public static final MachineOpcode FMA_RN_F16X2 = ternary("FMA_RN_F16X2", "fma.rn.f16x2", H32);
  public static final MachineOpcode ADD_F16X2 = binary("ADD_F16X2", "add.f16x2", H32);
  public static final MachineOpcode SUB_F16X2 = binary("SUB_F16X2", "sub.f16x2", H32);
  public static final MachineOpcode MUL_F16X2 = binary("MUL_F16X2", "mul.f16x2", H32);
  // __hmax2/__hmin2 exactly: a NaN lane gives the other operand, +0.0 > -0.0 (ISA 9.7.4.8)
  public static final MachineOpcode MAX_F16X2 = binary("MAX_F16X2", "max.f16x2", H32);
  public static final MachineOpcode MIN_F16X2 = binary("MIN_F16X2", "min.f16x2", H32);
  public static final MachineOpcode FMA_RN_BF16X2 = ternary("FMA_RN_BF16X2", "fma.rn.bf16x2", H32);

  // the same instructions on the bit registers Gpu's int and short patterns live in, for the
  // selection rules that fold the bitcasts between those and the half types
  public static final MachineOpcode CVT_RN_BF16_F32_B16 =
      convert("CVT_RN_BF16_F32_B16", "cvt.rn.bf16.f32", B16, F32);
  public static final MachineOpcode ADD_RN_F16X2_B32 =
      binary("ADD_RN_F16X2_B32", "add.rn.f16x2", B32);
  public static final MachineOpcode SUB_RN_F16X2_B32 =
      binary("SUB_RN_F16X2_B32", "sub.rn.f16x2", B32);
  public static final MachineOpcode MUL_RN_F16X2_B32 =
      binary("MUL_RN_F16X2_B32", "mul.rn.f16x2", B32);
  public static final MachineOpcode FMA_RN_F16X2_B32 =
      ternary("FMA_RN_F16X2_B32", "fma.rn.f16x2", B32);
  public static final MachineOpcode ADD_F16X2_B32 = binary("ADD_F16X2_B32", "add.f16x2", B32);
  public static final MachineOpcode SUB_F16X2_B32 = binary("SUB_F16X2_B32", "sub.f16x2", B32);
  public static final MachineOpcode MUL_F16X2_B32 = binary("MUL_F16X2_B32", "mul.f16x2", B32);
  public static final MachineOpcode MAX_F16X2_B32 = binary("MAX_F16X2_B32", "max.f16x2", B32);
  public static final MachineOpcode MIN_F16X2_B32 = binary("MIN_F16X2_B32", "min.f16x2", B32);
  public static final MachineOpcode FMA_RN_BF16X2_B32 =
      ternary("FMA_RN_BF16X2_B32", "fma.rn.bf16x2", B32);

  private static MachineOpcode binary(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.BINARY,
        List.of(c),
        List.of(reg(c), reg(c)),
        ptx + " {d0}, {u0}, {u1}",
        false);
  }

  private static MachineOpcode ternary(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.TERNARY,
        List.of(c),
        List.of(reg(c), reg(c), reg(c)),
        ptx + " {d0}, {u0}, {u1}, {u2}",
        false);
  }

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        CVT_F32_F16,
        CVT_RN_F16_F32,
        CVT_RN_BF16_F32,
        CVT_F32_F16_B16,
        CVT_RN_F16_F32_B16,
        MOV_H16_B16,
        MOV_B16_H16,
        MOV_H32_B32,
        MOV_B32_H32,
        UNPACK_H16X2,
        PACK_H16X2,
        ADD_RN_F16,
        SUB_RN_F16,
        MUL_RN_F16,
        FMA_RN_F16,
        ADD_F16,
        SUB_F16,
        MUL_F16,
        MAX_F16,
        MIN_F16,
        ADD_RN_F16X2,
        SUB_RN_F16X2,
        MUL_RN_F16X2,
        FMA_RN_F16X2,
        ADD_F16X2,
        SUB_F16X2,
        MUL_F16X2,
        MAX_F16X2,
        MIN_F16X2,
        FMA_RN_BF16X2,
        CVT_RN_BF16_F32_B16,
        ADD_RN_F16X2_B32,
        SUB_RN_F16X2_B32,
        MUL_RN_F16X2_B32,
        FMA_RN_F16X2_B32,
        ADD_F16X2_B32,
        SUB_F16X2_B32,
        MUL_F16X2_B32,
        MAX_F16X2_B32,
        MIN_F16X2_B32,
        FMA_RN_BF16X2_B32);
  }
}
