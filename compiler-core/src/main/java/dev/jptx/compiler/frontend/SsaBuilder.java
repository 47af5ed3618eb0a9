package dev.jptx.compiler.frontend;

import dev.jptx.compiler.ir.Block;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the JVM's locals and stack slots into SSA values while the translator walks the blocks, by
 * the algorithm of Braun et al., "Simple and Efficient Construction of Static Single Assignment
 * Form" (CC 2013): a read looks up the block's last write, else asks the predecessors, placing a
 * phi where they may disagree. A block is sealed once all its predecessors are translated; phis
 * placed in a block before that are completed when it is sealed. Trivial phis are left for {@link
 * TrivialPhiCleanup}.
 */
final class SsaBuilder {
  /** Creates phis for an operand shape and fills them in; supplied by the translator. */
  interface PhiMaker {
    /** Empty phis at the start of {@code block}, shaped for a slot of {@code type}. */
    Operand create(Block block, SlotType type);

    /** Fills the phis of {@code phi} with one incoming operand per predecessor. */
    void complete(Operand phi, List<Block> preds, List<Operand> incoming);
  }

  private record Incomplete(int variable, SlotType type, Operand phi) {}

  private final Map<Block, List<Block>> preds;
  private final PhiMaker phis;
  private final Map<Block, Map<Integer, Operand>> defs = new HashMap<>();
  private final Map<Block, List<Incomplete>> incomplete = new HashMap<>();
  private final Set<Block> sealed = new HashSet<>();

  SsaBuilder(Map<Block, List<Block>> preds, PhiMaker phis) {
    this.preds = preds;
    this.phis = phis;
  }

  /** The variable number of JVM local {@code index}. */
  static int local(int index) {
    return index;
  }

  /** The variable number of stack entry {@code depth} (0 is the bottom). */
  static int stack(int depth) {
    return -1 - depth;
  }

  void write(int variable, Block block, Operand value) {
    defs.computeIfAbsent(block, b -> new HashMap<>()).put(variable, value);
  }

  /** The value of {@code variable} at the current end of {@code block}. */
  Operand read(int variable, Block block, SlotType type) {
    Operand v = defs.getOrDefault(block, Map.of()).get(variable);
    return v != null ? v : readRecursive(variable, block, type);
  }

  private Operand readRecursive(int variable, Block block, SlotType type) {
    List<Block> ps = preds.getOrDefault(block, List.of());
    Operand v;
    if (!sealed.contains(block)) {
      v = phis.create(block, type);
      incomplete
          .computeIfAbsent(block, b -> new ArrayList<>())
          .add(new Incomplete(variable, type, v));
    } else if (ps.isEmpty()) {
      v = new Operand.Poison(type);
    } else if (ps.size() == 1) {
      v = read(variable, ps.get(0), type);
    } else {
      v = phis.create(block, type);
      write(variable, block, v);
      fill(variable, block, type, v);
    }
    write(variable, block, v);
    return v;
  }

  private void fill(int variable, Block block, SlotType type, Operand phi) {
    List<Block> ps = preds.get(block);
    List<Operand> incoming = new ArrayList<>();
    for (Block p : ps) {
      incoming.add(read(variable, p, type));
    }
    phis.complete(phi, ps, incoming);
  }

  /** Declares that every predecessor of {@code block} has been translated. */
  void seal(Block block) {
    if (!sealed.add(block)) {
      return;
    }
    for (Incomplete i : incomplete.getOrDefault(block, List.of())) {
      fill(i.variable(), block, i.type(), i.phi());
    }
    incomplete.remove(block);
  }

  boolean isSealed(Block block) {
    return sealed.contains(block);
  }
}
