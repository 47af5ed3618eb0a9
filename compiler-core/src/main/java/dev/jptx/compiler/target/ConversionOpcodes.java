package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.convert;

import java.util.List;

/**
 * Conversions. {@code cvt} may read a register wider than its source type, which is how the
 * in-register extensions ({@code cvt.s32.s8 %r, %r}) work.
 */
public final class ConversionOpcodes {
  private ConversionOpcodes() {}

  public static final MachineOpcode CVT_RN_F32_S32 =
      convert("CVT_RN_F32_S32", "cvt.rn.f32.s32", F32, B32);
  public static final MachineOpcode CVT_RN_F64_S32 =
      convert("CVT_RN_F64_S32", "cvt.rn.f64.s32", F64, B32);
  public static final MachineOpcode CVT_RN_F32_S64 =
      convert("CVT_RN_F32_S64", "cvt.rn.f32.s64", F32, B64);
  public static final MachineOpcode CVT_RN_F64_S64 =
      convert("CVT_RN_F64_S64", "cvt.rn.f64.s64", F64, B64);
  public static final MachineOpcode CVT_RZI_S32_F32 =
      convert("CVT_RZI_S32_F32", "cvt.rzi.s32.f32", B32, F32);
  public static final MachineOpcode CVT_RZI_S32_F64 =
      convert("CVT_RZI_S32_F64", "cvt.rzi.s32.f64", B32, F64);
  public static final MachineOpcode CVT_RZI_S64_F32 =
      convert("CVT_RZI_S64_F32", "cvt.rzi.s64.f32", B64, F32);
  public static final MachineOpcode CVT_RZI_S64_F64 =
      convert("CVT_RZI_S64_F64", "cvt.rzi.s64.f64", B64, F64);
  public static final MachineOpcode CVT_F64_F32 = convert("CVT_F64_F32", "cvt.f64.f32", F64, F32);
  public static final MachineOpcode CVT_RN_F32_F64 =
      convert("CVT_RN_F32_F64", "cvt.rn.f32.f64", F32, F64);
  public static final MachineOpcode CVT_S64_S32 = convert("CVT_S64_S32", "cvt.s64.s32", B64, B32);
  public static final MachineOpcode CVT_U64_U32 = convert("CVT_U64_U32", "cvt.u64.u32", B64, B32);
  public static final MachineOpcode CVT_U32_U64 = convert("CVT_U32_U64", "cvt.u32.u64", B32, B64);
  public static final MachineOpcode CVT_U16_U32 = convert("CVT_U16_U32", "cvt.u16.u32", B16, B32);
  public static final MachineOpcode CVT_U16_U64 = convert("CVT_U16_U64", "cvt.u16.u64", B16, B64);
  public static final MachineOpcode CVT_U32_U16 = convert("CVT_U32_U16", "cvt.u32.u16", B32, B16);
  public static final MachineOpcode CVT_S32_S16 = convert("CVT_S32_S16", "cvt.s32.s16", B32, B16);
  public static final MachineOpcode CVT_U64_U16 = convert("CVT_U64_U16", "cvt.u64.u16", B64, B16);
  public static final MachineOpcode CVT_S64_S16 = convert("CVT_S64_S16", "cvt.s64.s16", B64, B16);
  // in-register sign extensions of the low 8 or 16 bits
  public static final MachineOpcode CVT_S32_S8_R = convert("CVT_S32_S8_R", "cvt.s32.s8", B32, B32);
  public static final MachineOpcode CVT_S32_S16_R =
      convert("CVT_S32_S16_R", "cvt.s32.s16", B32, B32);
  public static final MachineOpcode CVT_S16_S8_R = convert("CVT_S16_S8_R", "cvt.s16.s8", B16, B16);
  public static final MachineOpcode CVT_S64_S8_R = convert("CVT_S64_S8_R", "cvt.s64.s8", B64, B64);
  public static final MachineOpcode CVT_S64_S16_R =
      convert("CVT_S64_S16_R", "cvt.s64.s16", B64, B64);
  public static final MachineOpcode CVT_S64_S32_R =
      convert("CVT_S64_S32_R", "cvt.s64.s32", B64, B64);

  // bit reinterpretations (Float.floatToRawIntBits and friends): a move between classes
  public static final MachineOpcode MOV_B32_F32 =
      Rows.crossCopy("MOV_B32_F32", "mov.b32", RegisterClass.B32, RegisterClass.F32);
  public static final MachineOpcode MOV_F32_B32 =
      Rows.crossCopy("MOV_F32_B32", "mov.b32", RegisterClass.F32, RegisterClass.B32);
  public static final MachineOpcode MOV_B64_F64 =
      Rows.crossCopy("MOV_B64_F64", "mov.b64", RegisterClass.B64, RegisterClass.F64);
  public static final MachineOpcode MOV_F64_B64 =
      Rows.crossCopy("MOV_F64_B64", "mov.b64", RegisterClass.F64, RegisterClass.B64);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        MOV_B32_F32,
        MOV_F32_B32,
        MOV_B64_F64,
        MOV_F64_B64,
        CVT_RN_F32_S32,
        CVT_RN_F64_S32,
        CVT_RN_F32_S64,
        CVT_RN_F64_S64,
        CVT_RZI_S32_F32,
        CVT_RZI_S32_F64,
        CVT_RZI_S64_F32,
        CVT_RZI_S64_F64,
        CVT_F64_F32,
        CVT_RN_F32_F64,
        CVT_S64_S32,
        CVT_U64_U32,
        CVT_U32_U64,
        CVT_U16_U32,
        CVT_U16_U64,
        CVT_U32_U16,
        CVT_S32_S16,
        CVT_U64_U16,
        CVT_S64_S16,
        CVT_S32_S8_R,
        CVT_S32_S16_R,
        CVT_S16_S8_R,
        CVT_S64_S8_R,
        CVT_S64_S16_R,
        CVT_S64_S32_R);
  }
}
