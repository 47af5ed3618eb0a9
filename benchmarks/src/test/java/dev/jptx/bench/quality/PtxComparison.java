package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of one {@code ptx-report --compare --markdown} table, read back: a row per entry
 * kernel that both suites have, the {@code .func} functions, and the names that only one side has.
 * Metrics go by the table's column titles ({@code regs}, {@code spillSt}, {@code sassNP}, ...).
 *
 * @param rows the paired entry kernels, in the table's order
 * @param functions the non-entry {@code .func} rows (ptxas reports no registers for them)
 * @param onlyInOurs names only A (jptx) has, functions included
 * @param onlyInTheirs names only B (nvcc) has
 */
record PtxComparison(
    List<Row> rows, List<String> functions, List<String> onlyInOurs, List<String> onlyInTheirs) {

  /** Copies the lists. */
  PtxComparison {
    rows = List.copyOf(rows);
    functions = List.copyOf(functions);
    onlyInOurs = List.copyOf(onlyInOurs);
    onlyInTheirs = List.copyOf(onlyInTheirs);
  }

  /**
   * One entry kernel on both sides.
   *
   * @param kernel its name
   * @param ours jptx's figure per metric
   * @param theirs nvcc's figure per metric
   */
  record Row(String kernel, Map<String, Long> ours, Map<String, Long> theirs) {
    /** Copies the maps. */
    Row {
      ours = Map.copyOf(ours);
      theirs = Map.copyOf(theirs);
    }

    /** jptx's figure. */
    long ours(String metric) {
      return figure(ours, metric);
    }

    /** nvcc's figure. */
    long theirs(String metric) {
      return figure(theirs, metric);
    }

    private static long figure(Map<String, Long> figures, String metric) {
      Long v = figures.get(metric);
      if (v == null) {
        throw new IllegalArgumentException("no column " + metric + " in " + figures.keySet());
      }
      return v;
    }
  }

  /**
   * The geometric mean of jptx/nvcc for {@code metric} over the rows, as {@code ptx-report} counts
   * it: 0/0 is 1, x/0 is left out.
   */
  double geomean(String metric) {
    List<Double> ratios = new ArrayList<>();
    for (Row r : rows) {
      long a = r.ours(metric);
      long b = r.theirs(metric);
      if (b != 0 && a != 0) {
        ratios.add((double) a / b);
      } else if (a == 0 && b == 0) {
        ratios.add(1.0);
      }
    }
    return Ratios.geomean(ratios);
  }

  /**
   * Reads a table that {@code ptx-report --compare --markdown} printed.
   *
   * @param markdown its whole output
   * @return the figures
   * @throws IllegalArgumentException if the output has no comparison table
   */
  static PtxComparison parse(String markdown) {
    List<String> header = null;
    List<Row> rows = new ArrayList<>();
    List<String> functions = new ArrayList<>();
    List<String> onlyInOurs = new ArrayList<>();
    List<String> onlyInTheirs = new ArrayList<>();
    for (String line : markdown.lines().map(String::strip).toList()) {
      if (line.startsWith("- only in A: ")) {
        onlyInOurs.addAll(names(line.substring("- only in A: ".length())));
      } else if (line.startsWith("- only in B: ")) {
        onlyInTheirs.addAll(names(line.substring("- only in B: ".length())));
      } else if (!line.startsWith("|") || line.startsWith("|:")) {
        continue;
      } else if (header == null) {
        header = cells(line);
      } else {
        List<String> cells = cells(line);
        String kernel = cells.get(0);
        if (kernel.endsWith(" [func]")) {
          functions.add(kernel.substring(0, kernel.length() - " [func]".length()));
        } else if (!kernel.startsWith("GEOMEAN") && !kernel.startsWith("TOTAL")) {
          row(header, cells).ifPresent(rows::add);
        }
      }
    }
    if (header == null || !header.get(0).equals("kernel")) {
      throw new IllegalArgumentException("no ptx-report --compare table in:\n" + markdown);
    }
    return new PtxComparison(rows, functions, onlyInOurs, onlyInTheirs);
  }

  /** A paired row; empty when one side says {@code n/a} (the kernel is only on the other). */
  private static Optional<Row> row(List<String> header, List<String> cells) {
    Map<String, Long> ours = new LinkedHashMap<>();
    Map<String, Long> theirs = new LinkedHashMap<>();
    for (int i = 1; i < header.size() && i < cells.size(); i++) {
      String title = header.get(i);
      String cell = cells.get(i);
      if (cell.equals("n/a")) {
        return Optional.empty();
      }
      if (title.endsWith(":A")) {
        ours.put(title.substring(0, title.length() - 2), Long.parseLong(cell));
      } else if (title.endsWith(":B")) {
        theirs.put(title.substring(0, title.length() - 2), Long.parseLong(cell));
      }
    }
    return Optional.of(new Row(cells.get(0), ours, theirs));
  }

  private static List<String> cells(String line) {
    String inner = line.substring(1, line.endsWith("|") ? line.length() - 1 : line.length());
    return Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList();
  }

  private static List<String> names(String list) {
    return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }
}
