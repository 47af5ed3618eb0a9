package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.MachineDeadCodeElimination;
import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.spi.RegisterBudget;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Machine-level block rematerialization (seed: machine-passes.md, NVPTXBlockRemat, pass {@code
 * nvptx-remat-block}): where a block's pressure exceeds the register target (the kernel's {@code
 * maxRegisters}, else {@code nv-remat-default-max-reg}), registers live out of it whose value is
 * cheap to compute again are "pulled in": each block that reads one recomputes it just before its
 * first reader ({@link PullIn}), so the register is no longer held across blocks. Candidates are
 * taken cheapest first until the block's excess is covered, within the single and total cost
 * limits; when the first choice cannot cover it, the second-chance heuristic admits candidates
 * whose copies would make a source live longer, if that source is live out of most blocks anyway.
 * The whole is repeated until nothing changes or {@code nv-remat-max-times} rounds have run; the
 * originals nothing reads any more are deleted at the end.
 *
 * <p>Runs after PHI elimination and coalescing, before spilling, so a register with several
 * definitions (a PHI's) is never pulled in or read by a copy. A block's pressure is the 32-bit
 * units live out of it, as in the seed; with {@code nv-remat-check-internal-live} the most live at
 * any point of it.
 */
public final class BlockRemat implements MachinePass {
  /** Mode bit: copies may go into blocks of deeper loops (at the loop cost factor per level). */
  public static final int INTO_LOOPS = 1;

  /** Mode bit: a copy may read a source register live at its place instead of recomputing it. */
  public static final int KEEP_LIVE_SOURCES = 2;

  /** Mode bit: chains may read launch-fixed special registers ({@code %tid}, {@code %ctaid}...). */
  public static final int SPECIAL_REGISTERS = 4;

  /** Mode bit: the second-chance heuristic. */
  public static final int SECOND_CHANCE = 8;

  /**
   * The pass's knobs.
   *
   * @param mode {@code nv-remat-block}: the mode bits of this class
   * @param maxTimes {@code nv-remat-max-times}: rounds at most
   * @param singleCost {@code nv-remat-block-single-cost}: the most one copy of a chain may cost
   * @param mapSizeLimit {@code nv-remat-block-map-size-limit}: the most instructions in one chain
   * @param maxCost {@code nv-remat-block-max-cost}: the most all copies made for one block may cost
   * @param liveoutMinPercentage {@code nv-remat-block-liveout-min-percentage}: a source the second
   *     chance may make live longer is live out of at least this share of the blocks
   * @param loopCostFactor {@code nv-remat-block-loop-cost-factor}: cost factor per loop level a
   *     copy goes deeper than the original
   * @param defaultMaxReg {@code nv-remat-default-max-reg}: the target without {@code maxRegisters}
   * @param loadCost {@code nv-remat-block-load-cost}: the cost of a parameter load in a chain
   * @param specialRegisterThreshold {@code nv-remat-threshold-for-spec-reg}: chains reading a
   *     special register are pulled in only where the block exceeds the target by this many units
   * @param checkInternalLive {@code nv-remat-check-internal-live}: a block's pressure is its peak,
   *     not its live-out
   * @param loadRemat {@code load-remat}: chains may contain parameter loads
   * @param skip {@code no-mi-remat}: functions (PTX or Java names) left alone
   * @param dump {@code nv-dump-remat-block}: where the pass reports its decisions, or null
   */
  public record Options(
      int mode,
      int maxTimes,
      int singleCost,
      int mapSizeLimit,
      int maxCost,
      int liveoutMinPercentage,
      int loopCostFactor,
      int defaultMaxReg,
      int loadCost,
      int specialRegisterThreshold,
      boolean checkInternalLive,
      boolean loadRemat,
      Set<String> skip,
      PrintStream dump) {
    /** Copies the set. */
    public Options {
      skip = Set.copyOf(skip);
    }

    /** The seed's defaults. */
    public static Options defaults() {
      return new Options(14, 10, 10, 6, 100, 70, 20, 70, 10, 20, false, true, Set.of(), null);
    }

    boolean has(int bit) {
      return (mode & bit) != 0;
    }
  }

  private final Options options;

  /** The pass with {@code options}. */
  public BlockRemat(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "nvptx-remat-block";
  }

  @Override
  public boolean run(MachineFunction f) {
    int target = RegisterBudget.of(f.info().maxRegisters(), options.defaultMaxReg());
    if (f.blocks().size() == 1) {
      return false;
    }
    if (options.skip().contains(f.info().name()) || options.skip().contains(f.info().javaName())) {
      log("Skip machine-instruction rematerialization on " + f.info().name());
      return false;
    }
    boolean changed = false;
    for (int round = 1; round <= options.maxTimes(); round++) {
      Liveness live = Liveness.of(f);
      int maxLive = 0;
      for (MachineBlock b : f.blocks()) {
        maxLive = Math.max(maxLive, pressure(f, b, live));
      }
      log("Max-Live-Function(" + f.blocks().size() + ") = " + maxLive);
      if (target >= maxLive) {
        break;
      }
      boolean roundChanged = false;
      for (MachineBlock b : f.blocks()) {
        int p = pressure(f, b, live);
        if (p > target && pullIn(f, b, p - target, live)) {
          roundChanged = true;
          live = Liveness.of(f);
        }
      }
      changed |= roundChanged;
      if (!roundChanged) {
        break;
      }
    }
    if (changed) {
      new MachineDeadCodeElimination().run(f);
    }
    return changed;
  }

  private int pressure(MachineFunction f, MachineBlock b, Liveness live) {
    return options.checkInternalLive()
        ? RegisterPressure.peakUnits(f, b.instrs(), live.liveOut(b))
        : RegisterPressure.units(f, live.liveOut(b));
  }

  /** Pulls in registers live out of {@code b} to cover {@code excess} units; true if any. */
  private boolean pullIn(MachineFunction f, MachineBlock b, int excess, Liveness live) {
    PullInPlanner planner = new PullInPlanner(f, options, live);
    List<PullIn> pullable = new ArrayList<>();
    List<PullIn> secondChance = new ArrayList<>();
    BitSet out = live.liveOut(b);
    for (int r = out.nextSetBit(0); r >= 0; r = out.nextSetBit(r + 1)) {
      VReg reg = new VReg(r);
      if (RegisterPressure.units(f.regClass(reg)) == 0) {
        continue;
      }
      PullIn p = planner.plan(reg);
      if (p == null || p.readsSpecial() && excess < options.specialRegisterThreshold()) {
        continue;
      }
      (p.extended().isEmpty() ? pullable : secondChance).add(p);
    }
    log("Block bb" + b.id() + ": excess " + excess + ", Pullable: " + pullable.size());
    int covered = pullable.stream().mapToInt(PullIn::units).sum();
    if (options.has(SECOND_CHANCE) && excess > covered && !secondChance.isEmpty()) {
      int[] outCount = liveOutCounts(f, live);
      int before = pullable.size();
      for (PullIn p : secondChance) {
        // a source made live into a reader's block must be live out of most blocks anyway, and
        // the block must gain: sources not yet live out of it would be in the register's stead
        int added = 0;
        boolean common = true;
        for (VReg u : p.extended()) {
          added += out.get(u.id()) ? 0 : RegisterPressure.units(f.regClass(u));
          common &=
              100L * outCount[u.id()] >= (long) options.liveoutMinPercentage() * f.blocks().size();
        }
        if (common && added < p.units()) {
          pullable.add(p);
        }
      }
      log("ADD " + (pullable.size() - before) + " candidates from second-chance");
    }
    log("Total Pullable before considering cost: " + pullable.size());
    pullable.sort(Comparator.comparingInt(PullIn::cost).thenComparingInt(p -> p.reg().id()));
    List<PullIn> chosen = new ArrayList<>();
    Set<VReg> pulled = new HashSet<>();
    Set<VReg> read = new HashSet<>();
    int total = 0;
    int units = 0;
    for (PullIn p : pullable) {
      if (p.cost() > options.singleCost() || units >= excess) {
        break;
      }
      // a copy reading a register pulled in would make it live across blocks again
      if (total + p.totalCost() > options.maxCost()
          || p.kept().stream().anyMatch(pulled::contains)
          || read.contains(p.reg())) {
        continue;
      }
      chosen.add(p);
      pulled.add(p.reg());
      read.addAll(p.kept());
      total += p.totalCost();
      units += p.units();
    }
    log("Really Final Pull-in: " + chosen.size() + " (" + total + ")");
    for (PullIn p : chosen) {
      p.apply(f);
    }
    return !chosen.isEmpty();
  }

  /** For each register, the number of blocks it is live out of. */
  private static int[] liveOutCounts(MachineFunction f, Liveness live) {
    int[] count = new int[f.vregCount()];
    for (MachineBlock b : f.blocks()) {
      BitSet out = live.liveOut(b);
      for (int r = out.nextSetBit(0); r >= 0; r = out.nextSetBit(r + 1)) {
        count[r]++;
      }
    }
    return count;
  }

  private void log(String line) {
    if (options.dump() != null) {
      options.dump().println(line);
    }
  }
}
