package dev.jptx.compiler.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What {@code --time-passes} and {@code --stats} report, summed over every class, function and
 * target a build compiles: the wall time of each pass, and the counters passes keep ({@link
 * dev.jptx.compiler.stats.PassCounters}) together with the instructions each pass removed. Safe to
 * share between threads.
 */
public final class PassStatistics {
  private final Map<String, LongAdder> nanos = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();

  /** Adds {@code ns} nanoseconds of wall time to {@code pass}. */
  void time(String pass, long ns) {
    nanos.computeIfAbsent(pass, k -> new LongAdder()).add(ns);
  }

  /** Adds {@code n} to the counter {@code what} of {@code pass}. */
  void count(String pass, String what, long n) {
    if (n != 0) {
      counters.computeIfAbsent(pass + "\u0000" + what, k -> new LongAdder()).add(n);
    }
  }

  /** The counters, as {@code pass -> (what -> n)}, sorted. */
  public Map<String, Map<String, Long>> counters() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    counters.forEach(
        (key, n) -> {
          int cut = key.indexOf('\u0000');
          out.computeIfAbsent(key.substring(0, cut), k -> new TreeMap<>())
              .put(key.substring(cut + 1), n.sum());
        });
    return out;
  }

  /** Wall time per pass in nanoseconds, sorted by name. */
  public Map<String, Long> times() {
    Map<String, Long> out = new TreeMap<>();
    nanos.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** The timing report, in the layout of LLVM's {@code -time-passes}: slowest pass first. */
  public String timeReport() {
    Map<String, Long> t = times();
    long total = t.values().stream().mapToLong(Long::longValue).sum();
    List<Map.Entry<String, Long>> rows = new ArrayList<>(t.entrySet());
    rows.sort(
        Map.Entry.<String, Long>comparingByValue()
            .reversed()
            .thenComparing(Map.Entry.comparingByKey()));
    StringBuilder sb = new StringBuilder();
    banner(sb, "Pass execution timing report");
    sb.append(
        String.format(
            Locale.ROOT, "  Total Execution Time: %.4f seconds (wall clock)%n%n", total / 1e9));
    sb.append("   ---Wall Time---  --- Name ---\n");
    for (Map.Entry<String, Long> r : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "   %.4f (%5.1f%%)  %s%n",
              r.getValue() / 1e9,
              total == 0 ? 0.0 : 100.0 * r.getValue() / total,
              r.getKey()));
    }
    sb.append(String.format(Locale.ROOT, "   %.4f (100.0%%)  Total%n", total / 1e9));
    return sb.toString();
  }

  /** The counter report, in the layout of LLVM's {@code -stats}: {@code n pass - what}. */
  public String statsReport() {
    StringBuilder sb = new StringBuilder();
    banner(sb, "Statistics Collected");
    counters()
        .forEach(
            (pass, whats) ->
                whats.forEach(
                    (what, n) ->
                        sb.append(String.format(Locale.ROOT, "%10d %s - %s%n", n, pass, what))));
    return sb.toString();
  }

  private static void banner(StringBuilder sb, String title) {
    String rule = "===" + "-".repeat(73) + "===\n";
    int pad = Math.max(0, (79 - title.length() - 8) / 2);
    sb.append(rule).append(" ".repeat(pad)).append("... ").append(title).append(" ...\n");
    sb.append(rule);
  }
}
