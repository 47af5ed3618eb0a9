package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The figures {@link PtxReport} gives per function, each with the key that {@code --metrics} takes
 * and the title of its table columns. Every figure is a count; the reference tool's compile-time
 * column ({@code ms}) is not ported, because the report leaves it out (it differs on every run).
 */
enum PtxMetric {
  /** Registers per thread, ptxas's {@code Used N registers}. */
  REGS("regs", "regs"),
  /** Bytes of spill stores. */
  SPILL_ST("spill_st", "spillSt"),
  /** Bytes of spill loads. */
  SPILL_LD("spill_ld", "spillLd"),
  /** Bytes of stack frame. */
  STACK("stack", "stack"),
  /** Named barriers used. */
  BAR("bar", "bar"),
  /** Bytes of static shared memory. */
  SMEM("smem", "smem"),
  /** SASS instructions: the size of the cubin's {@code .text.<kernel>} section / 16. */
  SASS("sass", "sass"),
  /** {@link #SASS} without the trailing padding (the final self-branch and the NOPs after it). */
  SASS_NP("sassnp", "sassNP"),
  /** PTX statements in the function body (no directives, labels, braces or comments). */
  PTX("ptx", "ptx");

  private final String key;
  private final String title;

  PtxMetric(String key, String title) {
    this.key = key;
    this.title = title;
  }

  /** The name in a {@code --metrics} list: {@code regs}, {@code spill_st}, {@code sassnp}, ... */
  String key() {
    return key;
  }

  /** The column title: {@code regs}, {@code spillSt}, {@code sassNP}, ... */
  String title() {
    return title;
  }

  /**
   * Reads a {@code --metrics} list.
   *
   * @param list keys separated by commas, e.g. {@code regs,sass,ptx}
   * @return the metrics in the list's order
   * @throws IllegalArgumentException for an unknown key
   */
  static List<PtxMetric> parseList(String list) {
    List<PtxMetric> metrics = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (String item : list.split(",")) {
      String key = item.strip();
      if (key.isEmpty()) {
        continue;
      }
      PtxMetric found = null;
      for (PtxMetric m : values()) {
        if (m.key.equals(key)) {
          found = m;
        }
      }
      if (found == null) {
        unknown.add(key);
      } else {
        metrics.add(found);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown metric(s): "
              + String.join(",", unknown)
              + " (available: "
              + String.join(",", Arrays.stream(values()).map(PtxMetric::key).toList())
              + ")");
    }
    return metrics;
  }
}
