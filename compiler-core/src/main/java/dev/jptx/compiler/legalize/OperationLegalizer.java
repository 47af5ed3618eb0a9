package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.ConditionCodeActions;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalizeAction;
import dev.jptx.compiler.target.OperationActions;
import dev.jptx.compiler.target.PromotionTypes;
import dev.jptx.compiler.target.SmTarget;
import java.util.EnumMap;
import java.util.Map;

/**
 * Operation legalization (seed: type-legalization.md, "LegalizeDAG"): every operation on a legal
 * type is looked up in {@link OperationActions}; {@code Custom} ones are rewritten by the lowering
 * class registered for their opcode here, {@code Expand} ones into other generic operations (a
 * vector operation one per lane, {@link VectorUnrollLowering}), {@code Promote} ones on the type
 * {@link PromotionTypes} gives. Rewrites may make nodes that need rewriting in turn (a promoted
 * {@code cttz} is expanded next), so rounds repeat until every node is {@code Legal}.
 */
public final class OperationLegalizer {
  private static final Map<DagOpcode, CustomLowering> CUSTOM = customLowerings();
  private static final Map<DagOpcode, CustomLowering> WIDE_EXPANSIONS = wideExpansions();

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

  /** The {@code Expand} rewrites of operations on 32 and 64 bits, by opcode. */
  private static Map<DagOpcode, CustomLowering> wideExpansions() {
    Map<DagOpcode, CustomLowering> m = new EnumMap<>(DagOpcode.class);
    m.put(DagOpcode.CTTZ, new CountTrailingZerosLowering());
    m.put(DagOpcode.BSWAP, new ByteSwap64Lowering());
    m.put(DagOpcode.ROTL, new Rotate64Lowering());
    m.put(DagOpcode.ROTR, new Rotate64Lowering());
    return m;
  }

  /** The rewrite an {@code Expand} row asks for. */
  private static CustomLowering expansion(DagOpcode op, Type t) {
    if (t instanceof VectorType) {
      return new VectorUnrollLowering();
    }
    if (t.equals(ScalarType.I128)) {
      return new WideOperations();
    }
    if (op == DagOpcode.SETCC && t.equals(ScalarType.I1)) {
      return new PredicateComparison();
    }
    if (t.bits() <= 16) {
      return switch (op) {
        case CTPOP -> NarrowBitOperations.POPCOUNT;
        case ROTL, ROTR -> NarrowBitOperations.ROTATE;
        default -> null;
      };
    }
    return WIDE_EXPANSIONS.get(op);
  }

  /** Legalizes the operations of every block's DAG. */
  public static void run(DagFunction f) {
    for (SelectionDag d : f.blocks()) {
      legalize(d, f.target(), new LibraryCallLowering());
    }
  }

  private static void legalize(SelectionDag dag, SmTarget target, CustomLowering libCalls) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (SdNode n : dag.reachable()) {
        if (TruncatingStores.needsDemotion(n, target)) {
          dag.setLine(n.line());
          dag.replaceAllUses(n.value(0), TruncatingStores.demote(dag, n, target));
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
        dag.setLine(n.line());
        dag.replaceAllUses(n.value(0), rewrite(dag, n, a, t, target, libCalls));
        changed = true;
      }
    }
    LegalityCheck.operations(dag, target);
  }

  private static SdValue rewrite(
      SelectionDag dag,
      SdNode n,
      LegalizeAction a,
      Type t,
      SmTarget target,
      CustomLowering libCalls) {
    CustomLowering l =
        switch (a) {
          case CUSTOM -> CUSTOM.get(n.opcode());
          case LIBCALL -> libCalls;
          case EXPAND -> expansion(n.opcode(), t);
          case PROMOTE -> {
            Type wide = PromotionTypes.of(n.opcode(), t, target);
            yield wide == null
                ? null
                : t instanceof ScalarType s && s.isFloat()
                    ? (d, x) -> FloatOperationPromotion.promote(d, x, wide)
                    : (d, x) -> NarrowBitOperations.promote(d, x, wide);
          }
          default -> null;
        };
    if (l == null) {
      throw new IllegalStateException(
          "operation legalization: "
              + a
              + " of "
              + n.opcode()
              + " on "
              + t.text()
              + " has no rewrite");
    }
    return l.lower(dag, n);
  }

  /**
   * The action for {@code n} on {@code t}: a comparison's from the condition-code table when it has
   * a row, otherwise from the operation table.
   */
  static LegalizeAction action(SdNode n, Type t, SmTarget target) {
    if (n.opcode() == DagOpcode.SETCC) {
      LegalizeAction cc = ConditionCodeActions.action(n.attrs().predicate(), t, target);
      if (cc != LegalizeAction.LEGAL) {
        return cc;
      }
    }
    return OperationActions.action(n.opcode(), t, target);
  }

  /**
   * The type an operation's action is looked up by: its result; for stores their value, for
   * comparisons, truncations, widening float conversions and the counts their operand.
   */
  static Type actionType(SdNode n) {
    if (n.opcode() == DagOpcode.STORE) {
      return n.operand(1).type();
    }
    if (n.opcode() == DagOpcode.SETCC
        || n.opcode() == DagOpcode.TRUNCATE
        || n.opcode() == DagOpcode.FP_EXTEND
        || n.opcode() == DagOpcode.CTPOP
        || n.opcode() == DagOpcode.CTLZ
        || n.opcode() == DagOpcode.CTTZ) {
      return n.operand(0).type();
    }
    Type t = n.resultTypes().isEmpty() ? null : n.resultTypes().get(0);
    return t instanceof VoidType ? null : t;
  }
}
