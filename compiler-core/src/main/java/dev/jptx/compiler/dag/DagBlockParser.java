package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.text.LineLexer;
import dev.jptx.compiler.text.TextParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the lines of one block for {@link DagParser}: {@code phi %r = [bK: %s], ...} and {@code tN:
 * types = opcode<attrs> operands, line L}, building its {@link SelectionDag} node by node.
 */
final class DagBlockParser {
  private final DagFunction f;
  private final SelectionDag dag;
  private final int labelLine;
  private final List<PhiCopy> phis = new ArrayList<>();
  private final Map<String, SdNode> names = new HashMap<>();
  private SdNode last;

  /** A parser for the block at layout index {@code index}, labelled on line {@code labelLine}. */
  DagBlockParser(DagFunction f, int index, int labelLine) {
    this.f = f;
    this.dag = new SelectionDag(index);
    this.labelLine = labelLine;
  }

  /** Reads a phi or a node. */
  void line(LineLexer lx) {
    if (lx.accept("phi")) {
      phi(lx);
    } else {
      node(lx);
    }
    lx.expectEnd();
  }

  /** Ends the block: its last node becomes its root, and the block joins the function. */
  /** A {@code ; remark} line after the block's nodes: the legalizer's notes, kept. */
  void note(String text) {
    dag.addNote(new DagNote.Text(text));
  }

  void finish() {
    if (last == null
        || !List.of(DagOpcode.BR, DagOpcode.BRCOND, DagOpcode.RET).contains(last.opcode())) {
      throw new TextParseException(
          labelLine, 1, "block b" + dag.block() + " does not end with br, brcond or ret");
    }
    dag.setRoot(last.value());
    f.addBlock(dag, phis);
  }

  private void phi(LineLexer lx) {
    int result = NodeAttrsText.register(lx, f);
    lx.expect("=");
    List<Integer> predecessors = new ArrayList<>();
    List<Integer> registers = new ArrayList<>();
    do {
      lx.expect("[");
      predecessors.add(NodeAttrsText.block(lx));
      lx.expect(":");
      registers.add(NodeAttrsText.register(lx, f));
      lx.expect("]");
    } while (lx.accept(","));
    phis.add(new PhiCopy(result, predecessors, registers));
  }

  private void node(LineLexer lx) {
    String name = lx.peek();
    if (!name.matches("t\\d+")) {
      throw lx.error("expected a node tN or a phi but found '" + name + "'");
    }
    if (names.containsKey(name)) {
      throw lx.error(name + " is defined twice");
    }
    lx.next();
    lx.expect(":");
    List<Type> results = new ArrayList<>();
    do {
      results.add(lx.accept("ch") ? SelectionDag.CHAIN : NodeAttrsText.type(lx));
    } while (lx.accept(","));
    lx.expect("=");
    DagOpcode op = opcode(lx);
    int attrsAt = lx.accept("<") ? lx.mark() : -1;
    if (attrsAt >= 0) {
      while (!lx.accept(">")) {
        lx.next();
      }
    }
    List<SdValue> operands = new ArrayList<>();
    int line = 0;
    while (!lx.atEnd()) {
      if (!operands.isEmpty() || lx.peek().equals(",")) {
        lx.expect(",");
      }
      if (lx.accept("line")) {
        line = DagParser.number(lx);
        break;
      }
      operands.add(operand(lx));
    }
    NodeAttrs attrs = NodeAttrs.NONE;
    if (attrsAt >= 0) {
      // the attributes are read last: a comparison's predicate depends on its operands' type
      int end = lx.mark();
      lx.reset(attrsAt);
      attrs = NodeAttrsText.parse(lx, op, results, operands, f);
      lx.expect(">");
      lx.reset(end);
    }
    if (op == DagOpcode.ENTRY_TOKEN) {
      last = dag.entryToken().node();
    } else {
      dag.setLine(line);
      last = dag.node(op, operands, results, attrs);
    }
    names.put(name, last);
  }

  private static DagOpcode opcode(LineLexer lx) {
    for (DagOpcode op : DagOpcode.values()) {
      if (op.name().toLowerCase(Locale.ROOT).equals(lx.peek())) {
        lx.next();
        return op;
      }
    }
    throw lx.error("unknown DAG opcode '" + lx.peek() + "'");
  }

  private SdValue operand(LineLexer lx) {
    String t = lx.peek();
    SdNode n = names.get(t);
    if (n == null) {
      throw lx.error(
          "'" + t + "' is not a node defined on an earlier line of block b" + dag.block());
    }
    lx.next();
    int result = lx.accept(":") ? DagParser.number(lx) : 0;
    if (result >= n.resultTypes().size()) {
      throw lx.error(t + " has no result " + result);
    }
    return n.value(result);
  }
}
