package dev.jptx.compiler.validate;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Java uses only the low 5 ({@code int}) or 6 ({@code long}) bits of a shift count; PTX {@code
 * shl}/{@code shr} clamp a count of the width or more instead. So an immediate count must be below
 * the width, and a register count must be in range by construction: every definition of it that
 * reaches the shift is
 *
 * <ul>
 *   <li>an {@code and} with an operand that is in range: an immediate from 0 to width - 1, or a
 *       register that is itself in range (the result is at most that operand) — the compiler's
 *       {@code and.b32 %r3, %r2, 31};
 *   <li>a {@code mov} of an immediate from 0 to width - 1, or of a register in range (the copies
 *       PHI elimination makes);
 *   <li>an integer {@code cvt} of a register in range, or a {@code selp} of two operands in range;
 *   <li>a {@code ld.local} of a slot at a constant address (a spill reload under a register budget)
 *       that every {@code st.local} to the same address reaching the load fills with a value in
 *       range.
 * </ul>
 *
 * A definition met again while it is being checked (a copy around a loop) is assumed in range: the
 * values it can hold come from the other definitions. A guarded definition counts like any other.
 * Funnel shifts ({@code shf}) take counts modulo the width or clamp them explicitly, and are not
 * checked.
 */
final class ShiftMaskRule implements LintRule {
  private static final Map<String, Integer> WIDTHS =
      Map.of(
          "b16", 16, "s16", 16, "u16", 16, "b32", 32, "s32", 32, "u32", 32, "b64", 64, "s64", 64,
          "u64", 64);
  private static final Set<String> INTEGER_TYPES =
      Set.of("b8", "s8", "u8", "b16", "s16", "u16", "b32", "s32", "u32", "b64", "s64", "u64");

  @Override
  public void check(PtxFunctionBody f, List<LintFinding> out) {
    for (PtxStatement s : f.statements()) {
      Integer width = WIDTHS.get(s.type());
      if (!(s.base().equals("shl") || s.base().equals("shr"))
          || width == null
          || s.operands().size() != 3) {
        continue;
      }
      String count = s.operand(2);
      OptionalLong literal = PtxStatement.integer(count);
      String message = null;
      if (literal.isPresent()) {
        long c = literal.getAsLong();
        if (c < 0 || c >= width) {
          message = outOfRange(c, width);
        }
      } else {
        Offender o = offender(f, count, s, width - 1, new HashSet<>());
        if (o != null) {
          message = unmasked(count, width, o.definition());
        }
      }
      if (message != null) {
        out.add(new LintFinding(f.name(), s.line(), s.text(), PtxLint.SHIFT_MASK, message));
      }
    }
  }

  static String outOfRange(long count, int width) {
    return "shift count "
        + count
        + " is out of range: Java uses only the low "
        + Integer.numberOfTrailingZeros(width)
        + " bits of the count where PTX clamps counts of "
        + width
        + " or more, so a constant count must be below "
        + width;
  }

  static String unmasked(String count, int width, PtxStatement definition) {
    String why =
        definition == null
            ? "it has no definition in this function"
            : "line " + definition.line() + " defines it: " + definition.text();
    return "shift count "
        + count
        + " is not masked: Java uses only the low "
        + Integer.numberOfTrailingZeros(width)
        + " bits of the count where PTX clamps counts of "
        + width
        + " or more, so it must come from an and with a constant of at most "
        + (width - 1)
        + " (or be a constant below "
        + width
        + "), but "
        + why;
  }

  /** The reason a register is not provably in range: a definition, or none when it has none. */
  private record Offender(PtxStatement definition) {}

  /**
   * The first definition reaching {@code at} that may put {@code register} above {@code max}, or
   * null if none.
   */
  private static Offender offender(
      PtxFunctionBody f, String register, PtxStatement at, long max, Set<PtxStatement> visiting) {
    List<PtxStatement> defs = f.definitions(register, at);
    if (defs.isEmpty()) {
      return new Offender(null);
    }
    for (PtxStatement d : defs) {
      // a definition met again while it is being checked (a copy around a loop) adds no value
      if (visiting.add(d)) {
        try {
          if (!inRange(f, d, max, visiting)) {
            return new Offender(d);
          }
        } finally {
          visiting.remove(d);
        }
      }
    }
    return null;
  }

  private static boolean inRange(
      PtxFunctionBody f, PtxStatement d, long max, Set<PtxStatement> visiting) {
    return switch (d.base()) {
      case "and" ->
          operandInRange(f, d.operand(1), d, max, visiting)
              || operandInRange(f, d.operand(2), d, max, visiting);
      case "mov" -> d.operands().size() == 2 && operandInRange(f, d.operand(1), d, max, visiting);
      case "cvt" ->
          INTEGER_TYPES.containsAll(d.modifiers())
              && operandInRange(f, d.operand(1), d, max, visiting);
      case "selp" ->
          operandInRange(f, d.operand(1), d, max, visiting)
              && operandInRange(f, d.operand(2), d, max, visiting);
      // an unsigned bit field of at most log2(max + 1) bits is below max + 1
      case "bfe" -> d.modifiers().contains("u32") && fieldFits(d.operand(3), max);
      case "ld" -> slotInRange(f, d, max, visiting);
      default -> false;
    };
  }

  /**
   * Whether every store to the local slot {@code address} that reaches the reload {@code load}
   * stores a value in range, and one does on every path. Only slots named by the depot symbol and a
   * constant, as spill code addresses them: a register address may alias any slot. Stores that do
   * not reach the reload do not count: spill slot coloring gives one slot to values whose live
   * ranges do not overlap.
   */
  private static boolean slotInRange(
      PtxFunctionBody f, PtxStatement load, long max, Set<PtxStatement> visiting) {
    String slot = SpillSlots.loaded(load);
    if (slot == null) {
      return false;
    }
    Set<Integer> stores = f.slotStoresReaching(load, slot);
    if (stores.isEmpty() || stores.contains(-1)) {
      return false;
    }
    for (int i : stores) {
      PtxStatement s = f.statement(i);
      if (!slot.equals(SpillSlots.stored(s))
          || !operandInRange(f, s.operand(1), s, max, visiting)) {
        return false;
      }
    }
    return true;
  }

  /** A {@code bfe} length literal whose largest field value, {@code 2^len - 1}, is at most max. */
  private static boolean fieldFits(String length, long max) {
    OptionalLong len = PtxStatement.integer(length);
    return len.isPresent()
        && len.getAsLong() >= 0
        && len.getAsLong() < 63
        && (1L << len.getAsLong()) - 1 <= max;
  }

  private static boolean operandInRange(
      PtxFunctionBody f, String operand, PtxStatement at, long max, Set<PtxStatement> visiting) {
    OptionalLong literal = PtxStatement.integer(operand);
    if (literal.isPresent()) {
      return literal.getAsLong() >= 0 && literal.getAsLong() <= max;
    }
    List<String> names = PtxStatement.names(operand);
    return names.size() == 1
        && names.get(0).equals(operand)
        && offender(f, operand, at, max, visiting) == null;
  }
}
