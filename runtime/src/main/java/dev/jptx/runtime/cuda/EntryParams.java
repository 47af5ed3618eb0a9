package dev.jptx.runtime.cuda;

import dev.jptx.runtime.sim.ptx.Param;
import dev.jptx.runtime.sim.ptx.PtxFunction;
import dev.jptx.runtime.sim.ptx.PtxParser;
import dev.jptx.runtime.sim.ptx.PtxProgram;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The parameter sizes of each entry of a module, read with the simulator's PTX parser, so that a
 * launch whose arguments do not fit the entry is refused with a message instead of letting {@code
 * cuLaunchKernel} read past the values it was given. A module the parser cannot read is not
 * checked: the driver is the judge of PTX.
 */
final class EntryParams {
  private final Map<String, Map<String, List<Long>>> modules = new ConcurrentHashMap<>();

  /** The sizes of {@code entry}'s parameters, or empty if unknown. */
  Optional<List<Long>> sizes(String ptx, String entry) {
    return Optional.ofNullable(modules.computeIfAbsent(ptx, EntryParams::read).get(entry));
  }

  private static Map<String, List<Long>> read(String ptx) {
    Map<String, List<Long>> entries = new HashMap<>();
    PtxProgram program;
    try {
      program = PtxParser.parse(ptx);
    } catch (RuntimeException e) {
      return entries;
    }
    for (PtxFunction f : program.entries()) {
      entries.put(f.name(), f.params().stream().map(Param::byteSize).toList());
    }
    return entries;
  }

  /**
   * Checks marshalled values against an entry's parameters.
   *
   * @param kernel the kernel or entry, for messages
   * @param entry the entry name
   * @param sizes the entry's parameter sizes
   * @param params the values
   * @throws IllegalArgumentException naming the kernel, the parameter and both sizes
   */
  static void check(String kernel, String entry, List<Long> sizes, byte[][] params) {
    if (sizes.size() != params.length) {
      throw new IllegalArgumentException(
          "kernel "
              + kernel
              + ": the module's entry "
              + entry
              + " has "
              + sizes.size()
              + " parameters, but the arguments make "
              + params.length);
    }
    for (int i = 0; i < params.length; i++) {
      if (sizes.get(i) != params[i].length) {
        throw new IllegalArgumentException(
            "kernel "
                + kernel
                + ": parameter "
                + i
                + " of entry "
                + entry
                + " has "
                + sizes.get(i)
                + " bytes, but the argument gives "
                + params[i].length);
      }
    }
  }
}
