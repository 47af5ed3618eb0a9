package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.target.LibCalls;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code LibCall} row: the operation becomes a call of the device-library function {@link
 * LibCalls} names, whose symbol the DAG builder wrote on the node ({@code frem<@Remainder_frem>}).
 * The library's functions are pure, so the call hangs off the block's entry token and nothing waits
 * for its chain.
 */
final class LibraryCallLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    LibCalls.Row row = LibCalls.of(n.opcode(), n.resultTypes().get(0));
    String symbol = n.attrs().name();
    if (row == null || symbol == null) {
      throw new IllegalStateException(
          "library call for "
              + n.opcode()
              + (row == null
                  ? " has no row"
                  : ": " + row.javaName() + " is not in the module (no symbol on the node)"));
    }
    List<SdValue> ops = new ArrayList<>();
    ops.add(dag.entryToken());
    ops.addAll(n.operands());
    SdNode call =
        dag.node(
            dev.jptx.compiler.target.DagOpcode.CALL,
            ops,
            List.of(n.resultTypes().get(0), SelectionDag.CHAIN),
            NodeAttrs.NONE.withName(symbol));
    return call.value(0);
  }
}
