package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Type;

/** One result of a DAG node: the node and the result's index. */
public record SdValue(SdNode node, int resNo) {
  /** The type of this result ({@code void} for a chain). */
  public Type type() {
    return node.resultTypes().get(resNo);
  }

  @Override
  public String toString() {
    return "t" + node.id() + (resNo == 0 ? "" : ":" + resNo);
  }
}
