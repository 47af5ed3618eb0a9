package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.NumType;
import dev.jptx.runtime.sim.alu.Rounding;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;

/** Reading types and modifiers off instructions, for the decoders. */
final class Types {
  private Types() {}

  /** The numeric type of a PTX type; bit types read as unsigned. */
  static NumType num(PtxType t) {
    return switch (t) {
      case U8, B8 -> NumType.U8;
      case S8 -> NumType.S8;
      case U16, B16 -> NumType.U16;
      case S16 -> NumType.S16;
      case U32, B32 -> NumType.U32;
      case S32 -> NumType.S32;
      case U64, B64 -> NumType.U64;
      case S64 -> NumType.S64;
      case F16 -> NumType.F16;
      case BF16 -> NumType.BF16;
      case F32 -> NumType.F32;
      case F64 -> NumType.F64;
      default -> throw new SimulationError("no numeric type for ." + t.modifier());
    };
  }

  /** The last type modifier: the operation's type for most instructions. */
  static PtxType type(Instruction in) {
    List<PtxType> ts = in.types();
    if (ts.isEmpty()) {
      throw new SimulationError("no type in " + in.text());
    }
    return ts.get(ts.size() - 1);
  }

  /** The first type modifier: the destination type of {@code cvt}. */
  static PtxType firstType(Instruction in) {
    List<PtxType> ts = in.types();
    if (ts.isEmpty()) {
      throw new SimulationError("no type in " + in.text());
    }
    return ts.get(0);
  }

  /** The rounding modifier ({@code .rn .rz .rm .rp}), or {@link Rounding#RN} by default. */
  static Rounding rounding(Instruction in) {
    if (in.hasModifier("rz")) {
      return Rounding.RZ;
    } else if (in.hasModifier("rm")) {
      return Rounding.RM;
    } else if (in.hasModifier("rp")) {
      return Rounding.RP;
    }
    return Rounding.RN;
  }

  /** The width in bytes of a value of {@code t} in memory. */
  static int bytes(PtxType t) {
    return Math.max(1, t.bytes());
  }

  /** Reads {@code v} as a value of {@code t}: sign- or zero-extended to 64 bits. */
  static long read(long v, int bits, boolean signed) {
    if (bits >= 64) {
      return v;
    }
    int shift = 64 - bits;
    return signed ? (v << shift) >> shift : (v << shift) >>> shift;
  }
}
