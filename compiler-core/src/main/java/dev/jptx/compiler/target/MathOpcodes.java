package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.binary;
import static dev.jptx.compiler.target.Rows.unary;

import java.util.List;

/**
 * The instructions behind the Java library intrinsics ({@code Math}, {@code Integer}, {@code
 * Long}): integer min/max/abs, bit counting and reversal, exact float operations. Java's semantics
 * where PTX differs (float min/max on NaN and zeros) are built around these by the front end.
 */
public final class MathOpcodes {
  private MathOpcodes() {}

  public static final MachineOpcode MIN_S32 = binary("MIN_S32", "min.s32", B32);
  public static final MachineOpcode MAX_S32 = binary("MAX_S32", "max.s32", B32);
  public static final MachineOpcode MIN_U32 = binary("MIN_U32", "min.u32", B32);
  public static final MachineOpcode MAX_U32 = binary("MAX_U32", "max.u32", B32);
  public static final MachineOpcode MIN_S64 = binary("MIN_S64", "min.s64", B64);
  public static final MachineOpcode MAX_S64 = binary("MAX_S64", "max.s64", B64);
  public static final MachineOpcode MIN_U64 = binary("MIN_U64", "min.u64", B64);
  public static final MachineOpcode MAX_U64 = binary("MAX_U64", "max.u64", B64);
  public static final MachineOpcode ABS_S32 = unary("ABS_S32", "abs.s32", B32);
  public static final MachineOpcode ABS_S64 = unary("ABS_S64", "abs.s64", B64);
  public static final MachineOpcode MIN_F32 = binary("MIN_F32", "min.f32", F32);
  public static final MachineOpcode MAX_F32 = binary("MAX_F32", "max.f32", F32);
  public static final MachineOpcode MIN_F64 = binary("MIN_F64", "min.f64", F64);
  public static final MachineOpcode MAX_F64 = binary("MAX_F64", "max.f64", F64);
  public static final MachineOpcode ABS_F32 = unary("ABS_F32", "abs.f32", F32);
  public static final MachineOpcode ABS_F64 = unary("ABS_F64", "abs.f64", F64);
  public static final MachineOpcode SQRT_RN_F32 = unary("SQRT_RN_F32", "sqrt.rn.f32", F32);
  public static final MachineOpcode SQRT_RN_F64 = unary("SQRT_RN_F64", "sqrt.rn.f64", F64);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        MIN_S32,
        MAX_S32,
        MIN_U32,
        MAX_U32,
        MIN_S64,
        MAX_S64,
        MIN_U64,
        MAX_U64,
        ABS_S32,
        ABS_S64,
        MIN_F32,
        MAX_F32,
        MIN_F64,
        MAX_F64,
        ABS_F32,
        ABS_F64,
        SQRT_RN_F32,
        SQRT_RN_F64);
  }
}
