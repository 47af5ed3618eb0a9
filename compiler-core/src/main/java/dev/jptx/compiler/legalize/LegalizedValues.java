package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdValue;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The type legalizer's bookkeeping (the seed's nine maps): for each value of an illegal type, what
 * legal values now stand for it — one promoted value, two expanded halves, the lanes of a
 * scalarized vector, the halves of a split one, a widened vector — and, for values of legal types
 * that a rewrite replaced, their replacement. Users of a legalized value read its parts from here.
 */
final class LegalizedValues {
  /** One map of the seed, named as it names them in its diagnostics. */
  enum Kind {
    PROMOTED_INTEGERS("PromotedIntegers"),
    EXPANDED_INTEGERS("ExpandedIntegers"),
    SOFTENED_FLOATS("SoftenedFloats"),
    PROMOTED_FLOATS("PromotedFloats"),
    EXPANDED_FLOATS("ExpandedFloats"),
    SCALARIZED_VECTORS("ScalarizedVectors"),
    SPLIT_VECTORS("SplitVectors"),
    WIDENED_VECTORS("WidenedVectors"),
    REPLACED_VALUES("ReplacedValues");

    private final String seedName;

    Kind(String seedName) {
      this.seedName = seedName;
    }

    /** The map's name in the seed. */
    String seedName() {
      return seedName;
    }
  }

  private final Map<Kind, Map<SdValue, List<SdValue>>> maps = new EnumMap<>(Kind.class);

  LegalizedValues() {
    for (Kind k : Kind.values()) {
      maps.put(k, new LinkedHashMap<>());
    }
  }

  /** Records that {@code parts} now stand for {@code value}. */
  void record(Kind kind, SdValue value, List<SdValue> parts) {
    maps.get(kind).put(value, List.copyOf(parts));
  }

  /** The parts recorded for {@code value} in {@code kind}'s map; fails if there are none. */
  List<SdValue> parts(Kind kind, SdValue value) {
    List<SdValue> p = maps.get(kind).get(value);
    if (p == null) {
      throw new IllegalStateException(
          "operand " + value + " is not in " + kind.seedName() + " (legalized out of order)");
    }
    return p;
  }

  /** The single value recorded for {@code value} (promoted integers and floats, softened). */
  SdValue single(Kind kind, SdValue value) {
    return parts(kind, value).get(0);
  }

  /** True if {@code value} has an entry in {@code kind}'s map. */
  boolean contains(Kind kind, SdValue value) {
    return maps.get(kind).containsKey(value);
  }

  /** The maps that hold {@code value}, in the seed's order. */
  List<Kind> mapsHolding(SdValue value) {
    List<Kind> in = new ArrayList<>();
    for (Kind k : Kind.values()) {
      if (maps.get(k).containsKey(value)) {
        in.add(k);
      }
    }
    return in;
  }

  /** The entries of one map, for tests and the checks. */
  Map<SdValue, List<SdValue>> map(Kind kind) {
    return maps.get(kind);
  }
}
