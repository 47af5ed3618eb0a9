package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.AddressMap;
import dev.jptx.runtime.sim.memory.GlobalMemory;
import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.InitValue;
import dev.jptx.runtime.sim.ptx.PtxFunction;
import dev.jptx.runtime.sim.ptx.PtxProgram;
import dev.jptx.runtime.sim.ptx.StateSpace;
import dev.jptx.runtime.sim.ptx.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a module's variables live: {@code .global} ones in allocations of the device's global
 * memory, {@code .const} ones in the module's constant bank, {@code .shared} ones (module-level and
 * declared inside functions) at fixed offsets of every block's shared memory, followed by the
 * dynamic {@code extern .shared} arrays, which all start where the static ones end.
 */
final class ModuleLayout {
  /** A variable's place: its state space, its address in that space, and its size. */
  record Symbol(StateSpace space, long address, long size) {}

  private final Map<String, Symbol> symbols = new HashMap<>();

  /** The functions of the module by address (see {@link AddressMap#FUNCTION_WINDOW}). */
  private final Map<String, Long> functionAddresses = new HashMap<>();

  /** The address of function {@code name}, or null if the module has no such function. */
  Long functionAddress(String name) {
    return functionAddresses.get(name);
  }

  ModuleLayout(PtxProgram p, Program program, GlobalMemory memory) {
    for (var f : p.functions()) {
      long address = AddressMap.FUNCTION_WINDOW + 8L * functionAddresses.size();
      if (functionAddresses.putIfAbsent(f.name(), address) == null) {
        program.functionNames.put(address, f.name());
      }
    }
    List<Variable> shared = new ArrayList<>();
    List<Variable> dynamic = new ArrayList<>();
    long constBytes = 0;
    for (Variable v : p.variables()) {
      switch (v.space()) {
        case CONST -> {
          constBytes = align(constBytes, alignment(v));
          symbols.put(v.name(), new Symbol(StateSpace.CONST, constBytes, v.byteSize()));
          constBytes += v.byteSize();
        }
        case SHARED -> (v.elementCount() == 0 ? dynamic : shared).add(v);
        case GLOBAL -> {
          Region r = memory.allocate(Math.max(v.byteSize(), 1), "global variable " + v.name());
          program.globals.add(r);
          symbols.put(v.name(), new Symbol(StateSpace.GLOBAL, r.base(), v.byteSize()));
        }
        default ->
            throw new SimulationError(
                "module-level ."
                    + v.space().name().toLowerCase(java.util.Locale.ROOT)
                    + " variable "
                    + v.name()
                    + " is not supported by the simulator");
      }
    }
    for (PtxFunction f : p.functions()) {
      for (Variable v : f.locals()) {
        if (v.space() == dev.jptx.runtime.sim.ptx.StateSpace.SHARED) {
          (v.elementCount() == 0 ? dynamic : shared).add(v);
        }
      }
    }
    long sharedBytes = 0;
    for (Variable v : shared) {
      sharedBytes = align(sharedBytes, alignment(v));
      symbols.put(v.name(), new Symbol(StateSpace.SHARED, sharedBytes, v.byteSize()));
      sharedBytes += v.byteSize();
    }
    program.staticShared = (int) align(sharedBytes, 16);
    for (Variable v : dynamic) {
      symbols.put(v.name(), new Symbol(StateSpace.SHARED, program.staticShared, 0));
    }
    program.constBank = new Region(StateSpace.CONST, 0, (int) constBytes, "constant bank");
    initialize(p, program);
  }

  /** The module-level symbol of that name, or null. */
  Symbol symbol(String name) {
    return symbols.get(name);
  }

  private void initialize(PtxProgram p, Program program) {
    for (Variable v : p.variables()) {
      if (v.init() == null) {
        continue;
      }
      Symbol s = symbols.get(v.name());
      Region r =
          s.space() == StateSpace.CONST
              ? program.constBank
              : program.globals.stream()
                  .filter(g -> g.base() == s.address())
                  .findFirst()
                  .orElseThrow();
      int size = v.type().bytes();
      long at = s.address();
      for (InitValue iv : v.init().values()) {
        long bits;
        if (iv instanceof InitValue.Constant c) {
          bits = c.bits();
        } else {
          InitValue.Address a = (InitValue.Address) iv;
          bits = addressOf(a.symbol(), a.offset(), a.generic());
        }
        r.store(at, size, bits);
        at += size;
      }
    }
  }

  /** A symbol's address as an initializer or a {@code mov} operand sees it. */
  long addressOf(String name, long offset, boolean generic) {
    Symbol s = symbols.get(name);
    if (s == null) {
      throw new SimulationError("unknown symbol " + name);
    }
    long a = s.address() + offset;
    if (!generic) {
      return a;
    }
    return switch (s.space()) {
      case SHARED -> AddressMap.SHARED_WINDOW + a;
      case CONST -> AddressMap.CONST_WINDOW + a;
      default -> a;
    };
  }

  static long align(long at, long alignment) {
    return alignment <= 1 ? at : (at + alignment - 1) / alignment * alignment;
  }

  static long alignment(Variable v) {
    return v.align() > 0 ? v.align() : v.elementBytes();
  }
}
