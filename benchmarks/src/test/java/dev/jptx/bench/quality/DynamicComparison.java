package dev.jptx.bench.quality;

import dev.jptx.bench.suite.BenchCaseCounts.Count;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * jptx's and nvcc's dynamic thread-instruction counts for the same cases, kernel by kernel (rows
 * sorted by kernel name), with the ratio jptx/nvcc, its geometric mean, and the opcodes that make
 * the difference.
 *
 * @param rows one per kernel both sides ran, sorted by kernel name
 */
record DynamicComparison(List<Row> rows) {
  /** Copies the list. */
  DynamicComparison {
    rows = List.copyOf(rows);
  }

  /**
   * One kernel.
   *
   * @param kernel the CUDA name
   * @param ours jptx's count
   * @param theirs nvcc's count
   */
  record Row(String kernel, Count ours, Count theirs) {
    /** jptx/nvcc. */
    double ratio() {
      return (double) ours.instructions() / theirs.instructions();
    }
  }

  /**
   * One opcode's executions on both sides.
   *
   * @param opcode the PTX opcode as the simulator names it ({@code ld.global.nc.f32})
   * @param ours jptx's executions
   * @param theirs nvcc's executions
   */
  record OpcodeDelta(String opcode, long ours, long theirs) {
    /** {@code ours - theirs}. */
    long delta() {
      return ours - theirs;
    }
  }

  /**
   * Pairs the counts by kernel.
   *
   * @param ours jptx's counts
   * @param theirs nvcc's counts
   * @return the rows of the kernels both have, sorted by name
   * @throws IllegalArgumentException if a kernel is on one side only
   */
  static DynamicComparison of(List<Count> ours, List<Count> theirs) {
    Map<String, Count> byKernel = new HashMap<>();
    theirs.forEach(c -> byKernel.put(c.kernel(), c));
    List<Row> rows = new ArrayList<>();
    for (Count c : ours) {
      Count t = byKernel.get(c.kernel());
      if (t == null) {
        throw new IllegalArgumentException("nvcc has no count for " + c.kernel());
      }
      rows.add(new Row(c.kernel(), c, t));
    }
    if (rows.size() != theirs.size()) {
      throw new IllegalArgumentException("jptx has no count for some of " + byKernel.keySet());
    }
    rows.sort(Comparator.comparing(Row::kernel));
    return new DynamicComparison(rows);
  }

  /** The geometric mean of the per-kernel ratios. */
  double geomean() {
    return Ratios.geomean(rows.stream().map(Row::ratio).toList());
  }

  /** The rows with the largest ratios, largest first (ties by name). */
  List<Row> largestRatios(int n) {
    return rows.stream()
        .sorted(Comparator.comparingDouble(Row::ratio).reversed().thenComparing(Row::kernel))
        .limit(n)
        .toList();
  }

  /**
   * The opcodes whose executions differ most between the two sides of {@code row}, by absolute
   * difference (ties by opcode).
   */
  static List<OpcodeDelta> largestDeltas(Row row, int n) {
    Map<String, Long> ours = row.ours().byOpcode();
    Map<String, Long> theirs = row.theirs().byOpcode();
    TreeSet<String> opcodes = new TreeSet<>(ours.keySet());
    opcodes.addAll(theirs.keySet());
    return opcodes.stream()
        .map(op -> new OpcodeDelta(op, ours.getOrDefault(op, 0L), theirs.getOrDefault(op, 0L)))
        .filter(d -> d.delta() != 0)
        .sorted(
            Comparator.comparingLong((OpcodeDelta d) -> Math.abs(d.delta()))
                .reversed()
                .thenComparing(OpcodeDelta::opcode))
        .limit(n)
        .toList();
  }
}
