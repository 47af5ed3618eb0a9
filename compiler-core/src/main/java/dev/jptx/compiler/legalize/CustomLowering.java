package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;

/**
 * A {@code Custom} entry of the operation action table: rewrites one node into nodes the target can
 * select (LLVM's {@code LowerOperation}). Each implementation handles one family of operations and
 * says why PTX needs it.
 */
interface CustomLowering {
  /** The value that replaces the first result of {@code n}. */
  SdValue lower(SelectionDag dag, SdNode n);
}
