package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.ConstantText;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints SelectionDAGs for {@code --print-after=dag|legalize} and golden tests: per block, the
 * nodes reachable from the root in schedule order, one per line, as {@code tN: types =
 * opcode<attrs> operands}; {@code ch} is a chain.
 */
public final class DagPrinter {
  private DagPrinter() {}

  /** Every block's DAG, with the block's phis. */
  public static String print(DagFunction f) {
    StringBuilder sb = new StringBuilder("dags @" + f.name() + " {\n");
    for (SelectionDag d : f.blocks()) {
      sb.append('b').append(d.block()).append(":\n");
      for (PhiCopy p : f.phis(d.block())) {
        sb.append("  phi %").append(p.result()).append(" =");
        for (int k = 0; k < p.predecessors().size(); k++) {
          sb.append(k > 0 ? "," : "").append(" [b").append(p.predecessors().get(k));
          sb.append(": %").append(p.registers().get(k)).append(']');
        }
        sb.append('\n');
      }
      for (SdNode n : d.reachable()) {
        sb.append("  ").append(node(n)).append('\n');
      }
      for (String note : d.notes()) {
        sb.append("  ; ").append(note).append('\n');
      }
    }
    return sb.append("}\n").toString();
  }

  static String node(SdNode n) {
    List<String> types = new ArrayList<>();
    for (Type t : n.resultTypes()) {
      types.add(t instanceof VoidType ? "ch" : t.text());
    }
    StringBuilder sb = new StringBuilder("t" + n.id() + ": " + String.join(",", types) + " = ");
    sb.append(n.opcode().name().toLowerCase(Locale.ROOT));
    String attrs = attrs(n);
    if (!attrs.isEmpty()) {
      sb.append('<').append(attrs).append('>');
    }
    for (int i = 0; i < n.operands().size(); i++) {
      sb.append(i > 0 ? ", " : " ").append(n.operand(i));
    }
    return sb.toString();
  }

  private static String attrs(SdNode n) {
    NodeAttrs a = n.attrs();
    return switch (n.opcode()) {
      case CONSTANT, CONSTANT_FP -> ConstantText.format(n.resultTypes().get(0), a.bits());
      case COPY_FROM_REG, COPY_TO_REG -> "%" + a.bits();
      case LOAD_PARAM ->
          "@"
              + a.name()
              + (a.space() != null && a.space().ptxName().equals("global") ? " global" : "")
              + extension(a);
      case SPECIAL_REG -> a.name();
      case SETCC -> a.predicate().text();
      case SIGN_EXTEND_INREG -> a.memType().text();
      case LOAD, STORE, LOAD_VECTOR, STORE_VECTOR ->
          a.space().ptxName()
              + " "
              + a.memType().text()
              + (a.invariant() ? " invariant" : "")
              + extension(a);
      case BR, BRCOND ->
          "b" + String.join(", b", a.targets().stream().map(String::valueOf).toList());
      case FADD, FSUB, FMUL, FDIV, FMA -> a.fastMath() ? "fast" : "";
      case ATOMIC ->
          a.operation().name().toLowerCase(Locale.ROOT)
              + " "
              + a.space().ptxName()
              + " "
              + a.memType().text();
      case FRAME_ADDR, GLOBAL_ADDR, CALL -> "@" + a.name();
      case ADDRSPACE_CAST -> a.space().ptxName();
      case INTRINSIC, INTRINSIC_CHAIN -> ((Intrinsic) a.operation()).text();
      default -> "";
    };
  }

  private static String extension(NodeAttrs a) {
    return switch (a.extension()) {
      case ZERO -> " zext";
      case SIGN -> " sext";
      case ANY -> " anyext";
      default -> "";
    };
  }
}
