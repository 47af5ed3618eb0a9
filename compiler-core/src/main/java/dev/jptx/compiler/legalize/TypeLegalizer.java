package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.TypeAction;
import java.util.HashMap;
import java.util.Map;

/**
 * Type legalization (seed: type-legalization.md): rewrites every node whose result or operand type
 * no register class holds, until none is left. Each illegal result is replaced through the action
 * {@link LegalTypes} gives its type; the replacement is recorded in the action's map (the seed's
 * {@code PromotedIntegers}, ...), and users are rewritten to read it. Nodes are visited in schedule
 * order, so an operand is always legalized before its users.
 *
 * <p>Implemented so far: {@link TypeAction#PROMOTE_INTEGER} ({@code i8 -> i16}), which is all the
 * front end can produce today; the other actions are rows in the table waiting for their rewriters,
 * and reaching one is an internal error naming it.
 */
public final class TypeLegalizer {
  private final SelectionDag dag;
  private final DagFunction function;
  private final SmTarget target;
  private final Map<SdValue, SdValue> promotedIntegers = new HashMap<>();

  private TypeLegalizer(DagFunction function, SelectionDag dag) {
    this.function = function;
    this.dag = dag;
    this.target = function.target();
  }

  /** Legalizes the types of every block's DAG. */
  public static void run(DagFunction f) {
    for (SelectionDag d : f.blocks()) {
      new TypeLegalizer(f, d).legalize();
    }
  }

  private void legalize() {
    for (int round = 0; round < 8; round++) {
      boolean changed = false;
      for (SdNode n : dag.reachable()) {
        changed |= visit(n);
      }
      if (!changed) {
        LegalityCheck.types(dag, target);
        return;
      }
    }
    throw new IllegalStateException("type legalization did not reach a fixpoint");
  }

  private boolean visit(SdNode n) {
    dag.setLine(n.line());
    IntegerPromotion promotion = new IntegerPromotion(dag, function, promotedIntegers);
    for (SdValue operand : n.operands()) {
      if (promotedIntegers.containsKey(operand)) {
        return promotion.rewriteUser(n, operand);
      }
    }
    for (int r = 0; r < n.resultTypes().size(); r++) {
      Type t = n.resultTypes().get(r);
      if (t instanceof VoidType || LegalTypes.isLegal(t, target)) {
        continue;
      }
      LegalTypes.ActionRow action = LegalTypes.action(t, target);
      if (action == null || action.action() != TypeAction.PROMOTE_INTEGER) {
        throw new IllegalStateException(
            "type legalization of "
                + t.text()
                + " ("
                + (action == null ? "no action" : action.action())
                + ") for "
                + n.opcode()
                + " is not implemented");
      }
      return promotion.promoteResult(n, action.into());
    }
    return false;
  }

  /** Exposed for tests: the values this pass promoted and their promoted forms. */
  Map<SdValue, SdValue> promotedIntegers() {
    return promotedIntegers;
  }
}
