package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Matches a pattern at a DAG node. An inner operation node may be folded into the match only if the
 * root is its sole user (else its value would be computed twice), or if its pattern is {@link
 * Pat.Op#shared}: then a node with other users stays uncovered, selected for them on its own;
 * commutative operations are tried with their operands swapped too.
 */
final class PatternMatcher {
  /** A successful match: the bindings, and the inner nodes it folded. */
  record Match(Map<String, Bound> bindings, List<SdNode> folded) {}

  private final Map<SdNode, Integer> useCounts;

  PatternMatcher(Map<SdNode, Integer> useCounts) {
    this.useCounts = useCounts;
  }

  /** The match of {@code p} rooted at {@code root}, or null. */
  Match match(Pat.Op p, SdNode root) {
    Map<String, Bound> b = new HashMap<>();
    List<SdNode> folded = new ArrayList<>();
    return op(p, root, b, folded, true) ? new Match(b, folded) : null;
  }

  private boolean op(Pat.Op p, SdNode n, Map<String, Bound> b, List<SdNode> folded, boolean root) {
    if (n.opcode() != p.op()
        || !typeOk(p.type(), n.resultTypes().get(0))
        || !p.attrs().test(n.attrs())) {
      return false;
    }
    boolean alone = useCounts.getOrDefault(n, 0) == 1;
    if (!root && !alone && !p.shared()) {
      return false;
    }
    boolean cover = !root && alone;
    int size = folded.size();
    Map<String, Bound> saved = new HashMap<>(b);
    if (operands(p, n, List.copyOf(n.operands()), b, folded)) {
      if (cover) {
        folded.add(n);
      }
      return true;
    }
    if (n.opcode().isCommutative() && n.operands().size() == 2) {
      b.clear();
      b.putAll(saved);
      truncate(folded, size);
      List<SdValue> swapped = List.of(n.operand(1), n.operand(0));
      if (operands(p, n, swapped, b, folded)) {
        if (cover) {
          folded.add(n);
        }
        return true;
      }
    }
    b.clear();
    b.putAll(saved);
    truncate(folded, size);
    return false;
  }

  private boolean operands(
      Pat.Op p, SdNode n, List<SdValue> ops, Map<String, Bound> b, List<SdNode> folded) {
    // chained nodes carry their chain as operand 0; patterns describe only the data operands
    int skip = ops.size() - p.operands().size();
    if (skip < 0) {
      return false;
    }
    for (int i = 0; i < p.operands().size(); i++) {
      if (!leafOrOp(p.operands().get(i), ops.get(skip + i), b, folded)) {
        return false;
      }
    }
    return true;
  }

  private boolean leafOrOp(Pat p, SdValue v, Map<String, Bound> b, List<SdNode> folded) {
    if (p instanceof Pat.Op o) {
      return v.resNo() == 0 && op(o, v.node(), b, folded, false);
    }
    boolean constant =
        v.node().opcode() == DagOpcode.CONSTANT || v.node().opcode() == DagOpcode.CONSTANT_FP;
    if (p instanceof Pat.Reg r) {
      return typeOk(r.type(), v.type()) && bind(b, r.name(), new Bound.Reg(v));
    } else if (p instanceof Pat.Imm i) {
      return constant
          && typeOk(i.type(), v.type())
          && i.accepts().test(v.node().attrs().bits())
          && bind(b, i.name(), new Bound.Imm(v.node()));
    } else if (p instanceof Pat.RegOrImm ri) {
      Bound bound = constant ? new Bound.Imm(v.node()) : new Bound.Reg(v);
      return typeOk(ri.type(), v.type()) && bind(b, ri.name(), bound);
    }
    return false;
  }

  private static boolean bind(Map<String, Bound> b, String name, Bound value) {
    Bound old = b.putIfAbsent(name, value);
    return old == null || old.equals(value);
  }

  private static boolean typeOk(Type want, Type have) {
    return want == null || want.equals(have);
  }

  private static void truncate(List<SdNode> l, int size) {
    while (l.size() > size) {
      l.remove(l.size() - 1);
    }
  }
}
