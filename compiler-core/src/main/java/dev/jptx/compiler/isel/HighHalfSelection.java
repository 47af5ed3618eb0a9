package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.ConversionOpcodes;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.HalfOpcodes;
import dev.jptx.compiler.target.MathOpcodes;
import java.util.List;

/**
 * The high 16 bits of a register as {@code bfe} rather than a shift: a workaround for {@code
 * ptxas}.
 *
 * <p>{@code ptxas} -O3 of CUDA 13.0 and the r580 driver's JIT (seen on an H200, driver 580.159.04)
 * miscompile {@code cvt.f32.f16 (cvt.u16.u32 (shr.u32 r, 16))} where {@code r} merges several
 * branches and one of them defines it by a zero-extended 16-bit load ({@code ld.global.u16; cvt.u32
 * .u16}): it sinks the shift into the other predecessors as {@code PRMT} (the high half moved into
 * the low one), forgets the load's predecessor, and converts the loaded low 16 bits instead of 0
 * ({@code Gpu.halfToFloat(Gpu.highHalf(v))} gives NaN where Java gives 0.0; fuzz kernel k0245).
 * {@code ptxas -O0} is right; so are integer readers of the shift and {@code cvt.f32.bf16}. An
 * {@code and.b32 0xffff} after the shift, or {@code mov.b32 {lo, hi}} instead of it, are
 * miscompiled the same way; {@code bfe.u32 d, r, 16, 16} is not. So:
 *
 * <ul>
 *   <li>{@link #planTruncate}: {@code truncate i16 (srl/sra r, 16)} (every {@code highHalf}, lane 1
 *       of a scalarized pair, {@code (short) (x >>> 16)}) is {@code bfe.u32 t, r, 16, 16;
 *       cvt.u16.u32 d, t}, for any reader: the {@code cvt.f32.f16} may be in another block, and the
 *       {@code bfe} costs what the shift costs. The shift is folded when the truncation is its only
 *       reader.
 *   <li>{@link #feedsHalfWidening}: lane 1 of a packed {@code v2f16} that an {@code fp_extend}
 *       reads (per-lane {@code max}/{@code min} promoted to {@code f32} on sm_53 to sm_75) comes
 *       from the pair's bits by {@code bfe} instead of from {@code mov.b32 {lo, hi}} ({@link
 *       LaneSelection}).
 * </ul>
 *
 * The instructions are chosen here, after every DAG transformation, and no machine pass rewrites a
 * {@code bfe}, so nothing turns them back into a shift; {@code validate/HighHalfF16Rule} lints
 * every module for a shift or unpack that reaches a {@code cvt.f32.f16} anyway. {@code bfe} exists
 * on every target (sm_20 and newer).
 */
final class HighHalfSelection {
  private static final MOperand SIXTEEN = MOperand.imm(16);

  private HighHalfSelection() {}

  /** Plans {@code truncate i16 (shift r, 16)} as {@code bfe}; false if {@code n} is not one. */
  static boolean planTruncate(BlockSelector s, SdNode n) {
    SdValue shifted = n.operand(0);
    SdNode shift = shifted.node();
    Type wide = shifted.type();
    boolean highHalf =
        n.resultTypes().get(0) == ScalarType.I16
            && (wide == ScalarType.I32 || wide == ScalarType.I64)
            && shifted.resNo() == 0
            && (shift.opcode() == DagOpcode.PTX_SRL || shift.opcode() == DagOpcode.PTX_SRA)
            && shift.operand(1).node().opcode() == DagOpcode.CONSTANT
            && shift.operand(1).node().attrs().bits() == 16;
    if (!highHalf) {
      return false;
    }
    SdValue r = shift.operand(0);
    s.needRegister(r);
    if (s.useCount(shift) == 1) {
      s.cover(shift);
    }
    boolean i32 = wide == ScalarType.I32;
    s.plan(
        n,
        () -> {
          VReg field = s.temp(wide);
          s.emit(
              i32 ? MathOpcodes.BFE_U32 : MathOpcodes.BFE_U64,
              field,
              List.of(s.reg(r), SIXTEEN, SIXTEEN),
              n.line());
          s.emit(
              i32 ? ConversionOpcodes.CVT_U16_U32 : ConversionOpcodes.CVT_U16_U64,
              s.def(n.value()),
              List.of(new MOperand.Reg(field)),
              n.line());
        });
    return true;
  }

  /** True if {@code extract} takes lane 1 of a {@code v2f16} and an {@code fp_extend} reads it. */
  static boolean feedsHalfWidening(BlockSelector s, SdNode extract, int lane) {
    if (lane != 1
        || !(extract.operand(0).type() instanceof VectorType t)
        || t.element() != ScalarType.F16) {
      return false;
    }
    return s.users(extract).stream().anyMatch(u -> u.opcode() == DagOpcode.FP_EXTEND);
  }

  /**
   * Emits lane 1 of the pair in {@code pair} ({@code %hh}) into {@code lane} ({@code %h}): the
   * pair's bits, their high half by {@code bfe}, then into the half register.
   */
  static void emitHighLane(BlockSelector s, VReg pair, VReg lane, int line) {
    VReg bits = s.temp(ScalarType.I32);
    VReg field = s.temp(ScalarType.I32);
    VReg half = s.temp(ScalarType.I16);
    s.emit(HalfOpcodes.MOV_B32_H32, bits, List.of(new MOperand.Reg(pair)), line);
    s.emit(MathOpcodes.BFE_U32, field, List.of(new MOperand.Reg(bits), SIXTEEN, SIXTEEN), line);
    s.emit(ConversionOpcodes.CVT_U16_U32, half, List.of(new MOperand.Reg(field)), line);
    s.emit(HalfOpcodes.MOV_H16_B16, lane, List.of(new MOperand.Reg(half)), line);
  }
}
