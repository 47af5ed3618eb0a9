package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sequence of instructions with its registers numbered in order of first appearance, lines left
 * out: two occurrences with equal canonical forms compute the same thing from the same inputs, and
 * one {@code .func} can stand for both, its registers those numbers. (Equal shapes alone, as the
 * suffix tree sees them, do not say that: {@code add a, b, c; mul d, a, a} and {@code add a, b, c;
 * mul d, a, b} share theirs.)
 *
 * @param instrs the instructions, registers renumbered, lines 0
 * @param classes the class of each number
 * @param liveIns the numbers read before the sequence writes them, in order of first appearance: a
 *     guarded write keeps the old value where its predicate fails, so it reads its register too
 * @param written the numbers the sequence writes
 * @param registers the occurrence's own register for each number
 */
record CanonicalSequence(
    List<MachineInstr> instrs,
    List<RegisterClass> classes,
    List<Integer> liveIns,
    Set<Integer> written,
    List<VReg> registers) {

  /** The canonical form of {@code seq}, instructions of {@code f}. */
  static CanonicalSequence of(MachineFunction f, List<MachineInstr> seq) {
    Map<VReg, Integer> numbers = new LinkedHashMap<>();
    List<RegisterClass> classes = new ArrayList<>();
    List<VReg> registers = new ArrayList<>();
    Set<Integer> liveIns = new LinkedHashSet<>();
    Set<Integer> written = new LinkedHashSet<>();
    List<MachineInstr> out = new ArrayList<>();
    for (MachineInstr i : seq) {
      java.util.function.Function<VReg, VReg> number =
          r ->
              new VReg(
                  numbers.computeIfAbsent(
                      r,
                      k -> {
                        classes.add(f.regClass(k));
                        registers.add(k);
                        return numbers.size();
                      }));
      for (VReg u : i.usedRegs()) {
        int n = number.apply(u).id();
        if (!written.contains(n)) {
          liveIns.add(n);
        }
      }
      for (VReg d : i.defs()) {
        int n = number.apply(d).id();
        if (i.guard() != null && !written.contains(n)) {
          liveIns.add(n);
        }
      }
      for (VReg d : i.defs()) {
        written.add(number.apply(d).id());
      }
      List<MOperand> uses = new ArrayList<>();
      for (MOperand o : i.uses()) {
        uses.add(o instanceof MOperand.Reg r ? new MOperand.Reg(number.apply(r.reg())) : o);
      }
      Guard g =
          i.guard() == null
              ? null
              : new Guard(number.apply(i.guard().predicate()), i.guard().negated());
      out.add(new MachineInstr(i.opcode(), i.defs().stream().map(number).toList(), uses, g, 0));
    }
    return new CanonicalSequence(
        out, classes, List.copyOf(liveIns), Set.copyOf(written), registers);
  }

  /** What two occurrences must share to be one function: instructions and classes. */
  Object key() {
    return List.of(instrs, classes);
  }
}
