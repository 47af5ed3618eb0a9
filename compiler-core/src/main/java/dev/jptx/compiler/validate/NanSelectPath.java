package dev.jptx.compiler.validate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What one path has done that {@link NanSelectRule} asks about a select, followed statement by
 * statement ({@link PtxFunctionBody#pathFacts}): which registers hold a result of the {@code cvt}
 * under check, and for each such result the registers still holding the value it converted and the
 * predicate registers holding a NaN test of that value; which predicate registers hold a NaN test
 * of any value, with the registers holding that one, in case a later {@code cvt} converts it; and
 * the last write of the select's predicate. Values move with plain {@code mov}s and end where a
 * register is written otherwise. The software pipeliner leaves such paths: a {@code cvt} in one
 * trip of a loop and its test, or the select, in the next, with its register rotation copying the
 * converted value ({@code mov.f64 %fd1, %fd3}), the test ({@code mov.pred %p1, %p2}) or the result
 * ({@code mov.b32 %r4, %r3}) in between; a result so copied may meet its select after the {@code
 * cvt} has converted the next value into its register.
 *
 * @param predicateWrite the index of the last write of the select's predicate register, or -1
 * @param results the registers holding a result of the {@code cvt}, with what is known of it
 * @param pending every predicate register holding a NaN test, with the test's polarity and the
 *     registers holding the value it tested
 * @param copies the sets of two or more registers that hold one value, each copied from another
 */
record NanSelectPath(
    int predicateWrite,
    Map<String, Result> results,
    Map<String, Test> pending,
    Set<Set<String>> copies) {
  /** A NaN test held in a predicate register: true on NaN or not, and where its value is. */
  record Test(boolean trueOnNan, Set<String> holders) {
    Test {
      holders = Set.copyOf(holders);
    }
  }

  /**
   * One result of the {@code cvt}: the registers holding the value it converted, and the predicate
   * registers holding a NaN test of that value (true where the register holds on NaN).
   */
  record Result(Set<String> sources, Map<String, Boolean> tests) {
    Result {
      sources = Set.copyOf(sources);
      tests = Map.copyOf(tests);
    }

    /**
     * This result after {@code s}, which copies {@code copied} (or null) and may test {@code
     * tested}.
     */
    Result after(PtxStatement s, List<String> writes, String copied, String tested) {
      Set<String> src = new HashSet<>(sources);
      Map<String, Boolean> t = new HashMap<>(tests);
      Map<String, Boolean> added = new HashMap<>();
      for (String d : s.defs()) {
        Boolean polarity = tested == null ? null : NanSelectRule.nanTest(s, d, tested);
        if (polarity != null) {
          if (sources.contains(tested)) {
            added.put(d, polarity);
          }
        } else if (copied != null && tests.containsKey(copied)) {
          added.put(d, tests.get(copied));
        }
      }
      for (String d : writes) {
        t.remove(d);
        move(src, d, copied);
      }
      t.putAll(added);
      return new Result(src, t);
    }
  }

  /** A path that has done nothing yet. */
  static final NanSelectPath NONE = new NanSelectPath(-1, Map.of(), Map.of(), Set.of());

  private static final Pattern VIRTUAL_REGISTER = Pattern.compile("%[a-z]+\\d+");

  /** Copies the collections. */
  NanSelectPath {
    results = Map.copyOf(results);
    pending = Map.copyOf(pending);
    copies = Set.copyOf(copies);
  }

  /**
   * This path after statement {@code s}, the {@code i}th. A statement reads before it writes: the
   * {@code cvt} (the {@code cvt}th statement) converts its operand 1, whose pending tests become
   * its result's tests; a NaN test of a register tests the converted value of every result whose
   * sources include it. Then each register written takes what a copy's source held, or nothing.
   */
  NanSelectPath after(PtxStatement s, int i, int cvt, String selectPredicate) {
    int pw = s.defs().contains(selectPredicate) ? i : predicateWrite;
    String copied = copySource(s);
    List<String> writes = writes(s);
    String tested = s.operands().size() > 1 ? s.operand(1) : null;
    Result fresh = null;
    if (i == cvt) {
      Map<String, Boolean> t = new HashMap<>();
      pending.forEach(
          (q, test) -> {
            if (test.holders().contains(tested)) {
              t.put(q, test.trueOnNan());
            }
          });
      for (Result r : results.values()) {
        if (r.sources().contains(tested)) {
          t.putAll(r.tests()); // the same value converted again: its tests still hold
        }
      }
      fresh = new Result(holders(tested), t);
    }
    Map<Result, Result> changed = new HashMap<>();
    Map<String, Result> rs = new HashMap<>();
    results.forEach(
        (reg, r) ->
            rs.put(reg, changed.computeIfAbsent(r, x -> x.after(s, writes, copied, tested))));
    Map<String, Test> p = new HashMap<>(pending);
    Map<String, Test> newPending = new HashMap<>();
    for (String d : s.defs()) {
      Boolean polarity = tested == null ? null : NanSelectRule.nanTest(s, d, tested);
      if (polarity != null) {
        newPending.put(d, new Test(polarity, holders(tested)));
      } else if (copied != null && pending.containsKey(copied)) {
        newPending.put(d, pending.get(copied));
      }
    }
    Result copiedResult = copied == null ? null : rs.get(copied);
    for (String d : writes) {
      p.remove(d);
      for (Map.Entry<String, Test> e : p.entrySet()) {
        Set<String> holders = new HashSet<>(e.getValue().holders());
        move(holders, d, copied);
        e.setValue(new Test(e.getValue().trueOnNan(), holders));
      }
      if (copiedResult != null) {
        rs.put(d, copiedResult);
      } else {
        rs.remove(d);
      }
    }
    p.putAll(newPending);
    if (fresh != null) {
      rs.put(s.defs().get(0), fresh);
    }
    return new NanSelectPath(pw, rs, p, copiesAfter(writes, copied));
  }

  /** {@code register} and the registers holding its value. */
  private Set<String> holders(String register) {
    for (Set<String> c : copies) {
      if (c.contains(register)) {
        return c;
      }
    }
    return Set.of(register);
  }

  /**
   * {@link #copies} after {@code s}: each register it writes holds {@code copied}'s value or its
   * own.
   */
  private Set<Set<String>> copiesAfter(List<String> writes, String copied) {
    Set<String> joined = copied == null ? null : new HashSet<>(holders(copied));
    Set<Set<String>> out = new HashSet<>();
    for (Set<String> c : copies) {
      if (joined == null || !c.contains(copied)) {
        Set<String> kept = new HashSet<>(c);
        kept.removeAll(writes);
        if (kept.size() > 1) {
          out.add(Set.copyOf(kept));
        }
      }
    }
    if (joined != null) {
      joined.addAll(writes);
      out.add(Set.copyOf(joined));
    }
    return out;
  }

  /** {@code written} holds what {@code copied} held, or nothing of {@code holders}' value. */
  private static void move(Set<String> holders, String written, String copied) {
    if (copied != null && holders.contains(copied)) {
      holders.add(written);
    } else {
      holders.remove(written);
    }
  }

  /**
   * What an unguarded copy reads, or null: the register a plain {@code mov} or a spill ({@code
   * st.local} to a {@link SpillSlots slot}) copies, or the slot a reload ({@code ld.local}) does.
   */
  static String copySource(PtxStatement s) {
    if (s.guard() != null || s.operands().size() != 2) {
      return null;
    }
    String slot = SpillSlots.loaded(s);
    if (slot != null) {
      return slot;
    }
    boolean copy = s.base().equals("mov") || SpillSlots.stored(s) != null;
    String from = s.operand(1);
    return copy && VIRTUAL_REGISTER.matcher(from).matches() ? from : null;
  }

  /**
   * The registers and slots {@code s} writes: a store through a register address may write every
   * slot this path knows of.
   */
  private List<String> writes(PtxStatement s) {
    String slot = SpillSlots.stored(s);
    if (slot != null) {
      return List.of(slot);
    }
    if (!SpillSlots.storesAnywhere(s)) {
      return s.defs();
    }
    Set<String> slots = new TreeSet<>();
    Stream.of(results.keySet(), pending.keySet())
        .flatMap(Set::stream)
        .filter(SpillSlots::isSlot)
        .forEach(slots::add);
    for (Result r : results.values()) {
      r.sources().stream().filter(SpillSlots::isSlot).forEach(slots::add);
    }
    for (Test t : pending.values()) {
      t.holders().stream().filter(SpillSlots::isSlot).forEach(slots::add);
    }
    for (Set<String> c : copies) {
      c.stream().filter(SpillSlots::isSlot).forEach(slots::add);
    }
    return List.copyOf(slots);
  }
}
