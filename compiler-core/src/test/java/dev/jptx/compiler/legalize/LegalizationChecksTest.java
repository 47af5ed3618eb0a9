package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.dag.DagBuilder;
import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.target.TypeAction;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The expensive checks ({@code enable-legalize-types-checking}) catch a type-action handler that
 * breaks the bookkeeping, with the seed's diagnostics; without them the damage shows later or not
 * at all.
 */
class LegalizationChecksTest {
  private static final String I128 =
      """
      kernel @k(ptr.global %0, i64 %1) {
      b0:
        %2 = sext i64 %1 to i128
        %3 = add i128 %2, %2
        %4 = trunc i128 %3 to i64
        store i64 %4, %0
        ret
      }
      """;

  private static DagFunction dag() {
    var f = IrParser.parseModule("t", I128).functions().get(0);
    return DagBuilder.build(f, SmTargets.get("sm_75"));
  }

  /** Expands correctly, but also records each expanded value as promoted. */
  private static Function<LegalizeContext, TypeActionHandler> recordingTwice() {
    return cx -> {
      IntegerExpansion real = new IntegerExpansion(cx);
      return new TypeActionHandler() {
        @Override
        public void result(SdNode n, int r) {
          real.result(n, r);
          cx.values().record(LegalizedValues.Kind.PROMOTED_INTEGERS, n.value(r), List.of());
        }

        @Override
        public void operand(SdNode user, int i) {
          real.operand(user, i);
        }
      };
    };
  }

  /** Rewrites users correctly but records a value of a legal type among the expanded ones. */
  private static Function<LegalizeContext, TypeActionHandler> transformingALegalValue() {
    return cx -> {
      IntegerExpansion real = new IntegerExpansion(cx);
      return new TypeActionHandler() {
        @Override
        public void result(SdNode n, int r) {
          real.result(n, r);
        }

        @Override
        public void operand(SdNode user, int i) {
          real.operand(user, i);
          cx.values()
              .record(
                  LegalizedValues.Kind.EXPANDED_INTEGERS,
                  user.value(0),
                  List.of(user.value(0), user.value(0)));
        }
      };
    };
  }

  @Test
  void valueInTwoMaps_isReportedOnlyWithChecks() {
    var broken = Map.of(TypeAction.EXPAND_INTEGER, recordingTwice());
    TypeLegalizer.run(dag(), false, broken);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> TypeLegalizer.run(dag(), true, broken));
    assertTrue(e.getMessage().startsWith("Value in multiple maps!"), e.getMessage());
    assertTrue(e.getMessage().contains("PromotedIntegers"), e.getMessage());
  }

  @Test
  void legalValueTransformed_isReportedOnlyWithChecks() {
    var broken = Map.of(TypeAction.EXPAND_INTEGER, transformingALegalValue());
    TypeLegalizer.run(dag(), false, broken);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> TypeLegalizer.run(dag(), true, broken));
    assertTrue(e.getMessage().startsWith("Value with legal type was transformed!"), e.getMessage());
  }

  @Test
  void valueInNoMap_isReported() {
    LegalizedValues values = new LegalizedValues();
    DagFunction f = dag();
    var d = f.blocks().get(0);
    SdNode wide =
        d.reachable().stream()
            .filter(n -> n.resultTypes().get(0).text().equals("i128"))
            .findFirst()
            .orElseThrow();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> LegalizationChecks.verify(d, f.target(), java.util.Set.of(wide), values));
    assertTrue(e.getMessage().startsWith("Processed value not in any map!"), e.getMessage());
  }

  @Test
  void correctLegalization_passesAndNotesTheMaps() {
    DagFunction f = dag();
    TypeLegalizer.run(f, true);
    String notes = dev.jptx.compiler.dag.DagPrinter.print(f);
    assertTrue(notes.contains("; ExpandedIntegers: add i128 -> t"), notes);
    assertFalse(notes.contains("PromotedIntegers"), notes);
  }
}
