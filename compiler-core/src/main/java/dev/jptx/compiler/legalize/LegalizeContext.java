package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * What every type-action handler works with: the block's DAG, its function and target, and the
 * legalized-value maps; plus the small node-building and rewiring steps they share.
 */
record LegalizeContext(
    SelectionDag dag, DagFunction function, SmTarget target, LegalizedValues values) {

  /** An {@code i32} constant, the index operand of the part-extracting nodes. */
  SdValue index(int k) {
    return dag.constant(ScalarType.I32, k);
  }

  /**
   * Replaces result {@code r} of {@code old} by {@code with} everywhere, recording it among the
   * replaced values (it has a legal type; the old node is then dead).
   */
  void replace(SdNode old, int r, SdValue with) {
    values.record(LegalizedValues.Kind.REPLACED_VALUES, old.value(r), List.of(with));
    dag.replaceAllUses(old.value(r), with);
  }

  /**
   * A copy of {@code user} with operand {@code i} replaced by {@code operand}, every result of
   * {@code user} rewired to the copy's.
   */
  SdNode rebuildWithOperand(SdNode user, int i, SdValue operand) {
    List<SdValue> ops = new ArrayList<>(user.operands());
    ops.set(i, operand);
    return rebuild(user, ops);
  }

  /** A copy of {@code user} reading {@code ops}, every result rewired to the copy's. */
  SdNode rebuild(SdNode user, List<SdValue> ops) {
    SdNode copy = dag.node(user.opcode(), ops, user.resultTypes(), user.attrs());
    for (int r = 0; r < user.resultTypes().size(); r++) {
      replace(user, r, copy.value(r));
    }
    return copy;
  }

  /** A chain joining {@code chains} (or the one chain itself). */
  SdValue join(List<SdValue> chains) {
    if (chains.size() == 1) {
      return chains.get(0);
    }
    return dag.node(DagOpcode.TOKEN_FACTOR, SelectionDag.CHAIN, chains.toArray(SdValue[]::new));
  }
}
