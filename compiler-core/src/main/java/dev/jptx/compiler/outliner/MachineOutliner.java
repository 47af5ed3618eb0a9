package dev.jptx.compiler.outliner;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.stats.PassCounters;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The machine outliner (seed: machine-outliner.md, LLVM's MachineOutliner), over every function of
 * a module after register allocation: the module becomes one string ({@link InstructionMapping}),
 * its suffix tree gives the repeated substrings ({@link SuffixTree}), the occurrences of each are
 * grouped by what they compute ({@link CanonicalSequence}), and each group is a candidate with the
 * benefit {@link OutliningCost} gives it. Candidates are taken best first (benefit, then length,
 * then position), each without the occurrences a taken one covers, while it still saves {@code
 * outliner-benefit-threshold} instructions; each becomes {@code OUTLINED_FUNCTION_{round}_{index}}
 * ({@code OUTLINED_FUNCTION_{index}} in round 0), a {@code .func} its occurrences call. A value
 * crossing a call must have a {@code .param} type: a sequence whose inputs or results include a
 * predicate, a 16-bit or a 128-bit register is left alone. Reruns ({@code machine-outliner-reruns})
 * take the code, calls and outlined functions included, as the next round's module.
 *
 * <p>Functions with {@code nooutline} ({@code @NoOutline}) are left out. A kernel's {@code
 * .maxnreg} covers its outlined callees without more: a function's registers are the values of one
 * occurrence, which the caller held in its own registers at that point, under that budget.
 */
public final class MachineOutliner {
  /** The pass family of the remarks, as the {@code remarks} option names it. */
  public static final String FAMILY = "outliner";

  private final OutlinerOptions options;
  private final Remarks remarks;

  /** An outliner with {@code options}, reporting to {@code remarks}. */
  public MachineOutliner(OutlinerOptions options, Remarks remarks) {
    this.options = options;
    this.remarks = remarks;
  }

  /** One occurrence of a candidate: where, its canonical form, and its first position. */
  private record Occurrence(Site site, int position, int length, CanonicalSequence form) {
    List<MachineInstr> instrs() {
      return site.block().instrs().subList(site.index(), site.index() + length);
    }
  }

  /** A group of occurrences computing the same thing. */
  private record Candidate(int length, List<Occurrence> occurrences) {}

  /**
   * Outlines from {@code functions}, changing them in place, and returns them with the outlined
   * functions after them; those named in {@code noOutline} are neither changed nor read.
   */
  public List<MachineFunction> run(List<MachineFunction> functions, Set<String> noOutline) {
    List<MachineFunction> all = new ArrayList<>(functions);
    if (options.mode() == OutlinerMode.DISABLE) {
      return all;
    }
    Map<MachineFunction, BitSet> entryLive = new HashMap<>();
    for (MachineFunction f : all) {
      entryLive.put(f, Liveness.of(f).liveIn(f.blocks().get(0)));
    }
    for (int round = 0; round <= options.reruns(); round++) {
      if (round(all, noOutline, round) == 0) {
        break;
      }
    }
    for (MachineFunction f : all) {
      checkEntry(f, entryLive.getOrDefault(f, new BitSet()));
    }
    return all;
  }

  /**
   * The allocation's invariant after outlining: the registers {@code f} reads before writing on
   * some path are those it read so before (none for an outlined function, which loads every input
   * from a parameter). A call that left out an input, or a function that reads a register its
   * caller never passed, would read a value no path defines.
   */
  private static void checkEntry(MachineFunction f, BitSet before) {
    BitSet now = Liveness.of(f).liveIn(f.blocks().get(0));
    if (!now.equals(before)) {
      throw new IllegalStateException(
          f.info().name()
              + ": outlining changed the registers read before any write: "
              + before
              + " became "
              + now);
    }
  }

  /** One round; the number of functions it outlined. */
  private int round(List<MachineFunction> all, Set<String> noOutline, int round) {
    InstructionMapping mapping =
        InstructionMapping.of(all, k -> noOutline.contains(all.get(k).info().name()));
    SuffixTree tree = new SuffixTree(mapping.symbols());
    Map<MachineFunction, Liveness> liveness = new HashMap<>();
    List<Candidate> candidates = new ArrayList<>();
    for (RepeatedSubstring r : tree.repeatedSubstrings(2, options.leafDescendants())) {
      Map<Object, List<Occurrence>> groups = new LinkedHashMap<>();
      for (int start : r.starts()) {
        Site s = mapping.site(start);
        List<MachineInstr> seq = s.block().instrs().subList(s.index(), s.index() + r.length());
        CanonicalSequence form = CanonicalSequence.of(s.f(), seq);
        groups
            .computeIfAbsent(form.key(), k -> new ArrayList<>())
            .add(new Occurrence(s, start, r.length(), form));
      }
      for (List<Occurrence> g : groups.values()) {
        if (g.size() >= 2) {
          candidates.add(new Candidate(r.length(), g));
        }
      }
    }
    List<Scored> scored = new ArrayList<>();
    for (Candidate c : candidates) {
      Scored s = scoreOrTrim(c.occurrences(), liveness);
      if (s != null) {
        scored.add(s);
      }
    }
    scored.sort(
        Comparator.comparingInt((Scored s) -> -s.cost().benefit())
            .thenComparingInt(s -> -s.occurrences().get(0).length())
            .thenComparingInt(s -> s.occurrences().get(0).position()));
    BitSet used = new BitSet();
    List<Scored> taken = new ArrayList<>();
    for (Scored s : scored) {
      List<Occurrence> free = new ArrayList<>();
      int end = -1;
      for (Occurrence o : s.occurrences()) {
        int next = used.nextSetBit(o.position());
        if (o.position() >= end && (next < 0 || next >= o.position() + o.length())) {
          free.add(o);
          end = o.position() + o.length();
        }
      }
      Scored t = free.size() < 2 ? null : score(free, liveness);
      if (t == null) {
        continue;
      }
      if (t.cost().benefit() < Math.max(1, options.benefitThreshold())) {
        notCheaper(t);
        continue;
      }
      for (Occurrence o : free) {
        used.set(o.position(), o.position() + o.length());
      }
      taken.add(t);
    }
    rewrite(all, taken, round, liveness);
    return taken.size();
  }

  /** A candidate's occurrences with the results they need and its cost. */
  private record Scored(List<Occurrence> occurrences, List<Integer> results, OutliningCost cost) {}

  /** The most instructions {@link #scoreOrTrim} drops from a candidate's end. */
  private static final int MAX_TRIM = 16;

  /**
   * {@link #score} of {@code occs}, or of the longest of their prefixes, down to {@link #MAX_TRIM}
   * instructions shorter, that can be outlined: the suffix tree offers only the longest repeats (a
   * repeat always followed by the same instruction is no node of its own), and one that ends in a
   * predicate result or half of a Java operation may have a good candidate in it.
   */
  private Scored scoreOrTrim(List<Occurrence> occs, Map<MachineFunction, Liveness> liveness) {
    int length = occs.get(0).length();
    for (int cut = 0; cut <= MAX_TRIM && length - cut >= 2; cut++) {
      List<Occurrence> shorter = new ArrayList<>();
      for (Occurrence o : occs) {
        List<MachineInstr> seq =
            o.site().block().instrs().subList(o.site().index(), o.site().index() + length - cut);
        shorter.add(
            cut == 0
                ? o
                : new Occurrence(
                    o.site(), o.position(), length - cut, CanonicalSequence.of(o.site().f(), seq)));
      }
      Scored s = score(shorter, liveness);
      if (s != null) {
        return s;
      }
    }
    return null;
  }

  /**
   * The candidate's cost over those of {@code occs} that can share one function, or null if fewer
   * than two can or a value crossing a call cannot. An occurrence is left out if a call there would
   * split a Java operation ({@link OperationBoundaries}), if it needs a result without a {@code
   * .param} type, or if a value that another needs afterwards is overwritten within it (the call
   * would have no register to leave it in).
   */
  private Scored score(List<Occurrence> occs, Map<MachineFunction, Liveness> liveness) {
    CanonicalSequence form = occs.get(0).form();
    for (int n : form.liveIns()) {
      if (!OutlinedFunctionBuilder.passable(form.classes().get(n))) {
        return null;
      }
    }
    Map<Occurrence, BitSet> after = new HashMap<>();
    Map<Occurrence, List<Integer>> needs = new LinkedHashMap<>();
    for (Occurrence o : occs) {
      BitSet live = liveAfter(o, liveness);
      List<Integer> needed = new ArrayList<>();
      for (int n : o.form().written()) {
        if (o.form().isLast(n) && live.get(o.form().registers().get(n).id())) {
          needed.add(n);
        }
      }
      List<VReg> outs = needed.stream().map(n -> o.form().registers().get(n)).toList();
      List<VReg> ins = o.form().liveIns().stream().map(n -> o.form().registers().get(n)).toList();
      List<MachineInstr> before = o.site().block().instrs().subList(0, o.site().index());
      boolean passable =
          needed.stream().allMatch(n -> OutlinedFunctionBuilder.passable(form.classes().get(n)));
      if (passable && !OperationBoundaries.splits(o.instrs(), before, ins, outs)) {
        after.put(o, live);
        needs.put(o, needed);
      }
    }
    List<Occurrence> group = compatible(needs);
    if (group.size() < 2) {
      return null;
    }
    TreeSet<Integer> results = new TreeSet<>();
    group.forEach(o -> results.addAll(needs.get(o)));
    List<Integer> across = new ArrayList<>();
    for (Occurrence o : group) {
      List<VReg> regs = o.form().registers();
      BitSet written = new BitSet();
      for (int n : o.form().written()) {
        written.set(regs.get(n).id());
      }
      BitSet live = after.get(o);
      int crossing = 0;
      for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
        crossing += written.get(r) ? 0 : 1;
      }
      across.add(crossing);
    }
    OutliningCost cost =
        new OutliningCost(
            occs.get(0).length(), form.liveIns().size(), results.size(), across, options.mode());
    return new Scored(group, List.copyOf(results), cost);
  }

  /**
   * The largest group of occurrences, in position order, in which every value one needs afterwards
   * is the last value of its register in each of the others: grown from each occurrence in turn,
   * taking the others in order while they fit; the first largest wins.
   */
  private static List<Occurrence> compatible(Map<Occurrence, List<Integer>> needs) {
    List<Occurrence> all = List.copyOf(needs.keySet());
    List<Occurrence> best = List.of();
    for (int seed = 0; seed < all.size() && best.size() < all.size(); seed++) {
      List<Occurrence> group = new ArrayList<>(List.of(all.get(seed)));
      Set<Integer> needed = new TreeSet<>(needs.get(all.get(seed)));
      for (int k = 0; k < all.size(); k++) {
        Occurrence o = all.get(k);
        if (k == seed
            || !needed.stream().allMatch(o.form()::isLast)
            || !group.stream().allMatch(g -> needs.get(o).stream().allMatch(g.form()::isLast))) {
          continue;
        }
        group.add(o);
        needed.addAll(needs.get(o));
      }
      if (group.size() > best.size()) {
        group.sort(Comparator.comparingInt(Occurrence::position));
        best = group;
      }
    }
    return best;
  }

  /** The registers live right after {@code o}. */
  private static BitSet liveAfter(Occurrence o, Map<MachineFunction, Liveness> liveness) {
    MachineFunction f = o.site().f();
    MachineBlock b = o.site().block();
    BitSet live = (BitSet) liveness.computeIfAbsent(f, Liveness::of).liveOut(b).clone();
    List<MachineInstr> is = b.instrs();
    for (int k = is.size() - 1; k >= o.site().index() + o.length(); k--) {
      Liveness.stepBackward(is.get(k), live, null);
    }
    return live;
  }

  private void rewrite(
      List<MachineFunction> all,
      List<Scored> taken,
      int round,
      Map<MachineFunction, Liveness> liveness) {
    record Edit(Occurrence occurrence, MachineInstr call) {}
    Map<MachineBlock, List<Edit>> edits = new LinkedHashMap<>();
    for (int k = 0; k < taken.size(); k++) {
      Scored s = taken.get(k);
      String name = "OUTLINED_FUNCTION_" + (round == 0 ? "" : round + "_") + k;
      Occurrence first = s.occurrences().get(0);
      MachineFunction function =
          OutlinedFunctionBuilder.function(
              name, first.form(), List.copyOf(first.instrs()), first.site().f(), s.results());
      all.add(function);
      passed(name, s);
      for (Occurrence o : s.occurrences()) {
        MachineInstr call =
            OutlinedFunctionBuilder.call(name, o.form(), s.results(), o.instrs().get(0).line());
        OutliningCheck.check(o.site().f(), o.instrs(), call, function, liveAfter(o, liveness));
        edits.computeIfAbsent(o.site().block(), b -> new ArrayList<>()).add(new Edit(o, call));
      }
      PassCounters.add("outlined functions", 1);
      PassCounters.add("outlined sequences", s.occurrences().size());
      PassCounters.add("instructions outlined", (long) s.occurrences().size() * first.length());
    }
    // in each block from the last occurrence to the first, so that the indices still hold
    for (List<Edit> es : edits.values()) {
      es.stream()
          .sorted(Comparator.comparingInt((Edit e) -> -e.occurrence().site().index()))
          .forEach(e -> replace(e.occurrence(), e.call()));
    }
  }

  private static void replace(Occurrence o, MachineInstr call) {
    List<MachineInstr> is = o.site().block().instrs();
    is.subList(o.site().index(), o.site().index() + o.length()).clear();
    is.add(o.site().index(), call);
  }

  private void passed(String name, Scored s) {
    Occurrence first = s.occurrences().get(0);
    remarks.report(
        new Remark(
            FAMILY,
            Remark.Kind.PASSED,
            "OutliningBenefit",
            first.site().f().info().sourceFile(),
            first.instrs().get(0).line(),
            first.site().f().info().javaName(),
            "Saved "
                + s.cost().benefit()
                + " PTX instructions by outlining "
                + first.length()
                + " instructions from "
                + s.occurrences().size()
                + " locations into "
                + name
                + ". (Found at: "
                + locations(s.occurrences())
                + ")"));
  }

  private void notCheaper(Scored s) {
    Occurrence first = s.occurrences().get(0);
    remarks.report(
        new Remark(
            FAMILY,
            Remark.Kind.MISSED,
            "NotOutliningCheaper",
            first.site().f().info().sourceFile(),
            first.instrs().get(0).line(),
            first.site().f().info().javaName(),
            "Did not outline "
                + first.length()
                + " instructions from "
                + s.occurrences().size()
                + " locations. PTX instructions from outlining all occurrences ("
                + s.cost().outlining()
                + ") >= Unoutlined instruction PTX instructions ("
                + s.cost().notOutlining()
                + ") (Also found at: "
                + locations(s.occurrences().subList(1, s.occurrences().size()))
                + ")"));
  }

  private static String locations(List<Occurrence> occs) {
    List<String> out = new ArrayList<>();
    for (Occurrence o : occs) {
      var info = o.site().f().info();
      out.add(info.javaName() + ":" + o.instrs().get(0).line());
    }
    return String.join(", ", out);
  }
}
