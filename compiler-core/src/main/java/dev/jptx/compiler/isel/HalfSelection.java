package dev.jptx.compiler.isel;

import java.util.List;

/** The selection rows of half-precision conversions and packed arithmetic. */
final class HalfSelection {
  private HalfSelection() {}

  static List<IntrinsicRow> rows() {
    return List.of();
  }
}
