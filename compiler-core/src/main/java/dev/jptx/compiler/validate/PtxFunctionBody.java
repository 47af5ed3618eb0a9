package dev.jptx.compiler.validate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The instructions of one {@code .entry} or {@code .func}, with the reaching definitions of every
 * register read. The compiler's PTX is not in SSA form (PHI elimination makes copies, and register
 * allocation gives one name to values that are never live at once), so the rules ask which
 * definitions of a name can reach a given read, along the branches between labels; a guarded
 * definition leaves the earlier ones reaching too.
 */
final class PtxFunctionBody {
  private final String name;
  private final List<PtxStatement> statements;
  private final Map<PtxStatement, Integer> index = new IdentityHashMap<>();
  private final Map<String, Integer> labels;

  /** Per definition site (a statement and a register it writes): the register. */
  private final List<String> siteRegister = new ArrayList<>();

  /** Per definition site: its statement's index. */
  private final List<Integer> siteStatement = new ArrayList<>();

  /** Per register: its definition sites. */
  private final Map<String, BitSet> sitesOf = new HashMap<>();

  /** Per statement: the definition sites that reach it (before it executes). */
  private final BitSet[] reaching;

  PtxFunctionBody(String name, List<PtxStatement> statements, Map<String, Integer> labels) {
    this.name = name;
    this.statements = List.copyOf(statements);
    this.labels = Map.copyOf(labels);
    for (int i = 0; i < this.statements.size(); i++) {
      PtxStatement s = this.statements.get(i);
      index.put(s, i);
      for (String d : s.defs()) {
        sitesOf.computeIfAbsent(d, k -> new BitSet()).set(siteRegister.size());
        siteRegister.add(d);
        siteStatement.add(i);
      }
    }
    reaching = solve();
  }

  String name() {
    return name;
  }

  List<PtxStatement> statements() {
    return statements;
  }

  /** The instructions whose write of {@code register} can reach {@code at}, in text order. */
  List<PtxStatement> definitions(String register, PtxStatement at) {
    List<PtxStatement> out = new ArrayList<>();
    BitSet sites = (BitSet) sitesOf.getOrDefault(register, new BitSet()).clone();
    sites.and(reaching[index.get(at)]);
    for (int d = sites.nextSetBit(0); d >= 0; d = sites.nextSetBit(d + 1)) {
      PtxStatement s = statements.get(siteStatement.get(d));
      if (!out.contains(s)) {
        out.add(s);
      }
    }
    return out;
  }

  /** The instructions that read {@code register} as {@code def} wrote it, in text order. */
  List<PtxStatement> usesReachedBy(PtxStatement def, String register) {
    int site = -1;
    BitSet sites = sitesOf.getOrDefault(register, new BitSet());
    for (int d = sites.nextSetBit(0); d >= 0; d = sites.nextSetBit(d + 1)) {
      if (siteStatement.get(d) == index.get(def).intValue()) {
        site = d;
      }
    }
    List<PtxStatement> out = new ArrayList<>();
    for (int i = 0; site >= 0 && i < statements.size(); i++) {
      if (reaching[i].get(site) && statements.get(i).uses().contains(register)) {
        out.add(statements.get(i));
      }
    }
    return out;
  }

  /** How a statement changes what a path knows, for {@link #pathFacts}. */
  @FunctionalInterface
  interface PathTransfer<F> {
    /** {@code fact} after statement {@code s}, the {@code index}th. */
    F after(F fact, PtxStatement s, int index);
  }

  /**
   * What the paths from the entry to {@code at} know, one fact per path as far as they differ:
   * {@code entry} at the entry, changed by {@code transfer} along each statement (a guarded one may
   * not execute: the fact before it goes on too). Unlike {@link #definitions}, this keeps apart
   * what one path and another bring: a loop that writes two registers in one trip and reads them in
   * the next has the writes from before the loop on one path and those of its back edge on the
   * other, never one of each. The facts must have value equality. Computed on demand.
   */
  <F> Set<F> pathFacts(F entry, PathTransfer<F> transfer, PtxStatement at) {
    int n = statements.size();
    List<Set<F>> in = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      in.add(new HashSet<>());
    }
    Deque<Integer> work = new ArrayDeque<>();
    if (n > 0) {
      in.get(0).add(entry);
      work.add(0);
    }
    BitSet queued = new BitSet();
    queued.set(0);
    while (!work.isEmpty()) {
      int i = work.pop();
      queued.clear(i);
      PtxStatement s = statements.get(i);
      Set<F> out = new HashSet<>();
      for (F f : in.get(i)) {
        out.add(transfer.after(f, s, i));
        if (s.guard() != null) {
          out.add(f);
        }
      }
      for (int next : successors(i)) {
        if (in.get(next).addAll(out) && !queued.get(next)) {
          queued.set(next);
          work.add(next);
        }
      }
    }
    return in.get(index.get(at));
  }

  /**
   * The indices of the stores to the spill slot {@code slot} ({@link SpillSlots}) that reach {@code
   * at}, with -1 if on some path none does. A store through a register address does not count: the
   * frame gives local arrays and spill slots disjoint parts of the depot, spill code addresses a
   * slot only directly ({@code [__local_depot0+N]}), and the registers that address the depot point
   * into arrays (fuzz kernel 0xbba1bd6438663c15: a masked count spilled before a loop that fills a
   * local array through a register).
   */
  Set<Integer> slotStoresReaching(PtxStatement at, String slot) {
    return pathFacts(-1, (last, s, i) -> slot.equals(SpillSlots.stored(s)) ? i : last, at);
  }

  /** The {@code i}th statement. */
  PtxStatement statement(int i) {
    return statements.get(i);
  }

  /** Forward dataflow to a fixpoint over the statements' successors. */
  private BitSet[] solve() {
    int n = statements.size();
    BitSet[] in = new BitSet[n];
    for (int i = 0; i < n; i++) {
      in[i] = new BitSet();
    }
    Deque<Integer> work = new ArrayDeque<>();
    if (n > 0) {
      work.add(0);
    }
    BitSet queued = new BitSet();
    queued.set(0);
    boolean[] visited = new boolean[n];
    while (!work.isEmpty()) {
      int i = work.pop();
      queued.clear(i);
      BitSet out = transfer(i, in[i]);
      for (int s : successors(i)) {
        BitSet before = (BitSet) in[s].clone();
        in[s].or(out);
        if ((!in[s].equals(before) || !visited[s]) && !queued.get(s)) {
          visited[s] = true;
          queued.set(s);
          work.add(s);
        }
      }
    }
    return in;
  }

  private BitSet transfer(int i, BitSet in) {
    BitSet out = (BitSet) in.clone();
    PtxStatement s = statements.get(i);
    for (String d : s.defs()) {
      if (s.guard() == null) {
        out.andNot(sitesOf.get(d));
      }
    }
    for (String d : s.defs()) {
      BitSet mine = sitesOf.get(d);
      for (int k = mine.nextSetBit(0); k >= 0; k = mine.nextSetBit(k + 1)) {
        if (siteStatement.get(k) == i) {
          out.set(k);
        }
      }
    }
    return out;
  }

  /** Where control goes after statement {@code i}. */
  private List<Integer> successors(int i) {
    PtxStatement s = statements.get(i);
    List<Integer> next = new ArrayList<>();
    boolean guarded = s.guard() != null;
    switch (s.base()) {
      case "bra" -> {
        Integer target = labels.get(s.operand(0));
        if (target != null && target < statements.size()) {
          next.add(target);
        }
        if (guarded || target == null) {
          addNext(next, i);
        }
      }
      case "ret", "exit", "trap" -> {
        if (guarded) {
          addNext(next, i);
        }
      }
      case "brx" -> {
        // an indirect branch may go to any label
        for (int t : labels.values()) {
          if (t < statements.size()) {
            next.add(t);
          }
        }
      }
      default -> addNext(next, i);
    }
    return next;
  }

  private void addNext(List<Integer> next, int i) {
    if (i + 1 < statements.size()) {
      next.add(i + 1);
    }
  }
}
