package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.binary;
import static dev.jptx.compiler.target.Rows.ternary;
import static dev.jptx.compiler.target.Rows.unary;

import java.util.List;

/**
 * Floating-point arithmetic. The {@code .rn} forms are what Java semantics need: {@code ptxas}
 * never fuses an add or multiply that carries an explicit rounding mode into an FMA. The forms
 * without one are for {@code fastMath}, where that contraction is wanted.
 */
public final class FloatOpcodes {
  private FloatOpcodes() {}

  public static final MachineOpcode ADD_RN_F32 = binary("ADD_RN_F32", "add.rn.f32", F32);
  public static final MachineOpcode SUB_RN_F32 = binary("SUB_RN_F32", "sub.rn.f32", F32);
  public static final MachineOpcode MUL_RN_F32 = binary("MUL_RN_F32", "mul.rn.f32", F32);
  public static final MachineOpcode DIV_RN_F32 = binary("DIV_RN_F32", "div.rn.f32", F32);
  public static final MachineOpcode ADD_F32 = binary("ADD_F32", "add.f32", F32);
  public static final MachineOpcode SUB_F32 = binary("SUB_F32", "sub.f32", F32);
  public static final MachineOpcode MUL_F32 = binary("MUL_F32", "mul.f32", F32);
  // fastMath division: within 2 ulp, as nvcc --use_fast_math emits
  public static final MachineOpcode DIV_FULL_F32 = binary("DIV_FULL_F32", "div.full.f32", F32);
  public static final MachineOpcode NEG_F32 = unary("NEG_F32", "neg.f32", F32);
  public static final MachineOpcode FMA_RN_F32 = ternary("FMA_RN_F32", "fma.rn.f32", F32);
  public static final MachineOpcode ADD_RN_F64 = binary("ADD_RN_F64", "add.rn.f64", F64);
  public static final MachineOpcode SUB_RN_F64 = binary("SUB_RN_F64", "sub.rn.f64", F64);
  public static final MachineOpcode MUL_RN_F64 = binary("MUL_RN_F64", "mul.rn.f64", F64);
  public static final MachineOpcode DIV_RN_F64 = binary("DIV_RN_F64", "div.rn.f64", F64);
  public static final MachineOpcode ADD_F64 = binary("ADD_F64", "add.f64", F64);
  public static final MachineOpcode SUB_F64 = binary("SUB_F64", "sub.f64", F64);
  public static final MachineOpcode MUL_F64 = binary("MUL_F64", "mul.f64", F64);
  public static final MachineOpcode NEG_F64 = unary("NEG_F64", "neg.f64", F64);
  public static final MachineOpcode FMA_RN_F64 = ternary("FMA_RN_F64", "fma.rn.f64", F64);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        ADD_RN_F32,
        SUB_RN_F32,
        MUL_RN_F32,
        DIV_RN_F32,
        ADD_F32,
        SUB_F32,
        MUL_F32,
        DIV_FULL_F32,
        NEG_F32,
        FMA_RN_F32,
        ADD_RN_F64,
        SUB_RN_F64,
        MUL_RN_F64,
        DIV_RN_F64,
        ADD_F64,
        SUB_F64,
        MUL_F64,
        NEG_F64,
        FMA_RN_F64);
  }
}
