package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Machine register pressure analysis (seed: machine-passes.md, MRPA, "machine-rpa"): for each block
 * and register class, the most virtual registers live at once, with the liveness it rests on. A
 * full computation walks every block backward from its live-out set; an incremental update ({@link
 * #update}) after an edit recomputes the liveness of the registers the edit touched, one register
 * at a time from its remaining uses, and the peaks of the blocks where that liveness or the code
 * changed. With the knob {@code verify-update-mcse} the clients compare each update with a full
 * recomputation ({@link #verifyAgainstFull}), which fails with the seed's "Incorrect RP info from
 * incremental MRPA update".
 *
 * <p>A point's pressure counts the registers live across it and those an instruction defines there
 * even if no one reads them (they still need a register for that moment). A guarded definition does
 * not end its register's earlier value (see {@link Liveness}).
 */
public final class RegisterPressure {
  private static final int CLASSES = RegisterClass.values().length;

  /** The slot of a block's peak array that holds the data registers in 32-bit units. */
  private static final int UNITS = CLASSES;

  private final MachineFunction f;
  private final BitSet[] liveIn;
  private final BitSet[] liveOut;
  private final int[][] peak;
  // per slot of the peak arrays, how many blocks have each peak: the function's maximum is the
  // highest key, so the pressure-aware passes read it after every tentative edit without a walk
  private final List<TreeMap<Integer, Integer>> peakCounts = new ArrayList<>();
  // for updates, built on the first: per register the blocks that read it or define it under a
  // guard (where its liveness may start), per block the registers it defines unguarded (where it
  // ends); kept current for the blocks an update names, so that an update visits only those
  private Map<Integer, BitSet> mentionedIn;
  private BitSet[] mentions;
  private BitSet[] kills;
  private BitSet[] gens;
  // per register the blocks it is live into or out of, and each block's predecessors (an update
  // keeps the CFG), so that an update visits the blocks of a register's live range only
  private Map<Integer, BitSet> liveBlocks;
  private List<List<MachineBlock>> preds;

  private RegisterPressure(MachineFunction f, int blocks) {
    this.f = f;
    liveIn = new BitSet[blocks];
    liveOut = new BitSet[blocks];
    peak = new int[blocks][];
    for (int k = 0; k <= CLASSES; k++) {
      peakCounts.add(new TreeMap<>());
    }
  }

  /** The full computation for {@code f}. */
  public static RegisterPressure of(MachineFunction f) {
    int n = 0;
    for (MachineBlock b : f.blocks()) {
      n = Math.max(n, b.id() + 1);
    }
    RegisterPressure p = new RegisterPressure(f, n);
    Liveness live = Liveness.of(f);
    for (MachineBlock b : f.blocks()) {
      p.liveIn[b.id()] = (BitSet) live.liveIn(b).clone();
      p.liveOut[b.id()] = (BitSet) live.liveOut(b).clone();
    }
    for (MachineBlock b : f.blocks()) {
      p.setPeak(b, p.blockPeak(b));
    }
    return p;
  }

  /** The most registers of class {@code c} live at once in {@code b}. */
  public int max(MachineBlock b, RegisterClass c) {
    return peak[b.id()][c.ordinal()];
  }

  /** The most registers of class {@code c} live at once anywhere in the function. */
  public int max(RegisterClass c) {
    return highest(c.ordinal());
  }

  /**
   * The most data registers live at once anywhere in the function, in 32-bit units (a 64-bit
   * register counts 2, a 128-bit one 4, a 16-bit one 1, as each takes at least one 32-bit hardware
   * register): the seed's "Max Live RRegs". Predicates are not counted (see {@link #max}).
   */
  public int maxLiveRegisterUnits() {
    return highest(UNITS);
  }

  private int highest(int slot) {
    TreeMap<Integer, Integer> counts = peakCounts.get(slot);
    return counts.isEmpty() ? 0 : Math.max(0, counts.lastKey());
  }

  private void setPeak(MachineBlock b, int[] now) {
    int[] old = peak[b.id()];
    for (int k = 0; k <= CLASSES; k++) {
      if (old != null) {
        peakCounts.get(k).merge(old[k], -1, (x, y) -> x + y == 0 ? null : x + y);
      }
      peakCounts.get(k).merge(now[k], 1, Integer::sum);
    }
    peak[b.id()] = now;
  }

  /**
   * The figures {@code jptx compile --verbose} prints: {@code 14 units (b32 9, b64 2, f32 1), 2
   * predicates}, the most data registers live at once in 32-bit units and, per class, the most of
   * that class live at once (peaks need not coincide).
   */
  public String summary() {
    StringBuilder classes = new StringBuilder();
    for (RegisterClass c : RegisterClass.values()) {
      int m = max(c);
      if (c != RegisterClass.PRED && m > 0) {
        classes.append(classes.length() > 0 ? ", " : "").append(c.mirName()).append(' ').append(m);
      }
    }
    return maxLiveRegisterUnits()
        + " units ("
        + classes
        + "), "
        + max(RegisterClass.PRED)
        + " predicates";
  }

  /** The registers live on entry to {@code b} (do not modify). */
  public BitSet liveIn(MachineBlock b) {
    return liveIn[b.id()];
  }

  /** The registers live on exit from {@code b} (do not modify). */
  public BitSet liveOut(MachineBlock b) {
    return liveOut[b.id()];
  }

  /**
   * Brings the analysis up to date after {@code changed} was edited (an instruction removed,
   * inserted or moved within it, or into it from elsewhere: then name both blocks) where the edit
   * touched the registers {@code touched} (the defined and used registers of the instructions that
   * went or came). Returns the blocks whose liveness or code changed (their peaks were recounted).
   */
  public Set<MachineBlock> update(Collection<MachineBlock> changed, Collection<VReg> touched) {
    boolean first = mentionedIn == null;
    Map<MachineBlock, BitSet[]> before = new HashMap<>();
    if (first) {
      index();
    } else {
      for (MachineBlock b : changed) {
        before.put(b, new BitSet[] {gens[b.id()], kills[b.id()]});
        reindex(b);
      }
    }
    Set<MachineBlock> dirty = new LinkedHashSet<>(changed);
    for (VReg r : touched) {
      int id = r.id();
      // a block's liveness follows from each block's gen (read before killed) and kill bits: where
      // the edit left those as they were, nothing moves; where it only added gens, the live range
      // grows from them; where it took a gen away, the range stays if that block still reaches a
      // gen without a kill. Otherwise the register's liveness is found again from its uses.
      boolean full = first;
      List<MachineBlock> grown = new ArrayList<>();
      List<MachineBlock> shrunk = new ArrayList<>();
      for (var e : before.entrySet()) {
        int b = e.getKey().id();
        BitSet[] old = e.getValue();
        boolean genWas = old[0].get(id);
        boolean genNow = gens[b].get(id);
        full |= old[1].get(id) != kills[b].get(id);
        if (!genWas && genNow) {
          grown.add(e.getKey());
        } else if (genWas && !genNow) {
          shrunk.add(e.getKey());
        }
      }
      if (!full) {
        extend(r, grown, dirty);
        full = !shrunk.stream().allMatch(b -> stillLiveIn(r, b));
      }
      if (full) {
        relive(r, dirty);
      }
    }
    for (MachineBlock b : dirty) {
      setPeak(b, blockPeak(b));
    }
    return Collections.unmodifiableSet(dirty);
  }

  /** Finds {@code r}'s liveness again from its uses, adding the blocks where it changed. */
  private void relive(VReg r, Set<MachineBlock> dirty) {
    BitSet was = liveBlocks.getOrDefault(r.id(), new BitSet());
    BitSet oldIn = new BitSet();
    BitSet oldOut = new BitSet();
    for (int b = was.nextSetBit(0); b >= 0; b = was.nextSetBit(b + 1)) {
      oldIn.set(b, liveIn[b].get(r.id()));
      oldOut.set(b, liveOut[b].get(r.id()));
      liveIn[b].clear(r.id());
      liveOut[b].clear(r.id());
    }
    BitSet now = relive(r);
    liveBlocks.put(r.id(), now);
    BitSet either = (BitSet) was.clone();
    either.or(now);
    for (int b = either.nextSetBit(0); b >= 0; b = either.nextSetBit(b + 1)) {
      if (oldIn.get(b) != liveIn[b].get(r.id()) || oldOut.get(b) != liveOut[b].get(r.id())) {
        dirty.add(f.block(b));
      }
    }
  }

  /** Grows {@code r}'s live range from blocks that now read it first, up to where it is live. */
  private void extend(VReg r, List<MachineBlock> grown, Set<MachineBlock> dirty) {
    int id = r.id();
    BitSet range = liveBlocks.computeIfAbsent(id, k -> new BitSet());
    Deque<MachineBlock> work = new ArrayDeque<>();
    for (MachineBlock b : grown) {
      if (!liveIn[b.id()].get(id)) {
        liveIn[b.id()].set(id);
        range.set(b.id());
        dirty.add(b);
        work.add(b);
      }
    }
    while (!work.isEmpty()) {
      for (MachineBlock p : preds.get(work.poll().id())) {
        if (!liveOut[p.id()].get(id)) {
          liveOut[p.id()].set(id);
          range.set(p.id());
          dirty.add(p);
        }
        if (!liveIn[p.id()].get(id) && !kills[p.id()].get(id)) {
          liveIn[p.id()].set(id);
          work.add(p);
        }
      }
    }
  }

  /**
   * True if {@code b}, which no longer reads {@code r} before killing it, still has it live in: it
   * does not kill it, and a path from it meets a block that reads it first without passing a kill
   * (searched among the blocks it is live into now, a superset of those it will be).
   */
  private boolean stillLiveIn(VReg r, MachineBlock b) {
    int id = r.id();
    if (kills[b.id()].get(id)) {
      return false;
    }
    BitSet seen = new BitSet();
    Deque<MachineBlock> work = new ArrayDeque<>(f.successors(b));
    while (!work.isEmpty()) {
      MachineBlock y = work.poll();
      if (seen.get(y.id())) {
        continue;
      }
      seen.set(y.id());
      if (gens[y.id()].get(id)) {
        return true;
      }
      if (liveIn[y.id()].get(id) && !kills[y.id()].get(id)) {
        work.addAll(f.successors(y));
      }
    }
    return false;
  }

  private void index() {
    mentionedIn = new HashMap<>();
    mentions = new BitSet[liveIn.length];
    kills = new BitSet[liveIn.length];
    gens = new BitSet[liveIn.length];
    liveBlocks = new HashMap<>();
    preds = f.predecessors();
    for (MachineBlock b : f.blocks()) {
      reindex(b);
      BitSet either = (BitSet) liveIn[b.id()].clone();
      either.or(liveOut[b.id()]);
      int id = b.id();
      either.stream().forEach(r -> liveBlocks.computeIfAbsent(r, k -> new BitSet()).set(id));
    }
  }

  /** Brings the index up to date for {@code b}. */
  private void reindex(MachineBlock b) {
    BitSet old = mentions[b.id()] == null ? new BitSet() : mentions[b.id()];
    BitSet now = new BitSet();
    BitSet killed = new BitSet();
    // read before killed: a use, or a guarded definition (which keeps the old value where it does
    // not run), before any unguarded definition; killed grows in instruction order
    BitSet gen = new BitSet();
    for (MachineInstr i : b.instrs()) {
      for (VReg r : i.usedRegs()) {
        now.set(r.id());
        gen.set(r.id(), gen.get(r.id()) || !killed.get(r.id()));
      }
      for (VReg r : i.defs()) {
        if (i.guard() == null) {
          killed.set(r.id());
        } else {
          now.set(r.id());
          gen.set(r.id(), gen.get(r.id()) || !killed.get(r.id()));
        }
      }
    }
    BitSet gone = (BitSet) old.clone();
    gone.andNot(now);
    gone.stream().forEach(r -> mentionedIn.get(r).clear(b.id()));
    BitSet added = (BitSet) now.clone();
    added.andNot(old);
    added.stream().forEach(r -> mentionedIn.computeIfAbsent(r, k -> new BitSet()).set(b.id()));
    mentions[b.id()] = now;
    kills[b.id()] = killed;
    gens[b.id()] = gen;
  }

  /**
   * Compares this analysis with a full recomputation; throws the seed's fatal error, with each
   * difference, if they disagree.
   */
  public void verifyAgainstFull() {
    RegisterPressure full = of(f);
    StringBuilder diff = new StringBuilder();
    for (MachineBlock b : f.blocks()) {
      int id = b.id();
      if (!liveIn[id].equals(full.liveIn[id]) || !liveOut[id].equals(full.liveOut[id])) {
        diff.append("\n  block ").append(id).append(": liveness differs");
      }
      if (!Arrays.equals(peak[id], full.peak[id])) {
        diff.append("\n  block ")
            .append(id)
            .append(": pressure ")
            .append(Arrays.toString(peak[id]))
            .append(", full ")
            .append(Arrays.toString(full.peak[id]));
      }
    }
    if (!diff.isEmpty()) {
      throw new IllegalStateException(
          "Incorrect RP info from incremental MRPA update in " + f.info().name() + diff);
    }
  }

  /**
   * The liveness of {@code r} alone, from its uses: a block where it is read before any definition
   * that ends it has it live in, and so on up through the predecessors until a block defines it.
   */
  private BitSet relive(VReg r) {
    BitSet live = new BitSet();
    Deque<MachineBlock> work = new ArrayDeque<>();
    BitSet candidates = mentionedIn.getOrDefault(r.id(), new BitSet());
    for (int id = candidates.nextSetBit(0); id >= 0; id = candidates.nextSetBit(id + 1)) {
      if (gens[id].get(r.id())) {
        liveIn[id].set(r.id());
        live.set(id);
        work.add(f.block(id));
      }
    }
    while (!work.isEmpty()) {
      MachineBlock b = work.poll();
      for (MachineBlock p : preds.get(b.id())) {
        liveOut[p.id()].set(r.id());
        live.set(p.id());
        if (!liveIn[p.id()].get(r.id()) && !kills[p.id()].get(r.id())) {
          liveIn[p.id()].set(r.id());
          work.add(p);
        }
      }
    }
    return live;
  }

  /** The peak per class in {@code b}, walking back from its live-out set. */
  private int[] blockPeak(MachineBlock b) {
    int[] best = new int[CLASSES + 1];
    BitSet live = (BitSet) liveOut[b.id()].clone();
    int[] count = count(live);
    raise(best, count);
    List<MachineInstr> is = b.instrs();
    for (int k = is.size() - 1; k >= 0; k--) {
      MachineInstr i = is.get(k);
      int[] at = count.clone();
      for (VReg d : i.defs()) {
        if (!live.get(d.id())) {
          at[f.regClass(d).ordinal()]++;
          at[UNITS] += units(f.regClass(d));
        }
      }
      raise(best, at);
      stepBackward(
          i,
          live,
          (r, sign) -> {
            RegisterClass rc = f.regClass(r);
            count[rc.ordinal()] += sign;
            count[UNITS] += sign * units(rc);
          });
      raise(best, count);
    }
    return best;
  }

  private int[] count(BitSet live) {
    int[] c = new int[CLASSES + 1];
    for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
      RegisterClass rc = f.regClass(new VReg(r));
      c[rc.ordinal()]++;
      c[UNITS] += units(rc);
    }
    return c;
  }

  /**
   * The most data registers (32-bit units) live at once at a point of {@code is}, walking back from
   * {@code liveOut}: a block's peak, or that of an order of its instructions not yet in it.
   */
  public static int peakUnits(MachineFunction f, List<MachineInstr> is, BitSet liveOut) {
    BitSet l = (BitSet) liveOut.clone();
    int[] count = {units(f, l)};
    int best = count[0];
    for (int k = is.size() - 1; k >= 0; k--) {
      MachineInstr i = is.get(k);
      int at = count[0];
      for (VReg d : i.defs()) {
        at += l.get(d.id()) ? 0 : units(f.regClass(d));
      }
      stepBackward(i, l, (r, sign) -> count[0] += sign * units(f.regClass(r)));
      best = Math.max(best, Math.max(at, count[0]));
    }
    return best;
  }

  /** What a register's change of liveness adds to a running count: +1 live, -1 dead. */
  private interface LivenessChange {
    void changed(VReg r, int sign);
  }

  /**
   * {@link Liveness#stepBackward} over {@code i}, reporting each register whose liveness changes
   * (only those {@code i} mentions can), so that counts of the live set stay current without a
   * recount at every instruction.
   */
  private static void stepBackward(MachineInstr i, BitSet live, LivenessChange change) {
    List<VReg> mentioned = new ArrayList<>(i.defs());
    mentioned.addAll(i.usedRegs());
    boolean[] before = new boolean[mentioned.size()];
    for (int k = 0; k < before.length; k++) {
      before[k] = live.get(mentioned.get(k).id());
    }
    Liveness.stepBackward(i, live, null);
    for (int k = 0; k < before.length; k++) {
      VReg r = mentioned.get(k);
      boolean after = live.get(r.id());
      if (after != before[k] && mentioned.indexOf(r) == k) {
        change.changed(r, after ? 1 : -1);
      }
    }
  }

  /** The 32-bit units of the registers in {@code live}, registers of {@code f}. */
  public static int units(MachineFunction f, BitSet live) {
    int n = 0;
    for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
      n += units(f.regClass(new VReg(r)));
    }
    return n;
  }

  /** 32-bit hardware registers a register of class {@code c} takes; 0 for predicates. */
  public static int units(RegisterClass c) {
    return c == RegisterClass.PRED ? 0 : Math.max(1, c.bits() / 32);
  }

  private static void raise(int[] best, int[] now) {
    for (int k = 0; k < best.length; k++) {
      best[k] = Math.max(best[k], now[k]);
    }
  }
}
