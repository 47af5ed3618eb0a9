package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.load;
import static dev.jptx.compiler.target.Rows.loadSymbol;
import static dev.jptx.compiler.target.Rows.store;

import java.util.List;

/**
 * Loads and stores. Bytes live in 16-bit registers (i8 is promoted to i16); {@code ld.s8} sign- and
 * {@code ld.u8} zero-extends. {@code .nc} loads go through the read-only data cache and are only
 * for memory the kernel never writes ({@code @ReadOnly}).
 */
public final class MemoryOpcodes {
  private MemoryOpcodes() {}

  public static final MachineOpcode LD_PARAM_U8 = loadSymbol("LD_PARAM_U8", "ld.param.u8", B16);
  public static final MachineOpcode LD_PARAM_S8 = loadSymbol("LD_PARAM_S8", "ld.param.s8", B16);
  public static final MachineOpcode LD_PARAM_U16 = loadSymbol("LD_PARAM_U16", "ld.param.u16", B16);
  public static final MachineOpcode LD_PARAM_S16 = loadSymbol("LD_PARAM_S16", "ld.param.s16", B16);
  public static final MachineOpcode LD_PARAM_U32 = loadSymbol("LD_PARAM_U32", "ld.param.u32", B32);
  public static final MachineOpcode LD_PARAM_U64 = loadSymbol("LD_PARAM_U64", "ld.param.u64", B64);
  public static final MachineOpcode LD_PARAM_F32 = loadSymbol("LD_PARAM_F32", "ld.param.f32", F32);
  public static final MachineOpcode LD_PARAM_F64 = loadSymbol("LD_PARAM_F64", "ld.param.f64", F64);
  public static final MachineOpcode LD_GLOBAL_U8 = load("LD_GLOBAL_U8", "ld.global.u8", B16);
  public static final MachineOpcode LD_GLOBAL_S8 = load("LD_GLOBAL_S8", "ld.global.s8", B16);
  public static final MachineOpcode LD_GLOBAL_U16 = load("LD_GLOBAL_U16", "ld.global.u16", B16);
  public static final MachineOpcode LD_GLOBAL_S16 = load("LD_GLOBAL_S16", "ld.global.s16", B16);
  public static final MachineOpcode LD_GLOBAL_U32 = load("LD_GLOBAL_U32", "ld.global.u32", B32);
  public static final MachineOpcode LD_GLOBAL_U64 = load("LD_GLOBAL_U64", "ld.global.u64", B64);
  public static final MachineOpcode LD_GLOBAL_F32 = load("LD_GLOBAL_F32", "ld.global.f32", F32);
  public static final MachineOpcode LD_GLOBAL_F64 = load("LD_GLOBAL_F64", "ld.global.f64", F64);
  public static final MachineOpcode LD_GLOBAL_NC_U8 =
      load("LD_GLOBAL_NC_U8", "ld.global.nc.u8", B16);
  public static final MachineOpcode LD_GLOBAL_NC_S8 =
      load("LD_GLOBAL_NC_S8", "ld.global.nc.s8", B16);
  public static final MachineOpcode LD_GLOBAL_NC_S16 =
      load("LD_GLOBAL_NC_S16", "ld.global.nc.s16", B16);
  public static final MachineOpcode LD_GLOBAL_NC_U16 =
      load("LD_GLOBAL_NC_U16", "ld.global.nc.u16", B16);
  public static final MachineOpcode LD_GLOBAL_NC_U32 =
      load("LD_GLOBAL_NC_U32", "ld.global.nc.u32", B32);
  public static final MachineOpcode LD_GLOBAL_NC_U64 =
      load("LD_GLOBAL_NC_U64", "ld.global.nc.u64", B64);
  public static final MachineOpcode LD_GLOBAL_NC_F32 =
      load("LD_GLOBAL_NC_F32", "ld.global.nc.f32", F32);
  public static final MachineOpcode LD_GLOBAL_NC_F64 =
      load("LD_GLOBAL_NC_F64", "ld.global.nc.f64", F64);
  public static final MachineOpcode ST_GLOBAL_U8 = store("ST_GLOBAL_U8", "st.global.u8", B16);
  public static final MachineOpcode ST_GLOBAL_U16 = store("ST_GLOBAL_U16", "st.global.u16", B16);
  public static final MachineOpcode ST_GLOBAL_U32 = store("ST_GLOBAL_U32", "st.global.u32", B32);
  public static final MachineOpcode ST_GLOBAL_U64 = store("ST_GLOBAL_U64", "st.global.u64", B64);
  public static final MachineOpcode ST_GLOBAL_F32 = store("ST_GLOBAL_F32", "st.global.f32", F32);
  public static final MachineOpcode ST_GLOBAL_F64 = store("ST_GLOBAL_F64", "st.global.f64", F64);
  // a generic address of a kernel parameter into the global window
  public static final MachineOpcode CVTA_TO_GLOBAL_U64 =
      convert("CVTA_TO_GLOBAL_U64", "cvta.to.global.u64", B64, B64);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        LD_PARAM_U8,
        LD_PARAM_S8,
        LD_PARAM_U16,
        LD_PARAM_S16,
        LD_PARAM_U32,
        LD_PARAM_U64,
        LD_PARAM_F32,
        LD_PARAM_F64,
        LD_GLOBAL_U8,
        LD_GLOBAL_S8,
        LD_GLOBAL_U16,
        LD_GLOBAL_S16,
        LD_GLOBAL_NC_S8,
        LD_GLOBAL_NC_S16,
        LD_GLOBAL_U32,
        LD_GLOBAL_U64,
        LD_GLOBAL_F32,
        LD_GLOBAL_F64,
        LD_GLOBAL_NC_U8,
        LD_GLOBAL_NC_U16,
        LD_GLOBAL_NC_U32,
        LD_GLOBAL_NC_U64,
        LD_GLOBAL_NC_F32,
        LD_GLOBAL_NC_F64,
        ST_GLOBAL_U8,
        ST_GLOBAL_U16,
        ST_GLOBAL_U32,
        ST_GLOBAL_U64,
        ST_GLOBAL_F32,
        ST_GLOBAL_F64,
        CVTA_TO_GLOBAL_U64);
  }
}
