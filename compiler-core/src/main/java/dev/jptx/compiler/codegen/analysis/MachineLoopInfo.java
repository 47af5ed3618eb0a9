package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The natural loops of a machine function (seed: machine-passes.md, MachineLoopInfo): an edge to a
 * block that dominates its source is a back edge; the loop of a header is the header and every
 * block that reaches one of its latches without passing through it. Loops nest by containment; each
 * block belongs to its innermost loop. Machine LICM, block remat's loop cost factor and the
 * pipeliner read it.
 */
public final class MachineLoopInfo {
  /** One natural loop. */
  public static final class Loop {
    private final MachineBlock header;
    private final Set<MachineBlock> blocks = new LinkedHashSet<>();
    private final List<MachineBlock> latches = new ArrayList<>();
    private Loop parent;
    private final List<Loop> children = new ArrayList<>();

    Loop(MachineBlock header) {
      this.header = header;
    }

    /** The block every iteration enters through. */
    public MachineBlock header() {
      return header;
    }

    /** The blocks of the loop, inner loops' included. */
    public Set<MachineBlock> blocks() {
      return Collections.unmodifiableSet(blocks);
    }

    /** True if {@code b} is in the loop. */
    public boolean contains(MachineBlock b) {
      return blocks.contains(b);
    }

    /** The blocks with a back edge to the header. */
    public List<MachineBlock> latches() {
      return Collections.unmodifiableList(latches);
    }

    /** The enclosing loop, or null. */
    public Loop parent() {
      return parent;
    }

    /** The loops directly inside this one. */
    public List<Loop> children() {
      return Collections.unmodifiableList(children);
    }

    /** 1 for an outermost loop. */
    public int depth() {
      return parent == null ? 1 : parent.depth() + 1;
    }
  }

  private final List<Loop> loops = new ArrayList<>();
  private final Map<MachineBlock, Loop> innermost = new LinkedHashMap<>();

  private MachineLoopInfo(MachineFunction f, MachineDominatorTree dom) {
    List<List<MachineBlock>> preds = f.predecessors();
    Map<MachineBlock, Loop> byHeader = new LinkedHashMap<>();
    for (MachineBlock b : dom.reversePostOrder()) {
      for (MachineBlock s : f.successors(b)) {
        if (dom.dominates(s, b)) {
          Loop l = byHeader.computeIfAbsent(s, Loop::new);
          l.latches.add(b);
        }
      }
    }
    for (Loop l : byHeader.values()) {
      l.blocks.add(l.header);
      Deque<MachineBlock> work = new ArrayDeque<>(l.latches);
      while (!work.isEmpty()) {
        MachineBlock b = work.pop();
        if (l.blocks.add(b)) {
          for (MachineBlock p : preds.get(b.id())) {
            if (dom.isReachable(p)) {
              work.push(p);
            }
          }
        }
      }
      loops.add(l);
    }
    // larger loops first: each loop's parent is the smallest loop before it that contains its
    // header
    loops.sort(Comparator.comparingInt((Loop l) -> l.blocks.size()).reversed());
    for (int i = 0; i < loops.size(); i++) {
      Loop l = loops.get(i);
      for (int j = i - 1; j >= 0; j--) {
        if (loops.get(j).contains(l.header) && loops.get(j) != l) {
          l.parent = loops.get(j);
          l.parent.children.add(l);
          break;
        }
      }
      for (MachineBlock b : l.blocks) {
        innermost.put(b, l);
      }
    }
  }

  /** The loops of {@code f}. */
  public static MachineLoopInfo of(MachineFunction f, MachineDominatorTree dom) {
    return new MachineLoopInfo(f, dom);
  }

  /** Every loop, outer loops before the loops they contain. */
  public List<Loop> loops() {
    return Collections.unmodifiableList(loops);
  }

  /** The innermost loop containing {@code b}, or null. */
  public Loop loopFor(MachineBlock b) {
    return innermost.get(b);
  }

  /** How many loops contain {@code b}: 0 outside every loop. */
  public int depth(MachineBlock b) {
    Loop l = loopFor(b);
    return l == null ? 0 : l.depth();
  }
}
