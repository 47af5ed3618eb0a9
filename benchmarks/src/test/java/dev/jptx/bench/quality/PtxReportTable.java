package dev.jptx.bench.quality;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison table of {@link PtxReport}: two suites' rows matched by function name, per metric
 * A, B and A/B (A = ours, B = theirs), then a GEOMEAN and a TOTAL row and notes.
 *
 * <p>Order: A's names in A's order, then the names only B has, in B's order; a name a suite has
 * twice keeps its first row. Ratios: 0/0 is 1, x/0 is infinite (printed {@code inf}), a missing
 * side gives none ({@code -}). GEOMEAN: the geometric mean of the finite positive ratios over the
 * entry kernels both suites have. TOTAL: the sums over the entry kernels both suites have a figure
 * for, and the ratio of the sums. Ratios print with two decimals, rounded half to even on the
 * double's exact value, as Python's {@code %.2f} does, so that the tables equal the reference
 * design's tool's to the character.
 */
final class PtxReportTable {
  private PtxReportTable() {}

  /** One name's rows: either side may be missing. */
  private record Pair(String name, boolean entry, KernelFigures a, KernelFigures b) {
    Double ratio(PtxMetric m) {
      return PtxReportTable.ratio(a == null ? null : a.figure(m), b == null ? null : b.figure(m));
    }

    boolean inBoth() {
      return a != null && b != null;
    }
  }

  /**
   * Renders the comparison.
   *
   * @param ours suite A's rows
   * @param theirs suite B's rows
   * @param metrics the columns
   * @param markdown Markdown tables and {@code - } notes, else aligned text and {@code note: }
   * @param labelA how the header names A
   * @param labelB how the header names B
   * @return the text, ending with a newline
   */
  static String render(
      List<KernelFigures> ours,
      List<KernelFigures> theirs,
      List<PtxMetric> metrics,
      boolean markdown,
      String labelA,
      String labelB) {
    List<Pair> pairs = pairs(ours, theirs);
    List<String> headers = new ArrayList<>(List.of("kernel"));
    for (PtxMetric m : metrics) {
      headers.addAll(List.of(m.title() + ":A", m.title() + ":B", "A/B"));
    }
    List<List<String>> body = new ArrayList<>();
    for (Pair p : pairs) {
      List<String> cells = new ArrayList<>();
      cells.add(p.name() + (p.entry() ? "" : " [func]"));
      for (PtxMetric m : metrics) {
        cells.add(p.a() == null ? "n/a" : value(p.a().figure(m)));
        cells.add(p.b() == null ? "n/a" : value(p.b().figure(m)));
        cells.add(formatRatio(p.ratio(m)));
      }
      body.add(cells);
    }
    List<String> geomean = new ArrayList<>(List.of("GEOMEAN (entries)"));
    List<String> total = new ArrayList<>(List.of("TOTAL (entries)"));
    List<String> counted = new ArrayList<>();
    List<String> infinite = new ArrayList<>();
    for (PtxMetric m : metrics) {
      List<Double> ratios = geomeanRatios(pairs, m);
      geomean.addAll(List.of("", "", formatRatio(geomean(ratios))));
      counted.add(m.title() + "=" + ratios.size());
      long inf = pairs.stream().filter(p -> isInfinite(p.ratio(m))).count();
      if (inf > 0) {
        infinite.add(m.title() + "=" + inf);
      }
      total.addAll(totals(pairs, m));
    }
    body.add(geomean);
    body.add(total);
    StringBuilder s = new StringBuilder();
    s.append("A (ours)   = ").append(labelA).append('\n');
    s.append("B (theirs) = ").append(labelB).append('\n');
    s.append('\n');
    s.append(TextTable.render(headers, body, markdown, 1)).append('\n');
    s.append('\n');
    List<String> notes = new ArrayList<>();
    notes.add("ratios are A/B (ours/theirs); 0/0 counts as 1.00, x/0 as inf");
    notes.add(
        "GEOMEAN is over entry kernels present in both suites with a finite non-zero ratio"
            + " (n per metric: "
            + String.join(", ", counted)
            + ")");
    if (!infinite.isEmpty()) {
      notes.add("excluded as x/0 (inf): " + String.join(", ", infinite));
    }
    List<String> onlyA = pairs.stream().filter(p -> p.b() == null).map(Pair::name).toList();
    List<String> onlyB = pairs.stream().filter(p -> p.a() == null).map(Pair::name).toList();
    if (!onlyA.isEmpty()) {
      notes.add("only in A: " + String.join(", ", onlyA));
    }
    if (!onlyB.isEmpty()) {
      notes.add("only in B: " + String.join(", ", onlyB));
    }
    for (String n : notes) {
      s.append(markdown ? "- " : "note: ").append(n).append('\n');
    }
    return s.toString();
  }

  private static List<Pair> pairs(List<KernelFigures> ours, List<KernelFigures> theirs) {
    Map<String, KernelFigures> a = index(ours, "A");
    Map<String, KernelFigures> b = index(theirs, "B");
    Set<String> names = new LinkedHashSet<>(a.keySet());
    names.addAll(b.keySet());
    List<Pair> pairs = new ArrayList<>();
    for (String n : names) {
      KernelFigures x = a.get(n);
      KernelFigures y = b.get(n);
      pairs.add(new Pair(n, (x != null ? x : y).entry(), x, y));
    }
    return pairs;
  }

  private static Map<String, KernelFigures> index(List<KernelFigures> rows, String suite) {
    Map<String, KernelFigures> byName = new LinkedHashMap<>();
    for (KernelFigures r : rows) {
      KernelFigures first = byName.putIfAbsent(r.name(), r);
      if (first != null) {
        System.err.printf(
            "ptx-report: warning: suite %s: duplicate function name %s (%s and %s); using the"
                + " first%n",
            suite, r.name(), first.file(), r.file());
      }
    }
    return byName;
  }

  private static List<Double> geomeanRatios(List<Pair> pairs, PtxMetric m) {
    List<Double> ratios = new ArrayList<>();
    for (Pair p : pairs) {
      Double r = p.ratio(m);
      if (p.inBoth() && p.entry() && r != null && !r.isInfinite() && r > 0) {
        ratios.add(r);
      }
    }
    return ratios;
  }

  private static List<String> totals(List<Pair> pairs, PtxMetric m) {
    long sumA = 0;
    long sumB = 0;
    boolean any = false;
    for (Pair p : pairs) {
      if (p.inBoth() && p.entry() && p.a().figure(m) != null && p.b().figure(m) != null) {
        sumA += p.a().figure(m);
        sumB += p.b().figure(m);
        any = true;
      }
    }
    return List.of(
        Long.toString(sumA), Long.toString(sumB), formatRatio(any ? ratio(sumA, sumB) : null));
  }

  /** A/B; null if either is missing; 0/0 is 1 and x/0 infinite. */
  static Double ratio(Long a, Long b) {
    if (a == null || b == null) {
      return null;
    }
    if (b == 0) {
      return a == 0 ? 1.0 : Double.POSITIVE_INFINITY;
    }
    return (double) a / b;
  }

  /** {@code exp(mean(log r))}, or null for no ratios. */
  private static Double geomean(List<Double> ratios) {
    if (ratios.isEmpty()) {
      return null;
    }
    double logSum = 0;
    for (double r : ratios) {
      logSum += Math.log(r);
    }
    return Math.exp(logSum / ratios.size());
  }

  private static boolean isInfinite(Double r) {
    return r != null && r.isInfinite();
  }

  private static String value(Long v) {
    return v == null ? "-" : Long.toString(v);
  }

  /** Two decimals, half to even on the exact binary value ({@code 9/8 = 1.125 -> 1.12}). */
  static String formatRatio(Double r) {
    if (r == null) {
      return "-";
    }
    if (r.isInfinite()) {
      return "inf";
    }
    return new BigDecimal(r).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
  }
}
