package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.IntrinsicNodes;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.OperandSpec;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * Selects intrinsic calls from the row tables of each group ({@link MathSelection}, {@link
 * SyncSelection}): the first row for the intrinsic and type that applies to the target wins; rows
 * are keyed by {@link IntrinsicNodes#keyType}. Every intrinsic that stays an {@code INTRINSIC} node
 * has one instruction, so every one that reaches here has a row.
 */
final class IntrinsicSelection {
  private static final List<IntrinsicRow> ROWS = rows();

  private IntrinsicSelection() {}

  private static List<IntrinsicRow> rows() {
    List<IntrinsicRow> all = new ArrayList<>();
    all.addAll(MathSelection.rows());
    all.addAll(SyncSelection.rows());
    return List.copyOf(all);
  }

  /** Every row, for table tests. */
  static List<IntrinsicRow> all() {
    return ROWS;
  }

  /** The row for an intrinsic node on {@code target}, or null. */
  static IntrinsicRow find(SdNode n, SmTarget target) {
    Intrinsic in = IntrinsicNodes.intrinsic(n);
    Type t = IntrinsicNodes.keyType(n);
    for (IntrinsicRow r : ROWS) {
      if (r.intrinsic() == in
          && (r.type() == null || r.type().equals(t))
          && r.when().appliesTo(target)
          && r.mode().accepts(n.attrs().fastMath())) {
        return r;
      }
    }
    return null;
  }

  /** The data operands (after the chain of a chained intrinsic). */
  static List<SdValue> arguments(SdNode n) {
    return IntrinsicNodes.arguments(n);
  }

  /** Plans the node with its row. */
  static void plan(BlockSelector s, SdNode n, IntrinsicRow row) {
    List<SdValue> args = arguments(n);
    List<OperandSpec> specs = row.out().uses();
    if (specs.size() != args.size()) {
      throw new IllegalStateException(
          row.out().name() + " takes " + specs.size() + " sources, not " + args.size());
    }
    for (int k = 0; k < args.size(); k++) {
      if (!(specs.get(k).kind() == OperandSpec.Kind.REG_OR_IMM && isConstant(args.get(k)))) {
        s.needRegister(args.get(k));
      }
    }
    boolean hasResult = !row.out().defs().isEmpty();
    s.plan(
        n,
        () -> {
          List<MOperand> uses = new ArrayList<>();
          for (int k = 0; k < args.size(); k++) {
            SdValue a = args.get(k);
            boolean imm = specs.get(k).kind() == OperandSpec.Kind.REG_OR_IMM && isConstant(a);
            uses.add(imm ? BlockSelector.imm(a.node()) : s.reg(a));
          }
          s.emit(row.out(), hasResult ? s.def(n.value(0)) : null, uses, n.line());
        });
  }

  private static boolean isConstant(SdValue v) {
    return v.node().opcode() == DagOpcode.CONSTANT || v.node().opcode() == DagOpcode.CONSTANT_FP;
  }
}
