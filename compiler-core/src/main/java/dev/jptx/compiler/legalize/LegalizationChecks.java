package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.DagNote;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.SmTarget;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The expensive checks of type legalization (seed: PerformExpensiveChecks, knob {@code
 * enable-legalize-types-checking}), with the seed's diagnostics: every processed value of an
 * illegal type is in exactly one of the action maps, no value of a legal type was transformed (only
 * replaced), and every part recorded for a value is itself legal or legalized in turn.
 */
final class LegalizationChecks {
  private LegalizationChecks() {}

  /**
   * Verifies the maps, then notes on the DAG what each map holds ({@code ExpandedIntegers: add i128
   * -> t8 t11}), so that a dump after legalization shows where every illegal value went.
   */
  static void verify(
      SelectionDag dag, SmTarget target, Set<SdNode> processed, LegalizedValues values) {
    Set<SdNode> reachable = new HashSet<>(dag.reachable());
    for (SdNode n : dag.allNodes()) {
      if (!processed.contains(n)) {
        continue;
      }
      for (int r = 0; r < n.resultTypes().size(); r++) {
        SdValue v = n.value(r);
        List<LegalizedValues.Kind> in = values.mapsHolding(v);
        if (legal(v.type(), target)) {
          if (!in.isEmpty() && !in.equals(List.of(LegalizedValues.Kind.REPLACED_VALUES))) {
            fail("Value with legal type was transformed!", v, in);
          }
        } else if (in.isEmpty()) {
          fail("Processed value not in any map!", v, in);
        } else if (in.size() > 1) {
          fail("Value in multiple maps!", v, in);
        }
      }
    }
    for (LegalizedValues.Kind k : LegalizedValues.Kind.values()) {
      values
          .map(k)
          .forEach(
              (from, parts) -> {
                for (SdValue p : parts) {
                  // a part nothing reads any more (the halves of a stored vector) needs no rewrite
                  if (!legal(p.type(), target)
                      && values.mapsHolding(p).isEmpty()
                      && reachable.contains(p.node())) {
                    fail("Processed value not in any map!", p, List.of());
                  }
                }
              });
      if (k != LegalizedValues.Kind.REPLACED_VALUES) {
        values
            .map(k)
            .forEach(
                (from, parts) ->
                    dag.addNote(
                        new DagNote.Legalized(
                            k.seedName(),
                            from.node().opcode().name().toLowerCase(java.util.Locale.ROOT)
                                + " "
                                + from.type().text(),
                            parts)));
      }
    }
  }

  private static boolean legal(Type t, SmTarget target) {
    return t instanceof VoidType || LegalTypes.isLegal(t, target);
  }

  private static void fail(String message, SdValue v, List<LegalizedValues.Kind> in) {
    throw new IllegalStateException(
        message
            + " "
            + v
            + " ("
            + v.type().text()
            + ")"
            + (in.isEmpty() ? "" : " in " + in.stream().map(k -> k.seedName()).toList()));
  }
}
