package dev.jptx.compiler.validate;

import java.util.HashSet;
import java.util.Set;

/**
 * The facts of {@link PtxFunctionBody#pathWrites}, one per path, packed in a {@code long}: the
 * statement index (plus one, 0 for none) of the last write of the result register and of the
 * predicate register, whether those two writes read the same value of the source register, and
 * whether the source was written since the last write of each.
 */
final class PathFact {
  private PathFact() {}

  /** A path that has written neither register yet. */
  static final long NONE = 0L;

  private static final int BITS = 28;
  private static final long MASK = (1L << BITS) - 1;
  private static final long SAME = 1L << (2 * BITS);
  private static final long CHANGED_SINCE_RESULT = SAME << 1;
  private static final long CHANGED_SINCE_PREDICATE = SAME << 2;

  static int result(long f) {
    return (int) (f & MASK) - 1;
  }

  static int predicate(long f) {
    return (int) (f >>> BITS & MASK) - 1;
  }

  static boolean sameSource(long f) {
    return (f & SAME) != 0;
  }

  /**
   * The facts after statement {@code i}: a write of the result or the predicate replaces that
   * component (the statement reads the source before it writes) and records whether the source has
   * been written since the other component's write; a write of the source marks both as changed. A
   * guarded write may not happen: the facts before it stay too.
   */
  static Set<Long> transfer(
      PtxStatement s, int i, Set<Long> in, String result, String predicate, String source) {
    boolean writesResult = s.defs().contains(result);
    boolean writesPredicate = s.defs().contains(predicate);
    boolean writesSource = s.defs().contains(source);
    if (!writesResult && !writesPredicate && !writesSource) {
      return in;
    }
    Set<Long> out = new HashSet<>();
    for (long f : in) {
      long r = f & MASK;
      long p = f >>> BITS & MASK;
      long flags = f & (SAME | CHANGED_SINCE_RESULT | CHANGED_SINCE_PREDICATE);
      if (writesResult) {
        r = i + 1;
        flags = same(flags, p != 0 && (flags & CHANGED_SINCE_PREDICATE) == 0);
        flags &= ~CHANGED_SINCE_RESULT;
      }
      if (writesPredicate) {
        p = i + 1;
        flags = same(flags, r != 0 && (flags & CHANGED_SINCE_RESULT) == 0);
        flags &= ~CHANGED_SINCE_PREDICATE;
      }
      if (writesSource) {
        flags |= CHANGED_SINCE_RESULT | CHANGED_SINCE_PREDICATE;
      }
      out.add(r | p << BITS | flags);
      if (s.guard() != null) {
        out.add(f);
      }
    }
    return out;
  }

  private static long same(long flags, boolean same) {
    return same ? flags | SAME : flags & ~SAME;
  }
}
