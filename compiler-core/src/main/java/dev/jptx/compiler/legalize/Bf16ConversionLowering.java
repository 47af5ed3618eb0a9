package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Intrinsic;

/**
 * {@code bf16.to.float} everywhere ({@code cvt.f32.bf16} needs sm_80 and PTX ISA 7.1, and a shift
 * is as cheap) and {@code float.to.bf16} below sm_80 (no {@code cvt.rn.bf16.f32}), as integer
 * operations ({@link Bf16Bits}).
 */
final class Bf16ConversionLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    SdValue x = n.operand(0);
    return n.attrs().operation() == Intrinsic.BF16_TO_FLOAT
        ? Bf16Bits.toFloat(dag, x)
        : Bf16Bits.round(dag, x);
  }
}
