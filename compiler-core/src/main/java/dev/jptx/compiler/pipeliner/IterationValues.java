package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.HashMap;
import java.util.Map;

/**
 * The SSA names of body values per iteration in straight-line code (guards, prolog, epilog): the
 * copy of instruction result {@code r} made for iteration {@code x}, and PHIs resolved through the
 * iteration before, down to their entry value in iteration 0. Iterations are numbered from any
 * origin the caller likes; {@code firstIteration} is the one whose PHIs read their entry values.
 */
final class IterationValues {
  private record Key(VReg reg, int iteration) {}

  private final LoopShape l;
  private final int firstIteration;
  private final Map<Key, VReg> copies = new HashMap<>();

  IterationValues(LoopShape l, int firstIteration) {
    this.l = l;
    this.firstIteration = firstIteration;
  }

  /**
   * The value of {@code r} in iteration {@code x}; {@code before} answers for results not copied
   * here (values of earlier blocks), or is null.
   */
  VReg get(VReg r, int x, Before before) {
    if (l.isPhi(r)) {
      return x == firstIteration ? l.init(r) : get(l.backEdge(r), x - 1, before);
    }
    if (!l.isBodyDef(r)) {
      return r;
    }
    VReg v = copies.get(new Key(r, x));
    if (v == null && before != null) {
      v = before.get(r, x);
    }
    if (v == null) {
      throw new IllegalArgumentException(
          "the schedule reads " + r + " of iteration " + x + " before it is computed");
    }
    return v;
  }

  /** Records the results of {@code copy}, the copy of {@code original} for iteration {@code x}. */
  void record(MachineInstr original, MachineInstr copy, int x) {
    for (int k = 0; k < original.defs().size(); k++) {
      copies.put(new Key(original.defs().get(k), x), copy.defs().get(k));
    }
  }

  /** Copies {@code original} for iteration {@code x} to the end of {@code to}. */
  void emit(MachineBlock to, MachineInstr original, int x, Before before) {
    record(original, InstrCopier.copy(l.f, to, original, r -> get(r, x, before)), x);
  }

  /** Where values come from that straight-line code did not compute itself. */
  interface Before {
    /** The value of body result {@code r} in iteration {@code x}, or null if unknown. */
    VReg get(VReg r, int x);
  }
}
