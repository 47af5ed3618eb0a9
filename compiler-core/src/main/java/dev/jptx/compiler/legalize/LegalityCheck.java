package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.LegalizeAction;
import dev.jptx.compiler.target.SmTarget;

/** Checks that legalization left only legal types and legal operations. */
final class LegalityCheck {
  private LegalityCheck() {}

  static void types(SelectionDag dag, SmTarget target) {
    for (SdNode n : dag.reachable()) {
      for (Type t : n.resultTypes()) {
        if (!(t instanceof VoidType) && !LegalTypes.isLegal(t, target)) {
          throw new IllegalStateException("illegal type " + t.text() + " left on " + n);
        }
      }
      for (SdValue o : n.operands()) {
        if (!(o.type() instanceof VoidType) && !LegalTypes.isLegal(o.type(), target)) {
          throw new IllegalStateException("illegal operand type " + o.type().text() + " on " + n);
        }
      }
    }
  }

  static void operations(SelectionDag dag, SmTarget target) {
    for (SdNode n : dag.reachable()) {
      Type t = OperationLegalizer.actionType(n);
      if (t != null && OperationLegalizer.action(n, t, target) != LegalizeAction.LEGAL) {
        throw new IllegalStateException(
            "operation " + n.opcode() + " on " + t.text() + " not legal");
      }
    }
  }
}
