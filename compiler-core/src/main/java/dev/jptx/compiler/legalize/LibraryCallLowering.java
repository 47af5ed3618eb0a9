package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.target.LibCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@code LibCall} row: the operation becomes a call of the device-library function {@link
 * LibCalls} names, found in the module by its Java name. The library's functions are pure, so the
 * call hangs off the block's entry token and nothing waits for its chain.
 */
final class LibraryCallLowering implements CustomLowering {
  private final Map<String, String> symbols;

  /** {@code symbols}: the module's functions, Java name to PTX symbol. */
  LibraryCallLowering(Map<String, String> symbols) {
    this.symbols = symbols;
  }

  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    LibCalls.Row row = LibCalls.of(n.opcode(), n.resultTypes().get(0));
    String symbol = row == null ? null : symbols.get(row.javaName());
    if (symbol == null) {
      throw new IllegalStateException(
          "library call for "
              + n.opcode()
              + (row == null ? " has no row" : ": " + row.javaName() + " is not in the module"));
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
