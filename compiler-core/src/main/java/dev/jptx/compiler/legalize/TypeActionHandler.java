package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;

/**
 * The rewriting behind one type action of the seed (PromoteInteger, ExpandInteger, SoftenFloat,
 * PromoteFloat, ScalarizeVector, SplitVector, WidenVector): how to produce legal values for a
 * result of the action's illegal type, and how to rewrite a node that reads such a value.
 */
interface TypeActionHandler {
  /**
   * Legalizes result {@code r} of {@code n}, whose type this handler's action applies to, and
   * records the legal values that stand for it in the context's map for the action. Operands of
   * illegal types are read from the maps, where they already are (nodes go in schedule order).
   */
  void result(SdNode n, int r);

  /**
   * Rewrites {@code user}, whose results are legal but whose operand {@code i} has this handler's
   * illegal type, into nodes reading the operand's legal parts; the user's results are replaced.
   */
  void operand(SdNode user, int i);
}
