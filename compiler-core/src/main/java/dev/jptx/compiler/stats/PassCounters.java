package dev.jptx.compiler.stats;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The counters of the pass running on this thread, as LLVM's {@code STATISTIC}: a pass calls {@link
 * #add} where it does something worth counting, and the counts land with its name in the {@code
 * --stats} report. Without a report being collected, {@link #add} costs one thread-local read:
 * passes need not know whether anyone is counting.
 */
public final class PassCounters {
  private static final ThreadLocal<Map<String, Long>> CURRENT = new ThreadLocal<>();

  private PassCounters() {}

  /** Adds {@code n} to the counter described by {@code what} ("values hoisted"). */
  public static void add(String what, long n) {
    Map<String, Long> counts = CURRENT.get();
    if (counts != null && n != 0) {
      counts.merge(what, n, Long::sum);
    }
  }

  /** Runs {@code body}, adding the counts it makes on this thread to {@code into}. */
  public static <T> T collecting(Map<String, Long> into, Supplier<T> body) {
    Map<String, Long> outer = CURRENT.get();
    CURRENT.set(into);
    try {
      return body.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }
}
