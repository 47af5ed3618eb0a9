package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MemoryOpcodes;

/** Which load or store opcode accesses a memory type in a state space. */
final class MemorySelection {
  private MemorySelection() {}

  /** The load of {@code memType} from {@code space}; null if the table has none. */
  static MachineOpcode load(NodeAttrs a) {
    String suffix = suffix(a.memType(), a.extension() == NodeAttrs.LoadExtension.SIGN);
    boolean nc = a.invariant() && a.space() == AddressSpace.GLOBAL;
    return suffix == null ? null : MemoryOpcodes.loadOf(a.space(), suffix, nc);
  }

  /** The store of {@code memType} into {@code space}; null if the table has none. */
  static MachineOpcode store(NodeAttrs a) {
    String suffix = suffix(a.memType(), false);
    return suffix == null ? null : MemoryOpcodes.storeOf(a.space(), suffix);
  }

  /** The vector load of {@code a}'s vector memory type and space; null if the table has none. */
  static MachineOpcode vectorLoad(NodeAttrs a) {
    VectorType v = (VectorType) a.memType();
    String suffix = suffix(v.element(), false);
    boolean nc = a.invariant() && a.space() == AddressSpace.GLOBAL;
    return suffix == null ? null : MemoryOpcodes.vectorLoadOf(a.space(), suffix, v.lanes(), nc);
  }

  /** The vector store of {@code a}'s vector memory type into its space; null if none. */
  static MachineOpcode vectorStore(NodeAttrs a) {
    VectorType v = (VectorType) a.memType();
    String suffix = suffix(v.element(), false);
    return suffix == null ? null : MemoryOpcodes.vectorStoreOf(a.space(), suffix, v.lanes());
  }

  /** The PTX type suffix of a memory access: {@code s8/u8 s16/u16 u32 u64 f32 f64}. */
  static String suffix(Type t, boolean signed) {
    if (t == ScalarType.I8) {
      return signed ? "s8" : "u8";
    } else if (t == ScalarType.I16) {
      return signed ? "s16" : "u16";
    } else if (t == ScalarType.I32) {
      return "u32";
    } else if (t == ScalarType.I64) {
      return "u64";
    } else if (t == ScalarType.F32) {
      return "f32";
    } else if (t == ScalarType.F64) {
      return "f64";
    } else if (t == ScalarType.I128) {
      return "b128";
    }
    return null;
  }

  /** The parameter load for a declared PTX parameter type. */
  static MachineOpcode loadParam(String ptxType) {
    String suffix =
        switch (ptxType) {
          case ".u8", ".s8", ".u16", ".s16", ".f32", ".f64" -> ptxType.substring(1);
          case ".s32", ".u32", ".b32" -> "u32";
          case ".s64", ".u64", ".b64" -> "u64";
          default -> throw new IllegalArgumentException("no parameter load for " + ptxType);
        };
    return MemoryOpcodes.loadOf(AddressSpace.PARAM, suffix, false);
  }

  /** The parameter store for a declared PTX parameter type. */
  static MachineOpcode storeParam(String ptxType) {
    String suffix =
        switch (ptxType) {
          case ".f32", ".f64" -> ptxType.substring(1);
          case ".b32" -> "u32";
          case ".b64" -> "u64";
          default -> throw new IllegalArgumentException("no parameter store for " + ptxType);
        };
    return MemoryOpcodes.storeOf(AddressSpace.PARAM, suffix);
  }
}
