package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.pipeliner.DependenceGraph.Edge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Swing Modulo Scheduling of one loop (seed: MachinePipeliner, phases 1 to 4; LLVM's
 * SwingSchedulerDAG::schedule): the dependence graph, MII = max(ResMII, RecMII), the swing node
 * order, then for each II from MII to MII + {@code pipeliner-ii-search-range} a placement of the
 * nodes in that order into a modulo reservation table, each node in the window its placed
 * neighbours leave (forward from the earliest cycle its predecessors allow, backward from the
 * latest its successors allow), and the checks of the result: the loop-control slice in stage 0
 * (the code generators test the newest iteration's exit there), {@code numStages} at least 1 and at
 * most {@code pipeliner-max-stages}, and, if asked, the register pressure. Cycles are normalised so
 * that the first is 0. Requires SSA machine IR; changes nothing.
 */
public final class SwingScheduler {
  /** Loops with more instructions than this skip the recurrence analysis. */
  static final int MAX_NODES = 200;

  /**
   * What scheduling one loop gave.
   *
   * @param schedule the schedule, or null
   * @param missed without a schedule, the remark saying why (the seed's words)
   * @param debug the mask and resource lines the debug knobs ask for, or ""
   */
  public record Result(ModuloSchedule schedule, String missed, String debug) {}

  private SwingScheduler() {}

  /** Schedules {@code loop} of {@code f}. */
  public static Result schedule(MachineFunction f, PipelineLoop loop, SchedulerOptions o) {
    return schedule(f, loop, DependenceGraphBuilder.build(loop, o.graph()), o, false, false);
  }

  /** Schedules {@code loop}, whose graph is {@code g}, with the debug output asked for. */
  public static Result schedule(
      MachineFunction f,
      PipelineLoop loop,
      DependenceGraph g,
      SchedulerOptions o,
      boolean showMask,
      boolean dbgRes) {
    if (g.size() > MAX_NODES) {
      return missed(
          "Loop too large for the recurrence analysis: "
              + g.size()
              + " > "
              + MAX_NODES
              + " instructions");
    }
    List<Recurrences.Circuit> circuits = Recurrences.of(g);
    if (circuits == null) {
      return missed("Loop has too many recurrences to analyse");
    }
    int recMii = o.ignoreRecMii() ? 0 : Recurrences.recMii(circuits);
    int resMii = ReservationTable.resMii(g, o.issueWidth());
    int mii = Math.max(recMii, resMii);
    if (mii == 0) {
      return missed("Invalid Minimal Initiation Interval: 0");
    }
    if (mii > o.maxMii()) {
      return missed(
          "Minimal Initiation Interval too large: "
              + mii
              + " > "
              + o.maxMii()
              + ". Refer to -pipeliner-max-mii.");
    }
    int[] sliceHeight = sliceHeights(g, loop);
    List<Integer> order = controlLast(NodeOrder.of(g, circuits), g, sliceHeight);
    int[] asap = NodeOrder.asap(g);
    int fewestStages = Integer.MAX_VALUE;
    boolean overBudget = false;
    for (int ii : candidates(mii, o)) {
      ReservationTable rt = new ReservationTable(ii, o.issueWidth());
      int[] cycles = place(g, order, asap, sliceHeight, ii, rt);
      if (cycles == null || !ControlShift.intoFirstStage(g, loop, cycles, ii)) {
        continue;
      }
      checkDependences(g, cycles, ii);
      int stages = Arrays.stream(cycles).max().orElse(0) / ii;
      if (stages == 0) {
        return missed("No need to pipeline - no overlapped iterations in schedule.");
      }
      if (stages > o.maxStages()) {
        fewestStages = Math.min(fewestStages, stages);
        continue;
      }
      ModuloSchedule s =
          new ModuloSchedule(loop, ii, mii, recMii, resMii, bodyCycles(g, loop, cycles));
      if (o.registerPressure() && !SchedulePressure.fits(f, s, o.pressureMargin())) {
        overBudget = true;
        continue;
      }
      ReservationTable kernel = new ReservationTable(ii, o.issueWidth());
      for (int n = 0; n < g.size(); n++) {
        kernel.reserve(g.pipelineClass(n), cycles[n]);
      }
      String debug = (showMask ? kernel.mask() : "") + (dbgRes ? kernel.usage() : "");
      return new Result(s, "", debug);
    }
    if (fewestStages != Integer.MAX_VALUE && !overBudget) {
      return missed(
          "Too many stages in schedule: "
              + fewestStages
              + " > "
              + o.maxStages()
              + ". Refer to -pipeliner-max-stages.");
    }
    return missed("Unable to find schedule");
  }

  private static Result missed(String why) {
    return new Result(null, why, "");
  }

  /** The IIs to try, in order. */
  static List<Integer> candidates(int mii, SchedulerOptions o) {
    if (o.forceIi() > 0) {
      return List.of(o.forceIi());
    }
    if (o.testIiOffset() >= 0) {
      return List.of(mii + o.testIiOffset());
    }
    List<Integer> out = new ArrayList<>();
    for (int ii = mii; ii <= mii + o.iiSearchRange(); ii++) {
      out.add(ii);
    }
    return out;
  }

  /**
   * Places the nodes in {@code order} at {@code ii}; the cycles, normalised to start at 0, or null
   * if a node finds no cycle.
   */
  static int[] place(
      DependenceGraph g,
      List<Integer> order,
      int[] asap,
      int[] sliceHeight,
      int ii,
      ReservationTable rt) {
    int n = g.size();
    int[] cycle = new int[n];
    boolean[] placed = new boolean[n];
    int first = Integer.MAX_VALUE;
    for (int v : order) {
      Window w = new Window();
      for (Edge e : g.preds(v)) {
        if (e.from() == v && e.latency() > ii * e.distance()) {
          return null;
        }
        if (placed[e.from()]) {
          w.early = Math.max(w.early, cycle[e.from()] + e.latency() - ii * e.distance());
          w.predsInIteration |= e.distance() == 0;
        }
      }
      for (Edge e : g.succs(v)) {
        if (placed[e.to()]) {
          w.late = Math.min(w.late, cycle[e.to()] - e.latency() + ii * e.distance());
          w.succsInIteration |= e.distance() == 0;
        }
      }
      if (sliceHeight[v] >= 0 && first != Integer.MAX_VALUE) {
        // the control slice must end within the first II cycles of the rest
        w.late = Math.min(w.late, first + ii - 1 - sliceHeight[v]);
        w.succsInIteration = true;
      }
      int found = w.probe(g.pipelineClass(v), asap[v], ii, rt);
      if (found == Integer.MIN_VALUE) {
        return null;
      }
      rt.reserve(g.pipelineClass(v), found);
      cycle[v] = found;
      placed[v] = true;
      if (sliceHeight[v] < 0) {
        first = Math.min(first, found);
      }
    }
    int start = Arrays.stream(cycle).min().orElse(0);
    for (int v = 0; v < n; v++) {
      cycle[v] -= start;
    }
    return cycle;
  }

  /**
   * Per node, -1 outside the loop-control slice, else the longest latency path from it to the end
   * of the slice within the iteration.
   */
  static int[] sliceHeights(DependenceGraph g, PipelineLoop loop) {
    int[] h = new int[g.size()];
    Arrays.fill(h, -1);
    List<Integer> topo = NodeOrder.topologicalOrder(g);
    for (int k = topo.size() - 1; k >= 0; k--) {
      int v = topo.get(k);
      if (!loop.control().contains(g.bodyIndex(v))) {
        continue;
      }
      h[v] = 0;
      for (Edge e : g.succs(v)) {
        if (e.distance() == 0 && h[e.to()] >= 0) {
          h[v] = Math.max(h[v], h[e.to()] + e.latency());
        }
      }
    }
    return h;
  }

  /**
   * The swing order with the control slice moved to the end, in dependence order, so that it is
   * placed against the rest of the schedule: as late as its readers of the next iteration allow,
   * and early enough to end in stage 0.
   */
  static List<Integer> controlLast(List<Integer> order, DependenceGraph g, int[] sliceHeight) {
    List<Integer> out = new ArrayList<>();
    for (int v : order) {
      if (sliceHeight[v] < 0) {
        out.add(v);
      }
    }
    for (int v : NodeOrder.topologicalOrder(g)) {
      if (sliceHeight[v] >= 0) {
        out.add(v);
      }
    }
    return out;
  }

  /**
   * The cycles a node may take: after its placed predecessors, before its placed successors. The
   * swing: a node whose predecessors in the iteration are placed goes as early as it can, one whose
   * successors in the iteration are placed as late; loop-carried neighbours only bound the window.
   */
  private static final class Window {
    int early = Integer.MIN_VALUE;
    int late = Integer.MAX_VALUE;
    boolean predsInIteration;
    boolean succsInIteration;

    /** The first free cycle in the window's direction, or {@link Integer#MIN_VALUE}. */
    int probe(dev.jptx.compiler.target.PipelineClass c, int asap, int ii, ReservationTable rt) {
      boolean hasEarly = early != Integer.MIN_VALUE;
      boolean hasLate = late != Integer.MAX_VALUE;
      boolean down = hasLate && (succsInIteration && !predsInIteration || !hasEarly);
      if (down) {
        int to = hasEarly ? Math.max(early, late - ii + 1) : late - ii + 1;
        for (int cycle = late; cycle >= to; cycle--) {
          if (rt.fits(c, cycle)) {
            return cycle;
          }
        }
        return Integer.MIN_VALUE;
      }
      int from = hasEarly ? early : asap;
      int to = from + ii - 1;
      if (hasLate) {
        to = Math.min(to, late);
      }
      for (int cycle = from; cycle <= to; cycle++) {
        if (rt.fits(c, cycle)) {
          return cycle;
        }
      }
      return Integer.MIN_VALUE;
    }
  }

  /** Every dependence holds: a violation is a bug of the placement, not a property of the loop. */
  private static void checkDependences(DependenceGraph g, int[] cycles, int ii) {
    for (Edge e : g.edges()) {
      if (cycles[e.to()] < cycles[e.from()] + e.latency() - ii * e.distance()) {
        throw new IllegalStateException("modulo schedule at II " + ii + " breaks " + e);
      }
    }
  }

  private static List<Integer> bodyCycles(DependenceGraph g, PipelineLoop loop, int[] cycles) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < loop.body().instrs().size(); i++) {
      out.add(-1);
    }
    for (int n = 0; n < g.size(); n++) {
      out.set(g.bodyIndex(n), cycles[n]);
    }
    return out;
  }
}
