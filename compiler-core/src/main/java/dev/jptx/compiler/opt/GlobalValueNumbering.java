package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Removes pure instructions that recompute a value available in a dominating position (seed: the
 * dominator-scoped hash table of Briggs, Cooper and Simpson, "Value Numbering", and LLVM's
 * EarlyCSE). The dominator tree is walked depth-first with a table from an instruction's key
 * (result type and payload, operands already replaced by their leaders) to the first value computed
 * that way; a block's entries leave the table when the walk leaves its subtree, so a value found
 * there always dominates the instruction being looked up, which is then replaced by it.
 *
 * <p>Only {@link PureOps#isPure pure} instructions and invariant loads (of {@code @ReadOnly}
 * arrays) take part: never other loads, stores, atomics, calls, allocas, phis, or {@code
 * CONVERGENT} and {@code MEMORY} intrinsics. The operands of commutative integer operations ({@code
 * add mul and or xor}, {@code icmp eq ne}, {@code smin smax umin umax mulhi}) are put in value
 * order, and an integer comparison with swapped operands takes the swapped predicate.
 * Floating-point operations are merged only when identical (opcode, predicate, operands in the same
 * order), which is exact: {@code fminnum} of two zeros, or a NaN's payload, can depend on operand
 * order. An instruction whose result nothing reads leads nothing: it is dead, and an equal one
 * later would otherwise be replaced by a value kept live from far away. Requires nothing; preserves
 * the CFG; leaves no dead code behind (replaced instructions are removed).
 */
public final class GlobalValueNumbering implements FunctionPass {
  private record Key(Type type, InstData data) {}

  @Override
  public String name() {
    return "gvn";
  }

  @Override
  public boolean run(Function f) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    DominatorTree dom = DominatorTree.of(f);
    // a value nothing reads is no leader: it would give a later copy a longer life for nothing
    Set<Value> used = new HashSet<>();
    for (Inst i : f.allInsts()) {
      used.addAll(f.data(i).operands());
    }
    Map<Value, Value> leader = new HashMap<>();
    List<Inst> redundant = new ArrayList<>();
    Map<Key, Value> table = new HashMap<>();
    // an explicit stack: dominator trees of long straight-line kernels are deep
    Deque<Block> work = new ArrayDeque<>();
    Deque<List<Key>> scopes = new ArrayDeque<>();
    Deque<Block> path = new ArrayDeque<>();
    work.push(dom.root());
    while (!work.isEmpty()) {
      Block b = work.pop();
      while (!path.isEmpty() && !path.peek().equals(dom.idom(b))) {
        path.pop();
        scopes.pop().forEach(table::remove);
      }
      path.push(b);
      List<Key> added = new ArrayList<>();
      scopes.push(added);
      for (Inst i : f.insts(b)) {
        InstData d = f.data(i).mapOperands(v -> leader.getOrDefault(v, v));
        f.setData(i, d);
        Value r = f.result(i);
        if (r == null || !(PureOps.isPure(d) || isInvariantLoad(d))) {
          continue;
        }
        Key k = new Key(f.type(r), canonical(f, d));
        Value known = table.get(k);
        if (known != null) {
          leader.put(r, known);
          redundant.add(i);
        } else if (used.contains(r)) {
          table.put(k, r);
          added.add(k);
        }
      }
      List<Block> children = dom.children(b);
      for (int c = children.size() - 1; c >= 0; c--) {
        work.push(children.get(c));
      }
    }
    if (redundant.isEmpty()) {
      return false;
    }
    // uses the walk saw before their leader was known: phis along back edges
    for (Inst i : f.allInsts()) {
      InstData d = f.data(i);
      if (d.operands().stream().anyMatch(leader::containsKey)) {
        f.setData(i, d.mapOperands(v -> leader.getOrDefault(v, v)));
      }
    }
    redundant.forEach(f::remove);
    return true;
  }

  /**
   * A load of memory nothing writes while the kernel runs ({@code @ReadOnly} arrays): the same
   * address gives the same value anywhere, so a dominating load of it can stand in.
   */
  private static boolean isInvariantLoad(InstData d) {
    return d instanceof InstData.Load load && load.invariant();
  }

  /** The payload with the operands of commutative integer operations in value order. */
  private static InstData canonical(Function f, InstData d) {
    if (d instanceof InstData.Binary x
        && isCommutative(x.opcode())
        && outOfOrder(x.lhs(), x.rhs())) {
      return new InstData.Binary(x.opcode(), x.rhs(), x.lhs());
    }
    if (d instanceof InstData.Compare x
        && x.opcode() == Opcode.ICMP
        && outOfOrder(x.lhs(), x.rhs())) {
      return new InstData.Compare(x.opcode(), x.predicate().swapped(), x.rhs(), x.lhs());
    }
    if (d instanceof InstData.IntrinsicCall x
        && isCommutative(x.intrinsic())
        && outOfOrder(x.args().get(0), x.args().get(1))) {
      return new InstData.IntrinsicCall(x.intrinsic(), List.of(x.args().get(1), x.args().get(0)));
    }
    return d;
  }

  private static boolean outOfOrder(Value a, Value b) {
    return a.id() > b.id();
  }

  private static boolean isCommutative(Opcode op) {
    return switch (op) {
      case ADD, MUL, AND, OR, XOR -> true;
      default -> false;
    };
  }

  private static boolean isCommutative(Intrinsic i) {
    return switch (i) {
      case SMIN, SMAX, UMIN, UMAX, MULHI -> true;
      default -> false;
    };
  }
}
