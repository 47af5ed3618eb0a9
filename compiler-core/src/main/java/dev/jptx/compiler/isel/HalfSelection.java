package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.isel.IntrinsicRow.Mode;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.HalfOpcodes;
import dev.jptx.compiler.target.MachineOpcode;
import java.util.List;

/**
 * The selection rows of half-precision conversions and packed arithmetic, where the target has the
 * instruction; below sm_53 (packed {@code f16x2} arithmetic) and sm_80 ({@code f16x2} min/max and
 * everything {@code bf16}) legalization has already rewritten the call ({@code
 * legalize/IntrinsicLowerings}). Arithmetic has a strict row ({@code .rn}: Java-exact, never
 * contracted) and a fast-math row ({@code .ftz}, contractable).
 */
final class HalfSelection {
  private static final Availability F16X2 = Availability.fromSm(53);
  private static final Availability SM80 = Availability.fromSm(80);

  private HalfSelection() {}

  static List<IntrinsicRow> rows() {
    return List.of(
        IntrinsicRow.of(Intrinsic.HALF_TO_FLOAT, F32, HalfOpcodes.CVT_F32_F16_B16),
        IntrinsicRow.of(Intrinsic.FLOAT_TO_HALF, I16, HalfOpcodes.CVT_RN_F16_F32_B16),
        new IntrinsicRow(Intrinsic.FLOAT_TO_BF16, I16, HalfOpcodes.CVT_RN_BF16_F32_B16, SM80),
        strict(Intrinsic.HADD2, HalfOpcodes.ADD_RN_F16X2_B32, F16X2),
        fast(Intrinsic.HADD2, HalfOpcodes.ADD_FTZ_F16X2_B32, F16X2),
        strict(Intrinsic.HSUB2, HalfOpcodes.SUB_RN_F16X2_B32, F16X2),
        fast(Intrinsic.HSUB2, HalfOpcodes.SUB_FTZ_F16X2_B32, F16X2),
        strict(Intrinsic.HMUL2, HalfOpcodes.MUL_RN_F16X2_B32, F16X2),
        fast(Intrinsic.HMUL2, HalfOpcodes.MUL_FTZ_F16X2_B32, F16X2),
        strict(Intrinsic.HFMA2, HalfOpcodes.FMA_RN_F16X2_B32, F16X2),
        fast(Intrinsic.HFMA2, HalfOpcodes.FMA_RN_FTZ_F16X2_B32, F16X2),
        // selections, not roundings: no fast form, flushing would lose values for no speed
        new IntrinsicRow(Intrinsic.HMAX2, I32, HalfOpcodes.MAX_F16X2_B32, SM80),
        new IntrinsicRow(Intrinsic.HMIN2, I32, HalfOpcodes.MIN_F16X2_B32, SM80),
        // bf16 has no .ftz form
        new IntrinsicRow(Intrinsic.BF16FMA2, I32, HalfOpcodes.FMA_RN_BF16X2_B32, SM80));
  }

  private static IntrinsicRow strict(Intrinsic in, MachineOpcode out, Availability when) {
    return new IntrinsicRow(in, I32, out, when, Mode.STRICT);
  }

  private static IntrinsicRow fast(Intrinsic in, MachineOpcode out, Availability when) {
    return new IntrinsicRow(in, I32, out, when, Mode.FAST);
  }
}
