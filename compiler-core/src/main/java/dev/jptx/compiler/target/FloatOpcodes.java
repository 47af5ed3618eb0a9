package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.binary;
import static dev.jptx.compiler.target.Rows.ternary;
import static dev.jptx.compiler.target.Rows.unary;

/**
 * Floating-point arithmetic. The {@code .rn} forms are what Java semantics need: {@code ptxas}
 * never fuses an add or multiply that carries an explicit rounding mode into an FMA. The forms
 * without one are for {@code fastMath}, where that contraction is wanted.
 */
public enum FloatOpcodes implements MachineOpcode {
  // spotless:off
  ADD_RN_F32  ("any", binary("add.rn.f32", F32)),
  SUB_RN_F32  ("any", binary("sub.rn.f32", F32)),
  MUL_RN_F32  ("any", binary("mul.rn.f32", F32)),
  DIV_RN_F32  ("any", binary("div.rn.f32", F32)),
  ADD_F32     ("any", binary("add.f32", F32)),
  SUB_F32     ("any", binary("sub.f32", F32)),
  MUL_F32     ("any", binary("mul.f32", F32)),
  // fastMath division: within 2 ulp, as nvcc --use_fast_math emits
  DIV_FULL_F32("any", binary("div.full.f32", F32)),
  NEG_F32     ("any", unary("neg.f32", F32)),
  FMA_RN_F32  ("any", ternary("fma.rn.f32", F32)),
  ADD_RN_F64  ("any", binary("add.rn.f64", F64)),
  SUB_RN_F64  ("any", binary("sub.rn.f64", F64)),
  MUL_RN_F64  ("any", binary("mul.rn.f64", F64)),
  DIV_RN_F64  ("any", binary("div.rn.f64", F64)),
  ADD_F64     ("any", binary("add.f64", F64)),
  SUB_F64     ("any", binary("sub.f64", F64)),
  MUL_F64     ("any", binary("mul.f64", F64)),
  NEG_F64     ("any", unary("neg.f64", F64)),
  FMA_RN_F64  ("any", ternary("fma.rn.f64", F64));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  FloatOpcodes(String ptxIsa, OpcodeShape shape) {
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
}
