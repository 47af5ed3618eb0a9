package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.IntrinsicNodes;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalizeAction;
import dev.jptx.compiler.target.OperationActions;
import dev.jptx.compiler.target.SmTarget;
import java.util.EnumMap;
import java.util.Map;

/**
 * Operation legalization (seed: type-legalization.md, "LegalizeDAG"): every operation on a legal
 * type is looked up in {@link OperationActions}; {@code Custom} ones are rewritten by the lowering
 * class registered for their opcode here, {@code Expand}ed vector operations one per lane ({@link
 * VectorUnrollLowering}), {@code Promote}d half operations in {@code f32} ({@link
 * FloatOperationPromotion}), and intrinsics with a row in {@link IntrinsicLowerings} by that row's
 * lowering, until every reachable node is {@code Legal}.
 */
public final class OperationLegalizer {
  private static final Map<DagOpcode, CustomLowering> CUSTOM = customLowerings();
  private static final CustomLowering UNROLL = new VectorUnrollLowering();
  private static final CustomLowering PROMOTE = new FloatOperationPromotion();

  private OperationLegalizer() {}

  private static Map<DagOpcode, CustomLowering> customLowerings() {
    Map<DagOpcode, CustomLowering> m = new EnumMap<>(DagOpcode.class);
    CustomLowering shifts = new JavaShiftLowering();
    m.put(DagOpcode.SHL, shifts);
    m.put(DagOpcode.SRA, shifts);
    m.put(DagOpcode.SRL, shifts);
    CustomLowering division = new JavaDivisionLowering();
    m.put(DagOpcode.SDIV, division);
    m.put(DagOpcode.SREM, division);
    m.put(DagOpcode.FP_TO_SINT_SAT, new FloatToIntLowering());
    m.put(DagOpcode.FP_EXTEND, new Bf16WideningLowering());
    return m;
  }

  /** Legalizes the operations of every block's DAG. */
  public static void run(DagFunction f) {
    for (SelectionDag d : f.blocks()) {
      legalize(d, f.target());
    }
  }

  private static void legalize(SelectionDag dag, SmTarget target) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (SdNode n : dag.reachable()) {
        CustomLowering intrinsic = IntrinsicLowerings.find(n, target);
        if (intrinsic != null) {
          dag.setLine(n.line());
          dag.replaceAllUses(n.value(0), intrinsic.lower(dag, n));
          changed = true;
          continue;
        }
        Type t = actionType(n);
        if (t == null) {
          continue;
        }
        LegalizeAction a = action(n, t, target);
        if (a == LegalizeAction.LEGAL) {
          continue;
        }
        CustomLowering lowering = lowering(a, n, t);
        if (lowering == null) {
          throw new IllegalStateException(
              "operation legalization: "
                  + a
                  + " of "
                  + n.opcode()
                  + " on "
                  + t.text()
                  + " is not implemented");
        }
        dag.setLine(n.line());
        dag.replaceAllUses(n.value(0), lowering.lower(dag, n));
        changed = true;
      }
    }
    LegalityCheck.operations(dag, target);
  }

  private static CustomLowering lowering(LegalizeAction a, SdNode n, Type t) {
    return switch (a) {
      case CUSTOM -> CUSTOM.get(n.opcode());
      case EXPAND -> t instanceof VectorType ? UNROLL : null;
      case PROMOTE -> t instanceof ScalarType s && s.isFloat() ? PROMOTE : null;
      default -> null;
    };
  }

  /** The action of {@code n}, keyed by {@link #actionType} (and an intrinsic's operation). */
  static LegalizeAction action(SdNode n, Type t, SmTarget target) {
    Intrinsic in = n.opcode() == DagOpcode.INTRINSIC ? IntrinsicNodes.intrinsic(n) : null;
    return OperationActions.action(n.opcode(), in, t, target);
  }

  /**
   * The type an operation's action is looked up by: its result; for stores their value, for
   * comparisons and widening conversions their operand (whether a narrow type has the instruction).
   */
  static Type actionType(SdNode n) {
    if (n.opcode() == DagOpcode.STORE) {
      return n.operand(1).type();
    }
    if (n.opcode() == DagOpcode.SETCC || n.opcode() == DagOpcode.FP_EXTEND) {
      return n.operand(0).type();
    }
    Type t = n.resultTypes().isEmpty() ? null : n.resultTypes().get(0);
    return t instanceof VoidType ? null : t;
  }
}
