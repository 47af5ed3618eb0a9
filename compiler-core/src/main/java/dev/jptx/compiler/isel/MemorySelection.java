package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MemoryOpcodes;

/** Which load or store opcode accesses a memory type in a state space. */
final class MemorySelection {
  private MemorySelection() {}

  /** The load of {@code memType} from {@code space}; null if the table has none. */
  static MachineOpcode load(NodeAttrs a) {
    Type t = a.memType();
    boolean signed = a.extension() == NodeAttrs.LoadExtension.SIGN;
    if (a.space() != AddressSpace.GLOBAL) {
      return null;
    }
    if (a.invariant()) {
      if (t == ScalarType.I8) {
        return signed ? MemoryOpcodes.LD_GLOBAL_NC_S8 : MemoryOpcodes.LD_GLOBAL_NC_U8;
      } else if (t == ScalarType.I16) {
        return signed ? MemoryOpcodes.LD_GLOBAL_NC_S16 : MemoryOpcodes.LD_GLOBAL_NC_U16;
      } else if (t == ScalarType.I32) {
        return MemoryOpcodes.LD_GLOBAL_NC_U32;
      } else if (t == ScalarType.I64) {
        return MemoryOpcodes.LD_GLOBAL_NC_U64;
      } else if (t == ScalarType.F32) {
        return MemoryOpcodes.LD_GLOBAL_NC_F32;
      } else if (t == ScalarType.F64) {
        return MemoryOpcodes.LD_GLOBAL_NC_F64;
      }
      return null;
    }
    if (t == ScalarType.I8) {
      return signed ? MemoryOpcodes.LD_GLOBAL_S8 : MemoryOpcodes.LD_GLOBAL_U8;
    } else if (t == ScalarType.I16) {
      return signed ? MemoryOpcodes.LD_GLOBAL_S16 : MemoryOpcodes.LD_GLOBAL_U16;
    } else if (t == ScalarType.I32) {
      return MemoryOpcodes.LD_GLOBAL_U32;
    } else if (t == ScalarType.I64) {
      return MemoryOpcodes.LD_GLOBAL_U64;
    } else if (t == ScalarType.F32) {
      return MemoryOpcodes.LD_GLOBAL_F32;
    } else if (t == ScalarType.F64) {
      return MemoryOpcodes.LD_GLOBAL_F64;
    }
    return null;
  }

  /** The store of {@code memType} into {@code space}; null if the table has none. */
  static MachineOpcode store(NodeAttrs a) {
    Type t = a.memType();
    if (a.space() != AddressSpace.GLOBAL) {
      return null;
    }
    if (t == ScalarType.I8) {
      return MemoryOpcodes.ST_GLOBAL_U8;
    } else if (t == ScalarType.I16) {
      return MemoryOpcodes.ST_GLOBAL_U16;
    } else if (t == ScalarType.I32) {
      return MemoryOpcodes.ST_GLOBAL_U32;
    } else if (t == ScalarType.I64) {
      return MemoryOpcodes.ST_GLOBAL_U64;
    } else if (t == ScalarType.F32) {
      return MemoryOpcodes.ST_GLOBAL_F32;
    } else if (t == ScalarType.F64) {
      return MemoryOpcodes.ST_GLOBAL_F64;
    }
    return null;
  }

  /** The parameter load for a declared PTX parameter type. */
  static MachineOpcode loadParam(String ptxType) {
    return switch (ptxType) {
      case ".u8" -> MemoryOpcodes.LD_PARAM_U8;
      case ".s8" -> MemoryOpcodes.LD_PARAM_S8;
      case ".u16" -> MemoryOpcodes.LD_PARAM_U16;
      case ".s16" -> MemoryOpcodes.LD_PARAM_S16;
      case ".s32", ".u32", ".b32" -> MemoryOpcodes.LD_PARAM_U32;
      case ".s64", ".u64", ".b64" -> MemoryOpcodes.LD_PARAM_U64;
      case ".f32" -> MemoryOpcodes.LD_PARAM_F32;
      case ".f64" -> MemoryOpcodes.LD_PARAM_F64;
      default -> throw new IllegalArgumentException("no parameter load for " + ptxType);
    };
  }
}
