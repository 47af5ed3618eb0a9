package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.crossCopy;

/**
 * Conversions. {@code cvt} may read a register wider than its source type, which is how the
 * in-register extensions ({@code cvt.s32.s8 %r, %r}) work.
 */
public enum ConversionOpcodes implements MachineOpcode {
  // spotless:off
  CVT_RN_F32_S32 ("any", convert("cvt.rn.f32.s32", F32, B32)),
  CVT_RN_F64_S32 ("any", convert("cvt.rn.f64.s32", F64, B32)),
  CVT_RN_F32_S64 ("any", convert("cvt.rn.f32.s64", F32, B64)),
  CVT_RN_F64_S64 ("any", convert("cvt.rn.f64.s64", F64, B64)),
  CVT_RZI_S32_F32("any", convert("cvt.rzi.s32.f32", B32, F32)),
  CVT_RZI_S32_F64("any", convert("cvt.rzi.s32.f64", B32, F64)),
  CVT_RZI_S64_F32("any", convert("cvt.rzi.s64.f32", B64, F32)),
  CVT_RZI_S64_F64("any", convert("cvt.rzi.s64.f64", B64, F64)),
  CVT_F64_F32    ("any", convert("cvt.f64.f32", F64, F32)),
  CVT_RN_F32_F64 ("any", convert("cvt.rn.f32.f64", F32, F64)),
  CVT_S64_S32    ("any", convert("cvt.s64.s32", B64, B32)),
  CVT_U64_U32    ("any", convert("cvt.u64.u32", B64, B32)),
  CVT_U32_U64    ("any", convert("cvt.u32.u64", B32, B64)),
  CVT_U16_U32    ("any", convert("cvt.u16.u32", B16, B32)),
  CVT_U16_U64    ("any", convert("cvt.u16.u64", B16, B64)),
  CVT_U32_U16    ("any", convert("cvt.u32.u16", B32, B16)),
  CVT_S32_S16    ("any", convert("cvt.s32.s16", B32, B16)),
  CVT_U64_U16    ("any", convert("cvt.u64.u16", B64, B16)),
  CVT_S64_S16    ("any", convert("cvt.s64.s16", B64, B16)),
  // in-register sign extensions of the low 8 or 16 bits
  CVT_S32_S8_R   ("any", convert("cvt.s32.s8", B32, B32)),
  CVT_S32_S16_R  ("any", convert("cvt.s32.s16", B32, B32)),
  CVT_S16_S8_R   ("any", convert("cvt.s16.s8", B16, B16)),
  CVT_S64_S8_R   ("any", convert("cvt.s64.s8", B64, B64)),
  CVT_S64_S16_R  ("any", convert("cvt.s64.s16", B64, B64)),
  CVT_S64_S32_R  ("any", convert("cvt.s64.s32", B64, B64)),

  // bit reinterpretations (Float.floatToRawIntBits and friends): a move between classes
  MOV_B32_F32    ("any", crossCopy("mov.b32", B32, F32)),
  MOV_F32_B32    ("any", crossCopy("mov.b32", F32, B32)),
  MOV_B64_F64    ("any", crossCopy("mov.b64", B64, F64)),
  MOV_F64_B64    ("any", crossCopy("mov.b64", F64, B64));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  ConversionOpcodes(String ptxIsa, OpcodeShape shape) {
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
