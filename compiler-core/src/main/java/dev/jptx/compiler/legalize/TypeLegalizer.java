package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.LegalizeAction;
import dev.jptx.compiler.target.OperationActions;
import dev.jptx.compiler.target.TypeAction;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Type legalization (seed: type-legalization.md, DAGTypeLegalizer): rewrites every node whose
 * result or operand type no register class holds, until none is left. Nodes are visited in schedule
 * order (operands first), rounds repeat until nothing changes, since a rewrite may make new illegal
 * nodes ({@code v8f32} splits into two {@code v4f32}, which split again):
 *
 * <ul>
 *   <li>a node with a result of an illegal type goes to the handler of the type's action ({@link
 *       LegalTypes#action}), which builds legal values for it and records them in the action's map
 *       of {@link LegalizedValues} (the seed's {@code PromotedIntegers}, {@code ExpandedIntegers},
 *       ...); its operands of illegal types are read from those maps;
 *   <li>a node whose results are legal but that reads a value of an illegal type goes to the
 *       handler of that operand's action, which rewrites it to read the legal parts.
 * </ul>
 *
 * <p>A node is visited once the nodes of illegal types it reads have been (a rewrite made in this
 * round waits for the next). Before a handler, the target's custom lowering gets a node whose
 * action row in {@link OperationActions} is {@code Custom} for its illegal type (LLVM's {@code
 * CustomLowerNode}): a {@code v4f32} load that PTX does in one {@code ld.v4} is not split.
 *
 * <p>With {@code checks} (knob {@code enable-legalize-types-checking}) {@link LegalizationChecks}
 * verifies the maps afterwards, as LLVM's {@code PerformExpensiveChecks} does.
 */
public final class TypeLegalizer {
  private final SelectionDag dag;
  private final LegalizeContext context;
  private final Map<TypeAction, TypeActionHandler> handlers = new EnumMap<>(TypeAction.class);
  private final Set<SdNode> processed = new HashSet<>();
  private final VectorMemoryLowering vectorMemory;
  private final boolean softenFloats;

  private TypeLegalizer(
      DagFunction function,
      SelectionDag dag,
      boolean softenFloats,
      Map<TypeAction, Function<LegalizeContext, TypeActionHandler>> replacing) {
    this.softenFloats = softenFloats;
    this.dag = dag;
    this.context = new LegalizeContext(dag, function, function.target(), new LegalizedValues());
    handlers.put(TypeAction.PROMOTE_INTEGER, new IntegerPromotion(context));
    handlers.put(TypeAction.EXPAND_INTEGER, new IntegerExpansion(context));
    handlers.put(TypeAction.PROMOTE_FLOAT, new FloatPromotion(context));
    handlers.put(TypeAction.SOFTEN_FLOAT, new FloatSoftening(context));
    handlers.put(TypeAction.SPLIT_VECTOR, new VectorSplitting(context));
    handlers.put(TypeAction.SCALARIZE_VECTOR, new VectorScalarization(context));
    handlers.put(TypeAction.WIDEN_VECTOR, new VectorWidening(context));
    this.vectorMemory = new VectorMemoryLowering(context);
    replacing.forEach((action, make) -> handlers.put(action, make.apply(context)));
  }

  /** Legalizes the types of every block's DAG. */
  public static void run(DagFunction f) {
    run(f, false);
  }

  /** Legalizes the types of every block's DAG; {@code checks} verifies the bookkeeping too. */
  public static void run(DagFunction f, boolean checks) {
    run(f, checks, false);
  }

  /**
   * As {@link #run(DagFunction, boolean)}; with {@code softenFloats} (knob {@code soften-float})
   * the half types the table promotes to {@code f32} are softened instead: carried as their
   * patterns.
   */
  public static void run(DagFunction f, boolean checks, boolean softenFloats) {
    run(f, checks, softenFloats, Map.of());
  }

  /** As {@link #run(DagFunction, boolean)}, with some actions' handlers replaced (for tests). */
  static void run(
      DagFunction f,
      boolean checks,
      Map<TypeAction, Function<LegalizeContext, TypeActionHandler>> replacing) {
    run(f, checks, false, replacing);
  }

  private static void run(
      DagFunction f,
      boolean checks,
      boolean softenFloats,
      Map<TypeAction, Function<LegalizeContext, TypeActionHandler>> replacing) {
    for (SelectionDag d : f.blocks()) {
      TypeLegalizer l = new TypeLegalizer(f, d, softenFloats, replacing);
      l.legalize();
      if (checks) {
        LegalizationChecks.verify(d, f.target(), l.processed, l.context.values());
      }
      LegalityCheck.types(d, f.target());
    }
  }

  private void legalize() {
    for (int round = 0; round < 256; round++) {
      boolean changed = false;
      for (SdNode n : dag.reachable()) {
        if (!processed.contains(n)) {
          changed |= visit(n);
        }
      }
      if (!changed) {
        return;
      }
    }
    throw new IllegalStateException("type legalization did not reach a fixpoint");
  }

  private boolean visit(SdNode n) {
    for (SdValue o : n.operands()) {
      if (!isLegal(o.type()) && !processed.contains(o.node())) {
        return false; // its operand is new in this round: next round
      }
    }
    dag.setLine(n.line());
    if (customLowered(n)) {
      processed.add(n);
      return true;
    }
    for (int r = 0; r < n.resultTypes().size(); r++) {
      Type t = n.resultTypes().get(r);
      if (!isLegal(t)) {
        processed.add(n);
        handler(t, n).result(n, r);
        return true;
      }
    }
    for (int i = 0; i < n.operands().size(); i++) {
      SdValue o = n.operand(i);
      if (!isLegal(o.type())) {
        processed.add(n);
        handler(o.type(), n).operand(n, i);
        return true;
      }
    }
    return false;
  }

  /** Runs the target's custom lowering if {@code n}'s action is {@code Custom} for its type. */
  private boolean customLowered(SdNode n) {
    if (n.opcode() != DagOpcode.LOAD && n.opcode() != DagOpcode.STORE) {
      return false;
    }
    Type t = OperationLegalizer.actionType(n);
    if (isLegal(t)
        || OperationActions.action(n.opcode(), t, context.target()) != LegalizeAction.CUSTOM) {
      return false;
    }
    vectorMemory.lower(n);
    return true;
  }

  private boolean isLegal(Type t) {
    return t instanceof VoidType || LegalTypes.isLegal(t, context.target());
  }

  private TypeActionHandler handler(Type t, SdNode n) {
    LegalTypes.ActionRow row = LegalTypes.action(t, context.target());
    if (row == null) {
      throw new IllegalStateException(
          "no type action for " + t.text() + " on " + context.target() + " (" + n + ")");
    }
    TypeAction action =
        softenFloats && row.action() == TypeAction.PROMOTE_FLOAT
            ? TypeAction.SOFTEN_FLOAT
            : row.action();
    TypeActionHandler h = handlers.get(action);
    if (h == null) {
      throw new IllegalStateException(
          "type legalization: "
              + row.action()
              + " of "
              + t.text()
              + " is not implemented ("
              + n
              + ")");
    }
    return h;
  }
}
