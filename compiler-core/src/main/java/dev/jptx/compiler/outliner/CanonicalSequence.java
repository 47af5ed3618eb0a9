package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sequence of instructions with its values numbered in order of appearance, lines left out: two
 * occurrences with equal canonical forms compute the same thing from the same inputs, and one
 * {@code .func} can stand for both, its registers those numbers. (Equal shapes alone, as the suffix
 * tree sees them, do not say that: {@code add a, b, c; mul d, a, a} and {@code add a, b, c; mul d,
 * a, b} share theirs.)
 *
 * <p>A number is a value, not a register: every unguarded write starts a new one, so two copies of
 * one computation match whichever registers the allocator reused for their temporaries. A guarded
 * write keeps its register's number, because the old value survives where the predicate fails.
 *
 * @param instrs the instructions, registers renumbered, lines 0
 * @param classes the class of each number
 * @param liveIns the numbers read before the sequence writes them, in order of first appearance: a
 *     guarded write keeps the old value where its predicate fails, so it reads its register too
 * @param written the numbers the sequence writes
 * @param registers the occurrence's own register for each number
 * @param last the number each register the sequence writes holds at its end, by register
 */
record CanonicalSequence(
    List<MachineInstr> instrs,
    List<RegisterClass> classes,
    List<Integer> liveIns,
    Set<Integer> written,
    List<VReg> registers,
    Map<VReg, Integer> last) {

  /** The canonical form of {@code seq}, instructions of {@code f}. */
  static CanonicalSequence of(MachineFunction f, List<MachineInstr> seq) {
    Map<VReg, Integer> current = new HashMap<>();
    List<RegisterClass> classes = new ArrayList<>();
    List<VReg> registers = new ArrayList<>();
    Set<Integer> liveIns = new LinkedHashSet<>();
    Set<Integer> written = new LinkedHashSet<>();
    List<MachineInstr> out = new ArrayList<>();
    java.util.function.Function<VReg, Integer> fresh =
        r -> {
          classes.add(f.regClass(r));
          registers.add(r);
          current.put(r, registers.size() - 1);
          return registers.size() - 1;
        };
    java.util.function.Function<VReg, VReg> read =
        r -> {
          Integer n = current.get(r);
          if (n == null) {
            n = fresh.apply(r);
            liveIns.add(n);
          }
          return new VReg(n);
        };
    for (MachineInstr i : seq) {
      List<MOperand> uses = new ArrayList<>();
      for (MOperand o : i.uses()) {
        uses.add(o instanceof MOperand.Reg r ? new MOperand.Reg(read.apply(r.reg())) : o);
      }
      Guard g =
          i.guard() == null
              ? null
              : new Guard(read.apply(i.guard().predicate()), i.guard().negated());
      List<VReg> defs = new ArrayList<>();
      for (VReg d : i.defs()) {
        VReg n = i.guard() != null ? read.apply(d) : new VReg(fresh.apply(d));
        written.add(n.id());
        defs.add(n);
      }
      out.add(new MachineInstr(i.opcode(), defs, uses, g, 0));
    }
    Map<VReg, Integer> last = new HashMap<>();
    for (int n : written) {
      last.put(registers.get(n), current.get(registers.get(n)));
    }
    return new CanonicalSequence(
        out, classes, List.copyOf(liveIns), Set.copyOf(written), registers, Map.copyOf(last));
  }

  /** True if number {@code n} is the value its register holds at the sequence's end. */
  boolean isLast(int n) {
    Integer l = last.get(registers.get(n));
    return l != null && l == n;
  }

  /** What two occurrences must share to be one function: instructions and classes. */
  Object key() {
    return List.of(instrs, classes);
  }
}
