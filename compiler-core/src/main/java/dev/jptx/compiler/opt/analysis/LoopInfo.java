package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The natural loops of a function. A back edge is an edge {@code t -> h} whose target dominates its
 * source; the loop of header {@code h} is {@code h} plus every block that reaches a back edge's
 * source without passing {@code h} (found by walking predecessors backwards from the sources), and
 * back edges that share a header make one loop. Two natural loops with different headers are
 * disjoint or nested, so each loop's parent is the smallest other loop that holds its header.
 * Irreducible cycles (entered other than through a dominating header) have no back edge and are no
 * loop. A snapshot of the CFG; recompute it after changing terminators.
 */
public final class LoopInfo {
  /** One natural loop. */
  public static final class Loop {
    private final Block header;
    private final Set<Block> blocks;
    private final List<Block> latches;
    private final Block preheader;
    private final List<Block> exits;
    private final List<Block> outsidePredecessors;
    private Loop parent;
    private final List<Loop> children = new ArrayList<>();

    private Loop(
        Block header,
        Set<Block> blocks,
        List<Block> latches,
        List<Block> outsidePredecessors,
        Block preheader,
        List<Block> exits) {
      this.header = header;
      this.blocks = Collections.unmodifiableSet(blocks);
      this.latches = List.copyOf(latches);
      this.outsidePredecessors = List.copyOf(outsidePredecessors);
      this.preheader = preheader;
      this.exits = List.copyOf(exits);
    }

    /** The block every iteration starts in; it dominates the whole loop. */
    public Block header() {
      return header;
    }

    /** The blocks of the loop, inner loops' blocks included, in reverse post-order. */
    public Set<Block> blocks() {
      return blocks;
    }

    /** True if {@code b} belongs to this loop (or a loop nested in it). */
    public boolean contains(Block b) {
      return blocks.contains(b);
    }

    /** The sources of the back edges to the header. */
    public List<Block> latches() {
      return latches;
    }

    /** The header's reachable predecessors outside the loop, in the CFG's order. */
    public List<Block> outsidePredecessors() {
      return outsidePredecessors;
    }

    /**
     * The header's unique predecessor outside the loop if it jumps only to the header, so that code
     * placed at its end runs exactly once each time the loop is entered; null otherwise.
     */
    public Block preheader() {
      return preheader;
    }

    /** The blocks outside the loop that a block of the loop branches to (exit blocks). */
    public List<Block> exits() {
      return exits;
    }

    /** The innermost loop that contains this one, or null for an outermost loop. */
    public Loop parent() {
      return parent;
    }

    /** The loops directly nested in this one. */
    public List<Loop> children() {
      return Collections.unmodifiableList(children);
    }

    /** 1 for an outermost loop, one more per enclosing loop. */
    public int depth() {
      int d = 1;
      for (Loop p = parent; p != null; p = p.parent) {
        d++;
      }
      return d;
    }

    @Override
    public String toString() {
      return "loop(" + header + ")";
    }
  }

  private final List<Loop> loops = new ArrayList<>();
  private final Map<Block, Loop> innermost = new HashMap<>();

  private LoopInfo(Function f, Cfg cfg, DominatorTree dom) {
    List<Block> rpo = dom.reversePostOrder();
    Map<Block, Integer> order = new HashMap<>();
    for (int i = 0; i < rpo.size(); i++) {
      order.put(rpo.get(i), i);
    }
    Map<Block, List<Block>> latchesOf = new LinkedHashMap<>();
    for (Block h : rpo) {
      for (Block p : cfg.predecessors(h)) {
        if (dom.dominates(h, p)) {
          latchesOf.computeIfAbsent(h, x -> new ArrayList<>()).add(p);
        }
      }
    }
    latchesOf.forEach((h, latches) -> loops.add(build(f, cfg, order, h, latches)));
    // A loop's parent is the smallest other loop holding its header. Loops nest strictly (an outer
    // loop has its own header besides the inner one's blocks), so from the largest down, the last
    // loop seen holding a header is the smallest larger loop that does.
    List<Loop> bySize = new ArrayList<>(loops);
    bySize.sort(Comparator.comparingInt(l -> l.blocks.size()));
    Map<Block, Loop> smallestSoFar = new HashMap<>();
    Map<Loop, Loop> parentOf = new HashMap<>();
    for (int i = bySize.size() - 1; i >= 0; i--) {
      Loop l = bySize.get(i);
      Loop outer = smallestSoFar.get(l.header);
      if (outer != null) {
        parentOf.put(l, outer);
      }
      for (Block b : l.blocks) {
        smallestSoFar.put(b, l);
      }
    }
    for (Loop l : bySize) {
      Loop outer = parentOf.get(l);
      if (outer != null) {
        l.parent = outer;
        outer.children.add(l);
      }
    }
    // the smallest loop holding a block is its innermost loop
    for (Loop l : bySize) {
      for (Block b : l.blocks) {
        innermost.putIfAbsent(b, l);
      }
    }
  }

  private static Loop build(
      Function f, Cfg cfg, Map<Block, Integer> order, Block header, List<Block> latches) {
    Set<Block> body = new LinkedHashSet<>();
    body.add(header);
    Deque<Block> work = new ArrayDeque<>();
    for (Block t : latches) {
      if (body.add(t)) {
        work.add(t);
      }
    }
    while (!work.isEmpty()) {
      for (Block p : cfg.predecessors(work.poll())) {
        // only reachable predecessors: an unreachable block is in no loop
        if (order.containsKey(p) && body.add(p)) {
          work.add(p);
        }
      }
    }
    List<Block> sorted = new ArrayList<>(body);
    sorted.sort(Comparator.comparingInt(order::get));
    Set<Block> blocks = new LinkedHashSet<>(sorted);
    List<Block> outside = new ArrayList<>();
    for (Block p : cfg.predecessors(header)) {
      if (!blocks.contains(p) && order.containsKey(p)) {
        outside.add(p);
      }
    }
    Block preheader =
        outside.size() == 1 && f.successors(outside.get(0)).equals(List.of(header))
            ? outside.get(0)
            : null;
    Set<Block> exits = new LinkedHashSet<>();
    for (Block b : sorted) {
      for (Block s : f.successors(b)) {
        if (!blocks.contains(s)) {
          exits.add(s);
        }
      }
    }
    return new Loop(header, blocks, latches, outside, preheader, new ArrayList<>(exits));
  }

  /** The loops of {@code f}. */
  public static LoopInfo of(Function f) {
    Cfg cfg = Cfg.of(f);
    return new LoopInfo(f, cfg, DominatorTree.of(f, cfg));
  }

  /** The loops of {@code f}, reusing computed analyses of its current CFG. */
  public static LoopInfo of(Function f, Cfg cfg, DominatorTree dom) {
    return new LoopInfo(f, cfg, dom);
  }

  /** Every loop, outer loops before the loops nested in them (headers in reverse post-order). */
  public List<Loop> loops() {
    return Collections.unmodifiableList(loops);
  }

  /** Every loop, each after the loops nested in it. */
  public List<Loop> innermostFirst() {
    List<Loop> l = new ArrayList<>(loops);
    Collections.reverse(l);
    return l;
  }

  /** The outermost loops. */
  public List<Loop> topLevel() {
    return loops.stream().filter(l -> l.parent == null).toList();
  }

  /** The innermost loop holding {@code b}, or null if {@code b} is in no loop. */
  public Loop loopFor(Block b) {
    return innermost.get(b);
  }

  /** How many loops hold {@code b}: 0 outside every loop. */
  public int depth(Block b) {
    Loop l = innermost.get(b);
    return l == null ? 0 : l.depth();
  }
}
