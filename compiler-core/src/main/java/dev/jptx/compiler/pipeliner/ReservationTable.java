package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.target.PipelineClass;
import dev.jptx.compiler.target.PipelineUnit;

/**
 * The modulo reservation table (seed: MachinePipeliner, "Phase 4: Node Placement"): per cycle of
 * the initiation interval, the issue slots and units taken. An instruction issued at cycle {@code
 * c} takes an issue slot at {@code c mod II} and its unit for {@link PipelineClass#unitCycles}
 * cycles from there (each unit is one pipe of the sub-partition, so one warp instruction at a
 * time). The resource bound {@link #resMii} is the most cycles any of them is needed per iteration.
 */
final class ReservationTable {
  private final int ii;
  private final int width;
  private final int[] issue;
  private final int[][] units;

  /** An empty table of {@code ii} cycles issuing {@code width} instructions per cycle. */
  ReservationTable(int ii, int width) {
    this.ii = ii;
    this.width = width;
    issue = new int[ii];
    units = new int[PipelineUnit.values().length][ii];
  }

  /** ResMII: max(ceil(issues / width), the cycles each unit is busy per iteration). */
  static int resMii(DependenceGraph g, int width) {
    int issues = 0;
    int[] busy = new int[PipelineUnit.values().length];
    for (int n = 0; n < g.size(); n++) {
      PipelineClass c = g.pipelineClass(n);
      if (c.unit() != null) {
        issues++;
        busy[c.unit().ordinal()] += c.unitCycles();
      }
    }
    int mii = (issues + width - 1) / width;
    for (int b : busy) {
      mii = Math.max(mii, b);
    }
    return mii;
  }

  /** True if an instruction of class {@code c} fits at {@code cycle}. */
  boolean fits(PipelineClass c, int cycle) {
    if (c.unit() == null) {
      return true;
    }
    if (issue[slot(cycle)] >= width || c.unitCycles() > ii) {
      return false;
    }
    int[] u = units[c.unit().ordinal()];
    for (int k = 0; k < c.unitCycles(); k++) {
      if (u[slot(cycle + k)] > 0) {
        return false;
      }
    }
    return true;
  }

  /** Takes the resources of class {@code c} at {@code cycle}. */
  void reserve(PipelineClass c, int cycle) {
    if (c.unit() == null) {
      return;
    }
    issue[slot(cycle)]++;
    for (int k = 0; k < c.unitCycles(); k++) {
      units[c.unit().ordinal()][slot(cycle + k)]++;
    }
  }

  private int slot(int cycle) {
    return Math.floorMod(cycle, ii);
  }

  /**
   * The occupancy mask ({@code pipeliner-show-mask}): one line per resource, one character per
   * cycle of the II, {@code #} taken and {@code .} free (issue shows the count where it is over 1).
   */
  String mask() {
    StringBuilder sb = new StringBuilder();
    sb.append("mask issue ");
    for (int s = 0; s < ii; s++) {
      sb.append(issue[s] == 0 ? "." : issue[s] == 1 ? "#" : Integer.toString(issue[s]));
    }
    sb.append('\n');
    for (PipelineUnit u : PipelineUnit.values()) {
      sb.append("mask ").append(u.name()).append(' ');
      for (int s = 0; s < ii; s++) {
        sb.append(units[u.ordinal()][s] == 0 ? '.' : '#');
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The resources taken per cycle of the II ({@code pipeliner-dbg-res}). */
  String usage() {
    StringBuilder sb = new StringBuilder();
    for (int s = 0; s < ii; s++) {
      sb.append("res cycle ").append(s).append(": issue ").append(issue[s]).append('/');
      sb.append(width);
      for (PipelineUnit u : PipelineUnit.values()) {
        sb.append(' ').append(u.name()).append(' ').append(units[u.ordinal()][s]);
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
