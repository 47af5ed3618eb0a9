package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The module as one string for the suffix tree (seed: buildInstrLegalityMapping): every legal
 * instruction of every block the outliner may take from becomes the number of its shape, the opcode
 * and operands with each register replaced by its class, so that two sequences that differ only in
 * their registers map to the same substring; which of those also move their values alike is decided
 * later ({@link CanonicalSequence}). Every illegal instruction, and the end of every block, becomes
 * a number of its own below zero, so that no repeat spans one.
 */
final class InstructionMapping {
  private final List<Integer> symbols = new ArrayList<>();
  private final List<Site> sites = new ArrayList<>();
  private final Map<Shape, Integer> shapes = new HashMap<>();
  private int nextIllegal = -1;

  /** An instruction's shape: what must agree for two instructions to share a symbol. */
  private record Shape(
      String opcode, List<RegisterClass> defs, List<Object> uses, Boolean guardNegated) {}

  /**
   * The mapping of {@code functions}' blocks, those of the functions {@code skip} marks left out.
   */
  static InstructionMapping of(
      List<MachineFunction> functions, java.util.function.IntPredicate skip) {
    InstructionMapping m = new InstructionMapping();
    for (int k = 0; k < functions.size(); k++) {
      if (skip.test(k)) {
        continue;
      }
      MachineFunction f = functions.get(k);
      for (MachineBlock b : f.blocks()) {
        // the seed skips blocks of one instruction: with the terminator there is nothing to take
        if (b.instrs().size() <= 1) {
          continue;
        }
        for (int i = 0; i < b.instrs().size(); i++) {
          MachineInstr mi = b.instrs().get(i);
          m.sites.add(new Site(k, f, b, i));
          m.symbols.add(
              InstructionLegality.isLegal(mi, f)
                  ? m.shapes.computeIfAbsent(shape(mi, f), s -> m.shapes.size())
                  : m.nextIllegal--);
        }
        m.sites.add(null);
        m.symbols.add(m.nextIllegal--);
      }
    }
    return m;
  }

  private static Shape shape(MachineInstr i, MachineFunction f) {
    List<RegisterClass> defs = i.defs().stream().map(f::regClass).toList();
    List<Object> uses = new ArrayList<>();
    for (MOperand o : i.uses()) {
      uses.add(o instanceof MOperand.Reg r ? f.regClass(r.reg()) : o);
    }
    return new Shape(i.opcode().name(), defs, uses, i.guard() == null ? null : i.guard().negated());
  }

  /** The string: shapes from 0 up, each illegal instruction and block end a distinct negative. */
  int[] symbols() {
    return symbols.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Where the symbol at {@code position} came from; null for a block's end. */
  Site site(int position) {
    return sites.get(position);
  }

  /** The number of symbols. */
  int size() {
    return symbols.size();
  }
}
