package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The SelectionDAG of one basic block: the block's computation as a graph of operations on legal
 * (after legalization) types, with chains ordering the memory effects, copies to and from virtual
 * registers for values that cross blocks, and a root (the terminator) that reaches every node that
 * matters.
 */
public final class SelectionDag {
  /** The chain type. */
  public static final Type CHAIN = VoidType.VOID;

  private final int block;
  private final List<SdNode> nodes = new ArrayList<>();
  private final SdNode entry;
  private SdValue root;
  private int line;
  private final List<DagNote> notes = new ArrayList<>();

  /** An empty DAG for the block at layout index {@code block}. */
  public SelectionDag(int block) {
    this.block = block;
    this.entry = node(DagOpcode.ENTRY_TOKEN, List.of(), List.of(CHAIN), NodeAttrs.NONE);
  }

  /** The block's layout index. */
  public int block() {
    return block;
  }

  /** The entry token: the start of the block's chain. */
  public SdValue entryToken() {
    return entry.value();
  }

  /** Adds a node. */
  public SdNode node(DagOpcode op, List<SdValue> operands, List<Type> results, NodeAttrs attrs) {
    SdNode n = new SdNode(nodes.size(), op, operands, results, attrs, line);
    nodes.add(n);
    return n;
  }

  /** Sets the source line that nodes made from now on carry. */
  public void setLine(int l) {
    line = l;
  }

  /** Adds a node with one result. */
  public SdValue node(DagOpcode op, Type result, SdValue... operands) {
    return node(op, List.of(operands), List.of(result), NodeAttrs.NONE).value();
  }

  /** Adds a node with one result and attributes. */
  public SdValue node(DagOpcode op, Type result, NodeAttrs attrs, SdValue... operands) {
    return node(op, List.of(operands), List.of(result), attrs).value();
  }

  /** An integer constant of {@code type}. */
  public SdValue constant(Type type, long bits) {
    return node(DagOpcode.CONSTANT, type, NodeAttrs.NONE.withBits(bits));
  }

  /** The root: the block's terminator. */
  public SdValue root() {
    return root;
  }

  /** Sets the root. */
  public void setRoot(SdValue r) {
    root = r;
  }

  /**
   * Adds a remark that the printer shows after the block's nodes as a {@code ;} comment (the type
   * legalizer's bookkeeping under {@code enable-legalize-types-checking}).
   */
  public void addNote(DagNote note) {
    notes.add(note);
  }

  /** The remarks, in the order they were added. */
  public List<DagNote> notes() {
    return Collections.unmodifiableList(notes);
  }

  /** Every node ever added, in creation order (including ones no longer reachable). */
  public List<SdNode> allNodes() {
    return Collections.unmodifiableList(nodes);
  }

  /** Replaces every use of {@code from} by {@code to}, in every node and the root. */
  public void replaceAllUses(SdValue from, SdValue to) {
    for (SdNode n : nodes) {
      for (int i = 0; i < n.operands().size(); i++) {
        if (n.operand(i).equals(from)) {
          n.setOperand(i, to);
        }
      }
    }
    if (from.equals(root)) {
      root = to;
    }
  }

  /** The nodes that read a result of {@code n}, among those reachable from the root. */
  public List<SdNode> users(SdNode n) {
    List<SdNode> users = new ArrayList<>();
    for (SdNode u : reachable()) {
      for (SdValue o : u.operands()) {
        if (o.node() == n) {
          users.add(u);
          break;
        }
      }
    }
    return users;
  }

  /**
   * The nodes reachable from the root, each after all its operands: a depth-first post-order that
   * visits operands in order, so the chain (operand 0 of chained nodes) keeps program order.
   */
  public List<SdNode> reachable() {
    List<SdNode> order = new ArrayList<>();
    if (root == null) {
      return order;
    }
    Set<SdNode> seen = new HashSet<>();
    Deque<SdNode> stack = new ArrayDeque<>();
    Deque<Integer> next = new ArrayDeque<>();
    stack.push(root.node());
    next.push(0);
    seen.add(root.node());
    while (!stack.isEmpty()) {
      SdNode n = stack.peek();
      int i = next.pop();
      if (i < n.operands().size()) {
        next.push(i + 1);
        SdNode o = n.operand(i).node();
        if (seen.add(o)) {
          stack.push(o);
          next.push(0);
        }
      } else {
        stack.pop();
        order.add(n);
      }
    }
    return order;
  }
}
