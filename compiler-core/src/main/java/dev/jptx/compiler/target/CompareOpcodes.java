package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.compare;
import static dev.jptx.compiler.target.Rows.select;

/** Comparisons into predicates, and selects on them. */
public enum CompareOpcodes implements MachineOpcode {
  // spotless:off
  SETP_S16("any", compare("s16", B16)),
  SETP_S32("any", compare("s32", B32)),
  SETP_S64("any", compare("s64", B64)),
  SETP_U16("any", compare("u16", B16)),
  SETP_U32("any", compare("u32", B32)),
  SETP_U64("any", compare("u64", B64)),
  SETP_F32("any", compare("f32", F32)),
  SETP_F64("any", compare("f64", F64)),
  SELP_B16("any", select("selp.b16", B16)),
  SELP_B32("any", select("selp.b32", B32)),
  SELP_B64("any", select("selp.b64", B64)),
  SELP_F32("any", select("selp.f32", F32)),
  SELP_F64("any", select("selp.f64", F64));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  CompareOpcodes(String ptxIsa, OpcodeShape shape) {
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
