package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The registers ptxas gives each bench kernel with issue #8's register-pressure passes and without
 * them: RP-aware machine CSE and early machine LICM (each undoes an edit that raises the pressure
 * over the register target), the pressure-driven scheduler ({@code nvptx-sched4reg}) and
 * rematerialization ({@code nv-disable-remat}).
 */
final class PressurePasses {
  /** The knobs that switch the pressure passes off. */
  static final List<String> OFF =
      List.of(
          "disable-machine-cse",
          "disable-machine-licm",
          "nvptx-sched4reg=false",
          "nv-disable-remat");

  /**
   * One kernel's registers.
   *
   * @param kernel the kernel's name
   * @param on with the passes (the default build)
   * @param off without them
   */
  record Row(String kernel, int on, int off) {}

  private PressurePasses() {}

  /** The rows of the kernels both builds report, by name. */
  static List<Row> rows(Map<String, Integer> on, Map<String, Integer> off) {
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, Integer> e : on.entrySet()) {
      Integer without = off.get(e.getKey());
      if (without != null) {
        rows.add(new Row(e.getKey(), e.getValue(), without));
      }
    }
    return rows;
  }
}
