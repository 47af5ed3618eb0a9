package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.GlobalMemory;
import dev.jptx.runtime.sim.memory.Region;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A PTX module decoded for execution on one device: its functions, the table of opcode texts that
 * instruction statistics are kept by, the layout of its shared memory, its constant bank, and its
 * {@code .global} variables (allocated in the device's global memory when the module was loaded).
 */
public final class Program {
  final Map<String, Code> functions = new LinkedHashMap<>();

  /** The name of the function at each address a {@code mov} of a function symbol gives. */
  final Map<Long, String> functionNames = new java.util.HashMap<>();

  /**
   * The code of the function at {@code address}, for an indirect call.
   *
   * @throws SimulationError if no defined function lies there
   */
  Code codeAt(long address) {
    String name = functionNames.get(address);
    Code c = name == null ? null : functions.get(name);
    if (c == null) {
      throw new SimulationError(
          String.format(
              "indirect call of address 0x%x, where %s",
              address,
              name == null ? "no function lies" : "function " + name + " is only declared"));
    }
    return c;
  }

  final List<String> opcodes = new ArrayList<>();
  final Map<String, Integer> opcodeIndex = new LinkedHashMap<>();
  final List<Region> globals = new ArrayList<>();
  Region constBank;
  int staticShared;
  final GlobalMemory memory;

  Program(GlobalMemory memory) {
    this.memory = memory;
  }

  /** The index of an opcode text in the statistics table, added if new. */
  int opcode(String text) {
    return opcodeIndex.computeIfAbsent(
        text,
        k -> {
          opcodes.add(k);
          return opcodes.size() - 1;
        });
  }

  int opcodeCount() {
    return opcodes.size();
  }

  /** The opcode texts, indexed as the launch counters are. */
  List<String> opcodeTexts() {
    return Collections.unmodifiableList(opcodes);
  }

  int staticSharedBytes() {
    return staticShared;
  }

  void initializeShared(Region shared) {
    // .shared variables cannot have initialisers in PTX: a fresh block's shared memory is zero
  }

  /** The entry of that name, or null if the module has none. */
  public KernelEntry entry(String name) {
    Code c = functions.get(name);
    return c == null || !c.entry ? null : new KernelEntry(c);
  }

  /** The entry names of the module. */
  public List<String> entryNames() {
    return functions.values().stream().filter(c -> c.entry).map(c -> c.name).toList();
  }

  /** Releases the module's global variables. */
  public void free() {
    globals.forEach(memory::free);
    globals.clear();
  }
}
