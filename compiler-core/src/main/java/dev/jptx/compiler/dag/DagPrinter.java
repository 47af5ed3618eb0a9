package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.FunctionAttributesText;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a {@link DagFunction} as DAG text, for {@code --print-after=dag|legalize} and golden
 * tests; {@link DagParser} reads it back. The header holds what the blocks do not show: the kind,
 * the parameters ({@code .ptxType symbol: irType}), the target and the function's attributes; then
 * the virtual registers with their classes and the {@code .local} objects; then per block its phis
 * and its nodes.
 *
 * <pre>
 * dags kernel @k(.u64 k_param_0: ptr.global, .u32 k_param_1: i32) sm_90 maxntid(256, 1, 1) {
 *   regs %0:b32, %1:b32
 *   local __local0, 16, align 4
 * b0:
 *   t0: ch = entry_token
 *   t1: i32 = load_param&lt;@k_param_1&gt;, line 7
 *   t2: ch = copy_to_reg&lt;%0&gt; t0, t1
 *   t3: ch = br&lt;b1&gt; t2
 * b1:
 *   phi %1 = [b0: %0], [b1: %1]
 *   ...
 * }
 * </pre>
 *
 * A block shows the nodes reachable from its root, each after its operands (the order {@link
 * SelectionDag#reachable} schedules them), numbered {@code t0, t1, ...} in that order: the text of
 * a DAG does not depend on the nodes legalization left behind, so printing is canonical. {@code
 * tN:1} is a node's second result, {@code ch} a chain; attributes are {@link NodeAttrsText}'s.
 */
public final class DagPrinter {
  private DagPrinter() {}

  /** The whole function. */
  public static String print(DagFunction f) {
    StringBuilder sb = new StringBuilder(header(f));
    if (!f.registers().isEmpty()) {
      List<String> regs = new ArrayList<>();
      for (int r = 0; r < f.registers().size(); r++) {
        regs.add("%" + r + ":" + f.registers().get(r).mirName());
      }
      sb.append("  regs ").append(String.join(", ", regs)).append('\n');
    }
    for (FrameSlot s : f.frame()) {
      sb.append("  local ").append(s.symbol()).append(", ").append(s.bytes());
      sb.append(", align ").append(s.align()).append('\n');
    }
    for (SelectionDag d : f.blocks()) {
      sb.append('b').append(d.block()).append(":\n");
      for (PhiCopy p : f.phis(d.block())) {
        sb.append("  ").append(phi(p)).append('\n');
      }
      Map<SdNode, Integer> numbers = new HashMap<>();
      for (SdNode n : d.reachable()) {
        numbers.put(n, numbers.size());
        sb.append("  ").append(node(n, numbers)).append('\n');
      }
      for (DagNote note : d.notes()) {
        sb.append("  ; ").append(note(note, numbers)).append('\n');
      }
    }
    return sb.append("}\n").toString();
  }

  private static String note(DagNote note, Map<SdNode, Integer> numbers) {
    if (note instanceof DagNote.Legalized l) {
      StringBuilder sb = new StringBuilder(l.map()).append(": ").append(l.from()).append(" ->");
      for (SdValue p : l.parts()) {
        Integer n = numbers.get(p.node());
        sb.append(n == null ? " -" : " t" + n + (p.resNo() == 0 ? "" : ":" + p.resNo()));
      }
      return sb.toString();
    }
    return ((DagNote.Text) note).text();
  }

  private static String header(DagFunction f) {
    StringBuilder sb = new StringBuilder("dags ");
    sb.append(f.isEntry() ? "kernel" : "func " + f.returnType().text());
    sb.append(" @").append(f.name()).append('(');
    for (int i = 0; i < f.params().size(); i++) {
      ParamSlot p = f.params().get(i);
      sb.append(i > 0 ? ", " : "").append(p.ptxType()).append(' ').append(p.symbol());
      sb.append(": ").append(p.type().text());
    }
    sb.append(") ").append(f.target().name());
    return sb.append(FunctionAttributesText.format(f.attributes())).append(" {\n").toString();
  }

  private static String phi(PhiCopy p) {
    StringBuilder sb = new StringBuilder("phi %" + p.result() + " =");
    for (int k = 0; k < p.predecessors().size(); k++) {
      sb.append(k > 0 ? "," : "").append(" [b").append(p.predecessors().get(k));
      sb.append(": %").append(p.registers().get(k)).append(']');
    }
    return sb.toString();
  }

  private static String node(SdNode n, Map<SdNode, Integer> numbers) {
    List<String> types = new ArrayList<>();
    for (Type t : n.resultTypes()) {
      types.add(t instanceof VoidType ? "ch" : t.text());
    }
    StringBuilder sb = new StringBuilder("t" + numbers.get(n) + ": ");
    sb.append(String.join(",", types)).append(" = ");
    sb.append(n.opcode().name().toLowerCase(Locale.ROOT));
    String attrs = NodeAttrsText.format(n);
    if (!attrs.isEmpty()) {
      sb.append('<').append(attrs).append('>');
    }
    for (int i = 0; i < n.operands().size(); i++) {
      SdValue o = n.operand(i);
      sb.append(i > 0 ? ", t" : " t").append(numbers.get(o.node()));
      sb.append(o.resNo() == 0 ? "" : ":" + o.resNo());
    }
    return sb.append(n.line() > 0 ? ", line " + n.line() : "").toString();
  }
}
