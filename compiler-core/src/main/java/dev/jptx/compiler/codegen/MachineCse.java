package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.SpecialRegisters;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Register-pressure-aware machine CSE (seed: machine-passes.md, "RP-Aware MachineCSE", and
 * instruction-scheduling-and-pipeliner.md, MRPA): on SSA machine IR, an instruction that computes
 * what a dominating one already computed (same opcode, same sources, no guard, no effect, one
 * result) is deleted and its readers read the dominating result. The dominator tree is walked with
 * a scoped table, as in LLVM's MachineCSE.
 *
 * <p>The seed's extensions, each a knob:
 *
 * <ul>
 *   <li>{@code rp-aware-mcse}: each elimination is made tentatively and measured with {@link
 *       RegisterPressure}; it is undone if it takes the function's data registers above the
 *       kernel's register target and above what they were ({@link PressureBudget});
 *   <li>{@code pred-aware-mcse}: the same for predicates, against the predicate registers a thread
 *       has in hardware;
 *   <li>{@code copy-prop-mcse}: sources that are same-class copies are read through to the copied
 *       register before matching, so {@code b = COPY a; x = add b, 1} matches {@code x' = add a,
 *       1};
 *   <li>{@code incremental-update-mcse}: the pressure is brought up to date after each tentative
 *       edit by {@link RegisterPressure#update} instead of being recomputed;
 *   <li>{@code verify-update-mcse}: each incremental update is compared with a full recomputation
 *       ("Incorrect RP info from incremental MRPA update").
 * </ul>
 *
 * Candidates: no side effect, not a load, store, call, atomic, barrier, warp operation, branch or
 * pseudo instruction, and a move only of an immediate, a symbol or a special register that {@link
 * SpecialRegisters} lists (each fixed for a thread's whole launch, unlike {@code %clock}). Requires
 * SSA; preserves the CFG.
 */
public final class MachineCse implements MachinePass {
  /** The pass's switches, as the knobs of the same names set them. */
  public record Options(
      boolean rpAware,
      boolean predAware,
      boolean copyProp,
      boolean incrementalUpdate,
      boolean verifyUpdate) {}

  private final Options options;

  // what the last run did with the pressure, for the knobs' tests
  private int fullComputations;
  private int verifications;

  /** A CSE pass with {@code options}. */
  public MachineCse(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "machine-cse";
  }

  private record Key(MachineOpcode opcode, List<MOperand> uses) {}

  /** Full pressure computations in the last run (1 when updates are incremental). */
  int fullComputations() {
    return fullComputations;
  }

  /** Incremental updates checked against a full recomputation in the last run. */
  int verifications() {
    return verifications;
  }

  @Override
  public boolean run(MachineFunction f) {
    fullComputations = 0;
    verifications = 0;
    if (f.blocks().isEmpty()) {
      return false;
    }
    MachineDominatorTree dom = MachineDominatorTree.of(f);
    Map<VReg, VReg> copies = options.copyProp() ? copySources(f) : Map.of();
    Tracker tracker = options.rpAware() || options.predAware() ? new Tracker(f) : null;
    Map<Key, VReg> table = new HashMap<>();
    Readers readers = new Readers(f);
    boolean changed = false;
    // a depth-first walk of the dominator tree; a block's entries leave when its subtree is done
    Deque<MachineBlock> work = new ArrayDeque<>();
    Deque<List<Key>> scopes = new ArrayDeque<>();
    Map<VReg, MachineBlock> leaderBlock = new HashMap<>();
    Deque<MachineBlock> path = new ArrayDeque<>();
    work.push(f.blocks().get(0));
    while (!work.isEmpty()) {
      MachineBlock b = work.pop();
      while (!path.isEmpty() && !path.peek().equals(dom.idom(b))) {
        path.pop();
        scopes.pop().forEach(table::remove);
      }
      path.push(b);
      List<Key> added = new ArrayList<>();
      scopes.push(added);
      int k = 0;
      while (k < b.instrs().size()) {
        MachineInstr i = b.instrs().get(k);
        if (!copies.isEmpty()) {
          MachineInstr through = i.withUses(throughCopies(i.uses(), copies));
          if (!through.equals(i)) {
            b.instrs().set(k, through);
            i = through;
            readers.add(through, b);
            changed = true;
          }
        }
        if (!isCandidate(i)) {
          k++;
          continue;
        }
        Key key = new Key(i.opcode(), i.uses());
        VReg leader = table.get(key);
        if (leader != null
            && f.regClass(leader) == f.regClass(i.defs().get(0))
            && profitable(f, readers, i, leader, leaderBlock.get(leader), b)
            && eliminate(f, readers, b, k, leader, tracker)) {
          // the next instruction moved up into position k
          changed = true;
          continue;
        }
        if (leader == null) {
          table.put(key, i.defs().get(0));
          leaderBlock.put(i.defs().get(0), b);
          added.add(key);
        }
        k++;
      }
      List<MachineBlock> children = dom.children(b);
      for (int c = children.size() - 1; c >= 0; c--) {
        work.push(children.get(c));
      }
    }
    return changed;
  }

  /**
   * LLVM's profitability rules (MachineCSE::isProfitableToCSE), which stand in for the live range
   * splitting neither LLVM nor we do. Merging is always fine if the leader is already read
   * everywhere the duplicate is. Otherwise: (1) a constant (an instruction that reads no register)
   * is merged only with one in its own block or an immediate predecessor: from further up, the
   * register would be held across the blocks between, where ptxas materializes the constant for
   * free; (2) a constant read only by copies is not merged; (3) a leader read by a PHI is reused
   * only if it is already read in the duplicate's block: otherwise the merge ties a loop-carried
   * value to another one (dotLoop and spmvCsr in fast-math mode: the accumulator's initial 0.0f and
   * the empty loop's result became one register, and ptxas then took 2 more registers).
   */
  private static boolean profitable(
      MachineFunction f,
      Readers readers,
      MachineInstr i,
      VReg leader,
      MachineBlock leaderBlock,
      MachineBlock b) {
    VReg dup = i.defs().get(0);
    Set<MachineInstr> leaderReaders = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    List<MachineInstr> dupReaders = new ArrayList<>();
    Set<MachineBlock> leaderReaderBlocks = new LinkedHashSet<>();
    boolean leaderFeedsPhi = false;
    for (MachineBlock u : readers.blocksReading(leader, dup)) {
      for (MachineInstr r : u.instrs()) {
        List<VReg> read = r.usedRegs();
        if (read.contains(leader)) {
          leaderReaders.add(r);
          leaderReaderBlocks.add(u);
          leaderFeedsPhi |= r.opcode() == MoveOpcodes.PHI;
        }
        if (read.contains(dup)) {
          dupReaders.add(r);
        }
      }
    }
    if (leaderReaders.containsAll(dupReaders)) {
      return true;
    }
    boolean constant = i.usedRegs().isEmpty();
    if (constant && leaderBlock != b && !f.successors(leaderBlock).contains(b)) {
      return false;
    }
    if (constant && dupReaders.stream().allMatch(r -> CopyInstrs.source(f, r) != null)) {
      return false;
    }
    return !leaderFeedsPhi || leaderReaderBlocks.contains(b);
  }

  /** Deletes {@code b}'s instruction {@code k}, its readers reading {@code leader}; or nothing. */
  private boolean eliminate(
      MachineFunction f, Readers readers, MachineBlock b, int k, VReg leader, Tracker tracker) {
    MachineInstr gone = b.instrs().get(k);
    VReg dup = gone.defs().get(0);
    Edit edit = new Edit();
    edit.remove(b, k, gone);
    for (MachineBlock u : readers.blocksReading(dup)) {
      for (int j = 0; j < u.instrs().size(); j++) {
        MachineInstr i = u.instrs().get(j);
        if (i.usedRegs().contains(dup)) {
          edit.replace(u, j, i, renamed(i, dup, leader));
        }
      }
    }
    edit.apply();
    readers.merge(dup, leader);
    if (tracker == null) {
      return true;
    }
    // the removed instruction's sources may die earlier now: their liveness changes too
    List<VReg> touched = new ArrayList<>(gone.usedRegs());
    touched.add(leader);
    touched.add(dup);
    PressureBudget.Figures before = tracker.figures();
    tracker.update(edit.blocks(), touched);
    if (tracker.budget.exceeded(before, tracker.figures())) {
      edit.undo();
      tracker.update(edit.blocks(), touched);
      return false;
    }
    return true;
  }

  private static MachineInstr renamed(MachineInstr i, VReg from, VReg to) {
    List<MOperand> uses = new ArrayList<>();
    for (MOperand o : i.uses()) {
      uses.add(o instanceof MOperand.Reg r && r.reg().equals(from) ? new MOperand.Reg(to) : o);
    }
    MachineInstr out = i.withUses(uses);
    if (i.guard() != null && i.guard().predicate().equals(from)) {
      out = out.withGuard(new dev.jptx.compiler.mir.Guard(to, i.guard().negated()));
    }
    return out;
  }

  /**
   * True for an instruction machine CSE may merge (and LICM, sinking and rematerialization may move
   * or repeat): one result, no guard, no effect, no memory access; a move only of a constant.
   */
  public static boolean isCandidate(MachineInstr i) {
    MachineOpcode op = i.opcode();
    if (op.hasSideEffects() || i.guard() != null || i.defs().size() != 1) {
      return false;
    }
    return switch (op.family()) {
      case LOAD, VECTOR_LOAD, STORE, CALL, ATOMIC, CAS, PREDICATED, BARRIER, WARP, PSEUDO -> false;
      case COPY, CROSS_COPY -> i.uses().size() == 1 && isConstantSource(i.uses().get(0));
      default -> true;
    };
  }

  /** An immediate, a symbol's address, or a special register fixed for the whole launch. */
  private static boolean isConstantSource(MOperand o) {
    return o instanceof MOperand.Imm
        || o instanceof MOperand.Sym
        || o instanceof MOperand.Special s && SpecialRegisters.isFixedForLaunch(s.name());
  }

  /** The source of every same-class register copy, followed to the end of a chain of copies. */
  private static Map<VReg, VReg> copySources(MachineFunction f) {
    Map<VReg, VReg> direct = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        VReg src = CopyInstrs.source(f, i);
        if (src != null) {
          direct.put(i.defs().get(0), src);
        }
      }
    }
    Map<VReg, VReg> resolved = new HashMap<>();
    for (VReg r : direct.keySet()) {
      VReg s = r;
      Set<VReg> seen = new LinkedHashSet<>();
      while (direct.containsKey(s) && seen.add(s)) {
        s = direct.get(s);
      }
      resolved.put(r, s);
    }
    return resolved;
  }

  private static List<MOperand> throughCopies(List<MOperand> uses, Map<VReg, VReg> copies) {
    List<MOperand> out = new ArrayList<>(uses.size());
    for (MOperand o : uses) {
      out.add(
          o instanceof MOperand.Reg r && copies.containsKey(r.reg())
              ? new MOperand.Reg(copies.get(r.reg()))
              : o);
    }
    return out;
  }

  /** One tentative elimination: the instruction removed and the readers renamed. */
  private static final class Edit {
    private record Change(MachineBlock block, int index, MachineInstr before, MachineInstr after) {}

    private final List<Change> changes = new ArrayList<>();
    private Change removal;

    void remove(MachineBlock b, int k, MachineInstr i) {
      removal = new Change(b, k, i, null);
    }

    void replace(MachineBlock b, int k, MachineInstr before, MachineInstr after) {
      changes.add(new Change(b, k, before, after));
    }

    void apply() {
      for (Change c : changes) {
        c.block().instrs().set(c.index(), c.after());
      }
      removal.block().instrs().remove(removal.index());
    }

    void undo() {
      removal.block().instrs().add(removal.index(), removal.before());
      for (Change c : changes) {
        c.block().instrs().set(c.index(), c.before());
      }
    }

    List<MachineBlock> blocks() {
      Set<MachineBlock> bs = new LinkedHashSet<>();
      bs.add(removal.block());
      changes.forEach(c -> bs.add(c.block()));
      return List.copyOf(bs);
    }
  }

  /** The pressure the RP-aware decisions read, kept up to date as the knobs say. */
  private final class Tracker {
    private final MachineFunction f;
    private final PressureBudget budget;
    private RegisterPressure pressure;

    Tracker(MachineFunction f) {
      this.f = f;
      this.budget = PressureBudget.of(f, options.rpAware(), options.predAware());
      this.pressure = full();
    }

    private RegisterPressure full() {
      fullComputations++;
      return RegisterPressure.of(f);
    }

    PressureBudget.Figures figures() {
      return PressureBudget.Figures.of(pressure);
    }

    void update(List<MachineBlock> blocks, List<VReg> touched) {
      if (options.incrementalUpdate()) {
        pressure.update(blocks, touched);
        if (options.verifyUpdate()) {
          verifications++;
          pressure.verifyAgainstFull();
        }
      } else {
        pressure = full();
      }
    }
  }

  /**
   * For each register, the blocks whose instructions may read it (a superset: the pass only adds
   * readers, through copies and eliminations, and an undone elimination leaves its blocks in), in
   * layout order; so that a candidate looks at the blocks that read its two registers instead of
   * the whole function.
   */
  private static final class Readers {
    private final Map<MachineBlock, Integer> position = new HashMap<>();
    private final Map<VReg, Set<MachineBlock>> blocks = new HashMap<>();

    Readers(MachineFunction f) {
      for (MachineBlock b : f.blocks()) {
        position.put(b, position.size());
        for (MachineInstr i : b.instrs()) {
          add(i, b);
        }
      }
    }

    void add(MachineInstr i, MachineBlock b) {
      for (VReg r : i.usedRegs()) {
        blocks.computeIfAbsent(r, k -> new HashSet<>()).add(b);
      }
    }

    /** {@code to} is now read wherever {@code from} was. */
    void merge(VReg from, VReg to) {
      blocks.computeIfAbsent(to, k -> new HashSet<>()).addAll(blocks.getOrDefault(from, Set.of()));
    }

    /** The blocks that may read any of {@code regs}, in layout order. */
    List<MachineBlock> blocksReading(VReg... regs) {
      Set<MachineBlock> all = new HashSet<>();
      for (VReg r : regs) {
        all.addAll(blocks.getOrDefault(r, Set.of()));
      }
      List<MachineBlock> out = new ArrayList<>(all);
      out.sort(java.util.Comparator.comparingInt(position::get));
      return out;
    }
  }
}
