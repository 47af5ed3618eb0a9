package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.compare;
import static dev.jptx.compiler.target.Rows.select;

import java.util.List;

/** Comparisons into predicates, and selects on them. */
public final class CompareOpcodes {
  private CompareOpcodes() {}

  public static final MachineOpcode SETP_S16 = compare("SETP_S16", "s16", B16);
  public static final MachineOpcode SETP_S32 = compare("SETP_S32", "s32", B32);
  public static final MachineOpcode SETP_S64 = compare("SETP_S64", "s64", B64);
  public static final MachineOpcode SETP_U16 = compare("SETP_U16", "u16", B16);
  public static final MachineOpcode SETP_U32 = compare("SETP_U32", "u32", B32);
  public static final MachineOpcode SETP_U64 = compare("SETP_U64", "u64", B64);
  public static final MachineOpcode SETP_F32 = compare("SETP_F32", "f32", F32);
  public static final MachineOpcode SETP_F64 = compare("SETP_F64", "f64", F64);
  public static final MachineOpcode SELP_B16 = select("SELP_B16", "selp.b16", B16);
  public static final MachineOpcode SELP_B32 = select("SELP_B32", "selp.b32", B32);
  public static final MachineOpcode SELP_B64 = select("SELP_B64", "selp.b64", B64);
  public static final MachineOpcode SELP_F32 = select("SELP_F32", "selp.f32", F32);
  public static final MachineOpcode SELP_F64 = select("SELP_F64", "selp.f64", F64);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        SETP_S16, SETP_S32, SETP_S64, SETP_U16, SETP_U32, SETP_U64, SETP_F32, SETP_F64, SELP_B16,
        SELP_B32, SELP_B64, SELP_F32, SELP_F64);
  }
}
