package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.Rows.convert;

import java.util.List;

/**
 * Half-precision ({@code f16}, {@code bf16}) conversions and packed arithmetic. Values live in
 * plain bit registers, as the ISA allows: a scalar in a {@code .b16} register, a pair in a {@code
 * .b32} one (element 0 in the low half), so the {@code Gpu} methods' {@code short}/{@code int} bit
 * patterns need no moves. Packed operands are registers only (PTX has no {@code f16x2} immediate).
 *
 * <p>Availability (PTX ISA): the {@code f16} conversions exist on every target (ISA 1.0); packed
 * {@code f16x2} arithmetic from sm_53 (ISA 4.2); {@code max}/{@code min} on {@code f16x2}, {@code
 * cvt.rn.bf16.f32} and {@code fma.rn.bf16x2} from sm_80 (ISA 7.0). Older targets get an emulation
 * built in legalization ({@code legalize/IntrinsicLowerings}). The {@code .ftz} forms without
 * {@code .rn} are for fast math: {@code ptxas} may contract an {@code f16x2} multiply and add
 * without a rounding modifier into an FMA, and subnormals may be flushed.
 */
public final class HalfOpcodes {
  private HalfOpcodes() {}

  // exact: every binary16 value is a normal float
  public static final MachineOpcode CVT_F32_F16 = convert("CVT_F32_F16", "cvt.f32.f16", F32, B16);
  // NaN gives the canonical 0x7fff, as Gpu.floatToHalf
  public static final MachineOpcode CVT_RN_F16_F32 =
      convert("CVT_RN_F16_F32", "cvt.rn.f16.f32", B16, F32);
  public static final MachineOpcode CVT_RN_BF16_F32 =
      convert("CVT_RN_BF16_F32", "cvt.rn.bf16.f32", B16, F32);

  public static final MachineOpcode ADD_RN_F16X2 = binary("ADD_RN_F16X2", "add.rn.f16x2");
  public static final MachineOpcode SUB_RN_F16X2 = binary("SUB_RN_F16X2", "sub.rn.f16x2");
  public static final MachineOpcode MUL_RN_F16X2 = binary("MUL_RN_F16X2", "mul.rn.f16x2");
  public static final MachineOpcode FMA_RN_F16X2 = ternary("FMA_RN_F16X2", "fma.rn.f16x2");
  public static final MachineOpcode ADD_FTZ_F16X2 = binary("ADD_FTZ_F16X2", "add.ftz.f16x2");
  public static final MachineOpcode SUB_FTZ_F16X2 = binary("SUB_FTZ_F16X2", "sub.ftz.f16x2");
  public static final MachineOpcode MUL_FTZ_F16X2 = binary("MUL_FTZ_F16X2", "mul.ftz.f16x2");
  public static final MachineOpcode FMA_RN_FTZ_F16X2 =
      ternary("FMA_RN_FTZ_F16X2", "fma.rn.ftz.f16x2");
  // __hmax2/__hmin2 exactly: a NaN lane gives the other operand, +0.0 > -0.0 (ISA 9.7.4.8)
  public static final MachineOpcode MAX_F16X2 = binary("MAX_F16X2", "max.f16x2");
  public static final MachineOpcode MIN_F16X2 = binary("MIN_F16X2", "min.f16x2");
  public static final MachineOpcode FMA_RN_BF16X2 = ternary("FMA_RN_BF16X2", "fma.rn.bf16x2");

  private static MachineOpcode binary(String name, String ptx) {
    return new MachineOpcode(
        name,
        ConstraintFamily.BINARY,
        List.of(B32),
        List.of(reg(B32), reg(B32)),
        ptx + " {d0}, {u0}, {u1}",
        false);
  }

  private static MachineOpcode ternary(String name, String ptx) {
    return new MachineOpcode(
        name,
        ConstraintFamily.TERNARY,
        List.of(B32),
        List.of(reg(B32), reg(B32), reg(B32)),
        ptx + " {d0}, {u0}, {u1}, {u2}",
        false);
  }

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        CVT_F32_F16,
        CVT_RN_F16_F32,
        CVT_RN_BF16_F32,
        ADD_RN_F16X2,
        SUB_RN_F16X2,
        MUL_RN_F16X2,
        FMA_RN_F16X2,
        ADD_FTZ_F16X2,
        SUB_FTZ_F16X2,
        MUL_FTZ_F16X2,
        FMA_RN_FTZ_F16X2,
        MAX_F16X2,
        MIN_F16X2,
        FMA_RN_BF16X2);
  }
}
