package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The condition-code action table (the seed's per-condition, per-type table for {@code SETCC}):
 * which comparisons {@code setp} has for a type and what becomes of the others. {@code setp} takes
 * every integer and float predicate on 16- to 64-bit operands ({@code .f16} from sm_53, {@code
 * .bf16} from sm_90, where those types are legal at all), but none on predicates: comparisons of
 * {@code i1} values are expanded into predicate logic. Rows apply first match; a comparison without
 * a row is legal.
 */
public final class ConditionCodeActions {
  /** One entry: comparisons by any of {@code predicates} on {@code type}. */
  public record Row(
      Set<CmpPredicate> predicates,
      Type type,
      LegalizeAction action,
      Availability when,
      String reason) {}

  // spotless:off
  private static final List<Row> ROWS = List.of(
      new Row(EnumSet.range(CmpPredicate.EQ, CmpPredicate.UGE), ScalarType.I1, LegalizeAction.EXPAND, Availability.ALWAYS, "setp has no .pred form: xor, and, or and not of the two predicates"));
  // spotless:on

  private ConditionCodeActions() {}

  /** The action for comparing {@code type} values by {@code p} on {@code target}. */
  public static LegalizeAction action(CmpPredicate p, Type type, SmTarget target) {
    for (Row r : ROWS) {
      if (r.predicates().contains(p) && r.type().equals(type) && r.when().appliesTo(target)) {
        return r.action();
      }
    }
    return LegalizeAction.LEGAL;
  }

  /** All rows, for table tests. */
  public static List<Row> rows() {
    return ROWS;
  }
}
