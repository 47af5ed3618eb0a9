package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.ptx.Address;
import dev.jptx.runtime.sim.ptx.FloatImm;
import dev.jptx.runtime.sim.ptx.Generic;
import dev.jptx.runtime.sim.ptx.IntImm;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import dev.jptx.runtime.sim.ptx.Reg;
import dev.jptx.runtime.sim.ptx.Sink;
import dev.jptx.runtime.sim.ptx.StateSpace;
import dev.jptx.runtime.sim.ptx.SymbolRef;

/**
 * Turns operands into what executing code needs: register-file slots for values (registers,
 * constants and special registers alike), addresses as a base slot plus a fixed offset, and branch
 * targets as instruction indices.
 */
final class Operands {
  final FunctionDecoder fd;

  Operands(FunctionDecoder fd) {
    this.fd = fd;
  }

  /** The slot of a named register, declared or special. */
  int register(String name) {
    Integer slot = fd.registers.get(name);
    if (slot != null) {
      return slot;
    }
    Sreg s = Sreg.of(name);
    if (s != null) {
      return fd.special(s);
    }
    throw new SimulationError("unknown register " + name);
  }

  /** The slot a result goes to; {@code _} writes a scratch slot. */
  int dst(Operand o) {
    if (o instanceof Reg r) {
      return register(r.name());
    }
    if (o instanceof Sink) {
      return fd.scratch();
    }
    throw new SimulationError("expected a register but found " + o.text());
  }

  /** The slot of a source operand read as {@code type}: a register, or a constant's bits. */
  int src(Operand o, PtxType type) {
    if (o instanceof Reg r) {
      return register(r.name());
    }
    return fd.constant(immediate(o, type));
  }

  /** The bits an immediate operand stands for when read as {@code type}. */
  long immediate(Operand o, PtxType type) {
    if (o instanceof IntImm i) {
      return switch (type) {
        case F32 -> Float.floatToRawIntBits((float) i.value()) & 0xFFFF_FFFFL;
        case F64 -> Double.doubleToRawLongBits((double) i.value());
        // a predicate is one bit: any nonzero immediate is true (ptxas takes mov.pred %p, -1)
        case PRED -> i.value() != 0 ? 1 : 0;
        default -> i.value();
      };
    }
    if (o instanceof FloatImm f) {
      if (type == PtxType.F32) {
        return f.single() ? f.bits() : Float.floatToRawIntBits((float) f.value()) & 0xFFFF_FFFFL;
      }
      if (type == PtxType.F64) {
        return f.single() ? Double.doubleToRawLongBits(f.value()) : f.bits();
      }
      return f.bits();
    }
    if (o instanceof SymbolRef s) {
      return symbolAddress(s.name(), s.offset(), false);
    }
    if (o instanceof Generic g) {
      return symbolAddress(g.symbol().name(), g.symbol().offset(), true);
    }
    throw new SimulationError("expected a value but found " + o.text());
  }

  /** The address of a symbol in its own space (or generic), for uses fixed at decode time. */
  long symbolAddress(String name, long offset, boolean generic) {
    ModuleLayout.Symbol s = fd.symbol(name);
    Long function = s == null ? fd.module.functionAddress(name) : null;
    if (function != null) {
      return function + offset; // mov.u64 %rd, f: the function's address, for an indirect call
    }
    if (s == null) {
      throw new SimulationError("unknown symbol " + name);
    }
    if (s.space() == StateSpace.LOCAL) {
      throw new SimulationError(
          "the address of local variable " + name + " depends on the frame; use it through mov");
    }
    if (fd.locals.containsKey(name) || !generic) {
      return s.address() + offset;
    }
    return fd.module.addressOf(name, offset, true);
  }

  /** True if the operand is a local variable's name, whose address depends on the frame. */
  boolean isLocalSymbol(Operand o) {
    if (o instanceof SymbolRef s) {
      ModuleLayout.Symbol sym = fd.symbol(s.name());
      return sym != null && sym.space() == StateSpace.LOCAL;
    }
    return false;
  }

  /** The offset of a local variable in its frame's local area. */
  long localOffset(SymbolRef s) {
    return fd.symbol(s.name()).address() + s.offset();
  }

  /** An address operand: a base register (or none) plus an offset. */
  Addr address(Operand o) {
    if (!(o instanceof Address a)) {
      throw new SimulationError("expected an address [...] but found " + o.text());
    }
    Operand base = a.base();
    if (base instanceof Reg r) {
      return new Addr(register(r.name()), a.offset(), false);
    }
    if (base instanceof IntImm i) {
      return new Addr(-1, i.value() + a.offset(), false);
    }
    if (base instanceof SymbolRef s) {
      ModuleLayout.Symbol sym = fd.symbol(s.name());
      if (sym == null) {
        throw new SimulationError("unknown symbol " + s.name());
      }
      return new Addr(-1, sym.address() + s.offset() + a.offset(), sym.space() == StateSpace.LOCAL);
    }
    throw new SimulationError("unsupported address " + o.text());
  }

  /** The space a symbol-based address names, or null for register-based addresses. */
  StateSpace symbolSpace(Operand o) {
    if (o instanceof Address a && a.base() instanceof SymbolRef s) {
      ModuleLayout.Symbol sym = fd.symbol(s.name());
      return sym == null ? null : sym.space();
    }
    return null;
  }

  /** A branch target's instruction index. */
  int label(Operand o) {
    if (o instanceof SymbolRef s && fd.labels.containsKey(s.name())) {
      return fd.labels.get(s.name());
    }
    throw new SimulationError("unknown branch target " + o.text());
  }

  /**
   * A decoded address: {@code r[base] + offset}, plus the frame's local base for addresses of local
   * variables.
   *
   * @param base the base register's slot, or -1 for none
   * @param offset the constant part
   * @param frameLocal add the current frame's local base
   */
  record Addr(int base, long offset, boolean frameLocal) {
    long of(ThreadState t) {
      long a = base >= 0 ? t.r[base] + offset : offset;
      return frameLocal ? a + t.frame.localBase : a;
    }
  }
}
