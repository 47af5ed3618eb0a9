package dev.jptx.compiler.validate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What one path has done that {@link NanSelectRule} asks about a select, followed statement by
 * statement ({@link PtxFunctionBody#pathFacts}): the last write of the {@code cvt}'s result
 * register, the registers still holding the value it converted, which predicate registers hold a
 * NaN test of that value, and which hold a test of some other value (with the registers holding
 * that one, in case a later {@code cvt} converts it). Values move with plain {@code mov}s and end
 * where a register is written otherwise. The software pipeliner leaves such paths: a {@code cvt} in
 * one trip of a loop and its test, or the select, in the next, with its register rotation copying
 * the value ({@code mov.f64 %fd1, %fd3}) or the test ({@code mov.pred %p1, %p2}) in between.
 *
 * @param result the index of the last write of the result register, or -1
 * @param predicateWrite the index of the last write of the select's predicate register, or -1
 * @param converted the registers holding the value the last {@code cvt} read
 * @param tests the predicate registers holding a NaN test of that value: true where the register
 *     holds on NaN
 * @param pending every predicate register holding a NaN test, with the test's polarity and the
 *     registers holding the value it tested
 */
record NanSelectPath(
    int result,
    int predicateWrite,
    Set<String> converted,
    Map<String, Boolean> tests,
    Map<String, Test> pending) {
  /** A NaN test held in a predicate register: true on NaN or not, and where its value is. */
  record Test(boolean trueOnNan, Set<String> holders) {
    Test {
      holders = Set.copyOf(holders);
    }
  }

  /** A path that has done nothing yet. */
  static final NanSelectPath NONE = new NanSelectPath(-1, -1, Set.of(), Map.of(), Map.of());

  private static final Pattern VIRTUAL_REGISTER = Pattern.compile("%[a-z]+\\d+");

  /** Copies the collections. */
  NanSelectPath {
    converted = Set.copyOf(converted);
    tests = Map.copyOf(tests);
    pending = Map.copyOf(pending);
  }

  /**
   * This path after statement {@code s}, the {@code i}th. A statement reads before it writes: a
   * write of {@code resultRegister} (the {@code cvt}) converts its operand 1, whose pending tests
   * become its tests; a NaN test of a register tests the converted value if the register holds it.
   * Then each register written takes what a copy's source held, or nothing.
   */
  NanSelectPath after(PtxStatement s, int i, String resultRegister, String selectPredicate) {
    int r = result;
    int pw = s.defs().contains(selectPredicate) ? i : predicateWrite;
    Set<String> hr = new HashSet<>(converted);
    Map<String, Boolean> t = new HashMap<>(tests);
    Map<String, Test> p = new HashMap<>(pending);
    String copied = copySource(s);
    if (s.defs().contains(resultRegister)) {
      String source = s.operands().size() > 1 ? s.operand(1) : "";
      if (!converted.contains(source)) {
        t.clear(); // a new value: the old tests are of another one
      }
      r = i;
      hr = new HashSet<>(Set.of(source));
      pending.forEach(
          (q, test) -> {
            if (test.holders().contains(source)) {
              t.put(q, test.trueOnNan());
            }
          });
    }
    Map<String, Boolean> newTests = new HashMap<>();
    Map<String, Test> newPending = new HashMap<>();
    for (String d : s.defs()) {
      Boolean polarity = s.operands().size() > 1 ? NanSelectRule.nanTest(s, d, s.operand(1)) : null;
      if (polarity != null) {
        newPending.put(d, new Test(polarity, Set.of(s.operand(1))));
        if (converted.contains(s.operand(1))) {
          newTests.put(d, polarity);
        }
      } else if (copied != null && p.containsKey(copied)) {
        newPending.put(d, p.get(copied));
        if (t.containsKey(copied)) {
          newTests.put(d, t.get(copied));
        }
      }
    }
    for (String d : s.defs()) {
      t.remove(d);
      p.remove(d);
      move(hr, d, copied);
      for (Map.Entry<String, Test> e : p.entrySet()) {
        Set<String> holders = new HashSet<>(e.getValue().holders());
        move(holders, d, copied);
        e.setValue(new Test(e.getValue().trueOnNan(), holders));
      }
    }
    t.putAll(newTests);
    p.putAll(newPending);
    return new NanSelectPath(r, pw, hr, t, p);
  }

  /** {@code written} holds what {@code copied} held, or nothing of {@code holders}' value. */
  private static void move(Set<String> holders, String written, String copied) {
    if (copied != null && holders.contains(copied)) {
      holders.add(written);
    } else {
      holders.remove(written);
    }
  }

  /** The register an unguarded plain {@code mov} copies, or null. */
  private static String copySource(PtxStatement s) {
    if (!s.base().equals("mov") || s.operands().size() != 2 || s.guard() != null) {
      return null;
    }
    String from = s.operand(1);
    return VIRTUAL_REGISTER.matcher(from).matches() ? from : null;
  }
}
