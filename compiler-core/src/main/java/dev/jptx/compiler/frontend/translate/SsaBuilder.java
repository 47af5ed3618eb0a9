package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.Block;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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
    Operand v = def(variable, block);
    if (v != null) {
      return v;
    }
    Deque<Fill> pending = new ArrayDeque<>();
    v = lookUp(variable, block, type, pending);
    complete(pending);
    return v;
  }

  private Operand def(int variable, Block block) {
    Map<Integer, Operand> d = defs.get(block);
    return d == null ? null : d.get(variable);
  }

  /**
   * The paper's readVariableRecursive without the recursion, which took one stack frame per block
   * and overflowed on long chains of blocks: the chain of single predecessors is walked in a loop,
   * and a phi placed at a join is returned at once while its operands are read later, from {@code
   * pending}. Since a phi is written to its block before its operands are read, the result is the
   * same as the recursive algorithm's, phi for phi, in the same order: {@link #complete} always
   * works on the latest phi first, as the recursion did.
   */
  private Operand lookUp(int variable, Block block, SlotType type, Deque<Fill> pending) {
    List<Block> chain = new ArrayList<>();
    Block b = block;
    Operand v;
    while (true) {
      Operand d = def(variable, b);
      if (d != null) {
        v = d;
        break;
      }
      List<Block> ps = preds.getOrDefault(b, List.of());
      chain.add(b);
      Operand made = unconstructed(variable, ps);
      if (made != null) {
        v = made;
        break;
      } else if (!sealed.contains(b)) {
        v = phis.create(b, type);
        incomplete
            .computeIfAbsent(b, x -> new ArrayList<>())
            .add(new Incomplete(variable, type, v));
        break;
      } else if (ps.isEmpty()) {
        v = new Operand.Poison(type);
        break;
      } else if (ps.size() == 1) {
        b = ps.get(0);
      } else {
        v = phis.create(b, type);
        pending.push(new Fill(variable, type, v, ps));
        break;
      }
    }
    for (Block c : chain) {
      write(variable, c, v);
    }
    return v;
  }

  /**
   * The record under construction that a translated predecessor leaves in stack slot {@code
   * variable}, or null: {@code new R(c ? a : b)} keeps the uninitialized record on the stack across
   * the branch (and a loop in a switch expression among the arguments, around the loop), and its
   * constructor call must find that very operand, never a phi of it. The JVM's verifier lets only
   * the same {@code new} meet itself at a join, so one predecessor's operand is every one's.
   */
  private Operand unconstructed(int variable, List<Block> ps) {
    if (variable >= 0) {
      return null;
    }
    for (Block p : ps) {
      if (def(variable, p) instanceof Operand.Unconstructed u) {
        return u;
      }
    }
    return null;
  }

  /** Reads the operands of the pending phis, newest first, and completes each. */
  private void complete(Deque<Fill> pending) {
    while (!pending.isEmpty()) {
      Fill f = pending.peek();
      if (f.next < f.preds.size()) {
        Block p = f.preds.get(f.next++);
        Operand v = def(f.variable, p);
        f.incoming.add(v != null ? v : lookUp(f.variable, p, f.type, pending));
      } else {
        pending.pop();
        phis.complete(f.phi, f.preds, f.incoming);
      }
    }
  }

  /** A phi whose operands are being read: {@code next} is the next predecessor to read. */
  private static final class Fill {
    final int variable;
    final SlotType type;
    final Operand phi;
    final List<Block> preds;
    final List<Operand> incoming = new ArrayList<>();
    int next;

    Fill(int variable, SlotType type, Operand phi, List<Block> preds) {
      this.variable = variable;
      this.type = type;
      this.phi = phi;
      this.preds = preds;
    }
  }

  private void fill(int variable, Block block, SlotType type, Operand phi) {
    Deque<Fill> pending = new ArrayDeque<>();
    pending.push(new Fill(variable, type, phi, preds.get(block)));
    complete(pending);
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
