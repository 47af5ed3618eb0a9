package dev.jptx.compiler.target;

import java.util.Set;

/**
 * The Java operations that become more than one instruction whose parts belong together: a
 * conversion from floating point to {@code long} (or from {@code double} to {@code int}) is a
 * {@code cvt.rzi} and the {@code selp} that maps NaN to 0, because PTX's conversion gives the most
 * negative value for NaN ({@code cvt.rzi.s32.f32} gives 0 itself); a shift by a register is the
 * {@code and} that masks the count (Java uses its low 5 or 6 bits, PTX clamps it) and the shift.
 * The PTX lint checks such pairs, and the outliner keeps them in one function.
 */
public final class JavaOperationParts {
  /** Conversions whose NaN result must be selected to 0. */
  public static final Set<MachineOpcode> NAN_SELECTED_CONVERSIONS =
      Set.of(
          ConversionOpcodes.CVT_RZI_S32_F64,
          ConversionOpcodes.CVT_RZI_S64_F32,
          ConversionOpcodes.CVT_RZI_S64_F64);

  /** Shifts, whose count operand a register may give. */
  public static final Set<MachineOpcode> SHIFTS =
      Set.of(
          IntegerOpcodes.SHL_B16,
          IntegerOpcodes.SHL_B32,
          IntegerOpcodes.SHL_B64,
          IntegerOpcodes.SHR_S16,
          IntegerOpcodes.SHR_S32,
          IntegerOpcodes.SHR_S64,
          IntegerOpcodes.SHR_U16,
          IntegerOpcodes.SHR_U32,
          IntegerOpcodes.SHR_U64);

  /** The {@code and}s a shift count's mask is made of. */
  public static final Set<MachineOpcode> MASKS =
      Set.of(IntegerOpcodes.AND_B16, IntegerOpcodes.AND_B32, IntegerOpcodes.AND_B64);

  private JavaOperationParts() {}
}
