package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PromoteInteger: a narrow integer value is carried in a wider legal one whose high bits are
 * unspecified ("any-extended"), and each user makes the bits it needs explicit: a sign extension
 * becomes {@code sign_extend_inreg}, a zero extension an {@code and} with the narrow mask, a store
 * stays a truncating store of the wide value.
 */
final class IntegerPromotion {
  private final SelectionDag dag;
  private final DagFunction function;
  private final Map<SdValue, SdValue> promoted;

  IntegerPromotion(SelectionDag dag, DagFunction function, Map<SdValue, SdValue> promoted) {
    this.dag = dag;
    this.function = function;
    this.promoted = promoted;
  }

  /** Records a promoted replacement for the narrow result of {@code n}. */
  boolean promoteResult(SdNode n, Type wide) {
    SdValue narrow = n.value(0);
    SdValue wideValue;
    switch (n.opcode()) {
      case CONSTANT -> wideValue = dag.constant(wide, n.attrs().bits());
      case TRUNCATE -> {
        SdValue src = n.operand(0);
        wideValue = src.type().equals(wide) ? src : dag.node(DagOpcode.TRUNCATE, wide, src);
      }
      case LOAD_PARAM -> {
        String declared = function.params().get((int) n.attrs().bits()).ptxType();
        NodeAttrs.LoadExtension ext =
            declared.startsWith(".s") ? NodeAttrs.LoadExtension.SIGN : NodeAttrs.LoadExtension.ZERO;
        wideValue = dag.node(DagOpcode.LOAD_PARAM, wide, n.attrs().withExtension(ext));
      }
      case LOAD -> {
        SdNode load =
            dag.node(
                DagOpcode.LOAD,
                n.operands(),
                List.of(wide, SelectionDag.CHAIN),
                n.attrs().withExtension(NodeAttrs.LoadExtension.ZERO));
        dag.replaceAllUses(n.value(1), load.value(1));
        wideValue = load.value(0);
      }
      default ->
          throw new IllegalStateException(
              "PromoteInteger of the result of " + n.opcode() + " is not implemented");
    }
    promoted.put(narrow, wideValue);
    return true;
  }

  /** Rewrites {@code user}, which reads the promoted {@code narrow}. */
  boolean rewriteUser(SdNode user, SdValue narrow) {
    SdValue wide = promoted.get(narrow);
    Type narrowType = narrow.type();
    switch (user.opcode()) {
      case SIGN_EXTEND -> replace(user, signExtend(wide, narrowType, user.resultTypes().get(0)));
      case ZERO_EXTEND -> replace(user, zeroExtend(wide, narrowType, user.resultTypes().get(0)));
      case ANY_EXTEND -> replace(user, anyExtend(wide, user.resultTypes().get(0)));
      case STORE, COPY_TO_REG -> replaceOperand(user, narrow, wide);
      case TRUNCATE -> {
        Type to = user.resultTypes().get(0);
        replace(user, to.equals(wide.type()) ? wide : dag.node(DagOpcode.TRUNCATE, to, wide));
      }
      default ->
          throw new IllegalStateException(
              "PromoteInteger of an operand of " + user.opcode() + " is not implemented");
    }
    return true;
  }

  private SdValue anyExtend(SdValue wide, Type to) {
    return wide.type().equals(to) ? wide : dag.node(DagOpcode.ANY_EXTEND, to, wide);
  }

  private SdValue signExtend(SdValue wide, Type narrow, Type to) {
    SdValue v = anyExtend(wide, to);
    return dag.node(DagOpcode.SIGN_EXTEND_INREG, to, NodeAttrs.NONE.withMemType(narrow), v);
  }

  private SdValue zeroExtend(SdValue wide, Type narrow, Type to) {
    SdValue v = anyExtend(wide, to);
    long mask = (1L << narrow.bits()) - 1;
    return dag.node(DagOpcode.AND, to, v, dag.constant(to, mask));
  }

  private void replace(SdNode user, SdValue with) {
    dag.replaceAllUses(user.value(0), with);
  }

  private void replaceOperand(SdNode user, SdValue from, SdValue to) {
    List<SdValue> ops = new ArrayList<>(user.operands());
    ops.replaceAll(o -> o.equals(from) ? to : o);
    SdNode copy = dag.node(user.opcode(), ops, user.resultTypes(), user.attrs());
    for (int r = 0; r < user.resultTypes().size(); r++) {
      dag.replaceAllUses(user.value(r), copy.value(r));
    }
  }
}
