package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.MachineCse;
import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.SpecialRegisters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether a register live out of a block can be pulled in, and at what cost (seed:
 * machine-passes.md, NVPTXBlockRemat, "MULTIDEF detection", "Recursive pullability", "Cost model").
 * A register qualifies if its one unguarded definition is rematerializable (a pure instruction, a
 * parameter load with {@code load-remat}, a launch-fixed special register read with mode bit {@link
 * BlockRemat#SPECIAL_REGISTERS}) and each register it reads is either pulled in with it
 * (recursively, up to {@value #MAX_DEPTH} deep and {@code nv-remat-block-map-size-limit}
 * instructions) or, with mode bit {@link BlockRemat#KEEP_LIVE_SOURCES}, read where the copy stands.
 * A source that is not live there anyway makes a second-chance candidate.
 */
final class PullInPlanner {
  private static final int MAX_DEPTH = 50;

  private final MachineFunction f;
  private final BlockRemat.Options options;
  private final Liveness live;
  private final MachineDominatorTree dom;
  private final MachineLoopInfo loops;
  private final Map<VReg, MachineInstr> single = new HashMap<>();
  private final Map<MachineInstr, MachineBlock> blockOf = new IdentityHashMap<>();
  private final Map<MachineInstr, Integer> indexOf = new IdentityHashMap<>();
  private final Map<VReg, List<MachineInstr>> readers = new HashMap<>();

  PullInPlanner(MachineFunction f, BlockRemat.Options options, Liveness live) {
    this.f = f;
    this.options = options;
    this.live = live;
    this.dom = MachineDominatorTree.of(f);
    this.loops = MachineLoopInfo.of(f, dom);
    Map<VReg, Integer> defs = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      for (int k = 0; k < is.size(); k++) {
        MachineInstr i = is.get(k);
        blockOf.put(i, b);
        indexOf.put(i, k);
        for (VReg d : i.defs()) {
          defs.merge(d, 1, Integer::sum);
          single.put(d, i);
        }
        for (VReg u : i.usedRegs()) {
          readers.computeIfAbsent(u, x -> new ArrayList<>()).add(i);
        }
      }
    }
    defs.forEach(
        (r, n) -> {
          MachineInstr d = single.get(r);
          // a definition reading its own register would read it before it is defined
          if (n != 1 || d.guard() != null || d.defs().size() != 1 || d.usedRegs().contains(r)) {
            single.remove(r);
          }
        });
  }

  /**
   * The pull-in of {@code r}, or null if it cannot be pulled in: a first choice if {@link
   * PullIn#extended()} is empty, else only a second-chance candidate.
   */
  PullIn plan(VReg r) {
    MachineInstr def = single.get(r);
    if (def == null) {
      return null;
    }
    MachineBlock home = blockOf.get(def);
    Set<MachineBlock> sites = new LinkedHashSet<>();
    for (MachineInstr u : readers.getOrDefault(r, List.of())) {
      MachineBlock b = blockOf.get(u);
      if (b == home) {
        if (indexOf.get(u) < indexOf.get(def)) {
          return null; // read around a loop before it is defined again
        }
      } else if (dom.dominates(home, b)) {
        sites.add(b);
      } else {
        return null;
      }
    }
    if (sites.isEmpty()) {
      return null;
    }
    int deeper = 0;
    for (MachineBlock s : sites) {
      deeper = Math.max(deeper, loops.depth(s) - loops.depth(home));
    }
    if (deeper > 0 && !options.has(BlockRemat.INTO_LOOPS)) {
      return null;
    }
    Chain c = new Chain(List.copyOf(sites));
    if (!c.collect(r, 0)) {
      return null;
    }
    long cost = (long) c.cost * RegisterPressure.units(f.regClass(r));
    for (int k = 0; k < deeper; k++) {
      cost *= options.loopCostFactor();
    }
    return new PullIn(
        r,
        List.copyOf(c.instrs.values()),
        List.copyOf(sites),
        c.kept,
        c.extended,
        (int) Math.min(Integer.MAX_VALUE, cost),
        RegisterPressure.units(f.regClass(r)),
        c.special);
  }

  /** The instructions a pull-in copies, collected sources first. */
  private final class Chain {
    private final List<MachineBlock> sites;
    private final Map<VReg, MachineInstr> instrs = new LinkedHashMap<>();
    private final Set<VReg> kept = new LinkedHashSet<>();
    private final Set<VReg> extended = new LinkedHashSet<>();
    private int cost;
    private boolean special;

    Chain(List<MachineBlock> sites) {
      this.sites = sites;
    }

    boolean collect(VReg v, int depth) {
      if (instrs.containsKey(v)) {
        return true;
      }
      MachineInstr d = single.get(v);
      if (d == null || depth > MAX_DEPTH || !rematerializable(d)) {
        return false;
      }
      for (VReg u : d.usedRegs()) {
        if (instrs.containsKey(u) || kept.contains(u)) {
          continue;
        }
        boolean keepable = options.has(BlockRemat.KEEP_LIVE_SOURCES) && single.containsKey(u);
        if (keepable && liveIntoEverySite(u)) {
          kept.add(u);
          continue;
        }
        Chain before = snapshot();
        if (!collect(u, depth + 1)) {
          restore(before);
          if (!keepable) {
            return false;
          }
          kept.add(u);
          extended.add(u);
        }
      }
      instrs.put(v, d);
      return instrs.size() <= options.mapSizeLimit();
    }

    private Chain snapshot() {
      Chain c = new Chain(sites);
      c.instrs.putAll(instrs);
      c.kept.addAll(kept);
      c.extended.addAll(extended);
      c.cost = cost;
      c.special = special;
      return c;
    }

    private void restore(Chain c) {
      instrs.clear();
      instrs.putAll(c.instrs);
      kept.clear();
      kept.addAll(c.kept);
      extended.clear();
      extended.addAll(c.extended);
      cost = c.cost;
      special = c.special;
    }

    private boolean rematerializable(MachineInstr d) {
      if (MemoryOpcodes.isParamLoad(d.opcode())) {
        if (!options.loadRemat()) {
          return false;
        }
        cost += options.loadCost();
        return true;
      }
      if (!MachineCse.isCandidate(d)) {
        return false;
      }
      if (d.uses().stream().anyMatch(o -> o instanceof MOperand.Special)) {
        if (!options.has(BlockRemat.SPECIAL_REGISTERS)
            || d.uses().stream()
                .anyMatch(
                    o ->
                        o instanceof MOperand.Special s
                            && !SpecialRegisters.isFixedForLaunch(s.name()))) {
          return false;
        }
        special = true;
      }
      cost += 1;
      return true;
    }

    private boolean liveIntoEverySite(VReg u) {
      for (MachineBlock s : sites) {
        if (!live.liveIn(s).get(u.id())) {
          return false;
        }
      }
      return true;
    }
  }
}
