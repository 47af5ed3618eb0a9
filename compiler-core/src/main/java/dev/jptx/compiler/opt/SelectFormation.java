package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns a two-way branch whose arms only compute a few cheap values into straight-line code with
 * {@code select}s (LLVM SimplifyCFG's two-entry phi folding): the arms' instructions move up into
 * the branching block, the phis where the arms meet become selects on the branch condition, and the
 * branch becomes a jump. It handles the triangle ({@code br c, T, J}; {@code T} jumps to {@code J})
 * and the diamond ({@code br c, T, F}; both jump to {@code J}) that Java's {@code ?:}, {@code
 * Math.abs}-style code and inlined early returns leave.
 *
 * <p>A GPU runs both arms of a divergent branch anyway, one after the other, and pays for the
 * branch and the reconvergence on top; a {@code selp} costs one instruction. The arms may hold at
 * most {@link #MAX_ARM_INSTRUCTIONS} instructions, each speculatable and cheap: no memory access,
 * no division or remainder, no square root, nothing convergent.
 */
final class SelectFormation {
  /** The most instructions an arm may hold (its jump aside) to be executed unconditionally. */
  static final int MAX_ARM_INSTRUCTIONS = 4;

  private SelectFormation() {}

  /** Folds the triangles and diamonds of {@code f} in one walk; true if it folded any. */
  static boolean run(Function f) {
    // every diamond in one walk: one fold per call made simplifycfg's rounds, each a walk of the
    // function, as many as the diamonds. The CFG is built once: a fold of a diamond headed by a
    // changes only the predecessors of its join (arms out, a in), and for every block the walk
    // reaches later, the join's predecessors, old or new, are not that block alone (the old hold
    // an arm, the new hold a), so isArm answers as it would on a fresh graph
    Cfg cfg = Cfg.of(f);
    Set<Block> live = new HashSet<>(f.blocks());
    boolean changed = false;
    for (Block a : List.copyOf(f.blocks())) {
      if (!live.contains(a)) {
        continue;
      }
      Inst t = f.terminator(a);
      if (t != null && f.data(t) instanceof InstData.Branch br) {
        List<Block> removed = fold(f, cfg, a, br);
        if (!removed.isEmpty()) {
          changed = true;
          removed.forEach(live::remove);
        }
      }
    }
    return changed;
  }

  /** Folds the triangle or diamond {@code a} heads; the arms it removed, none if it did not. */
  private static List<Block> fold(Function f, Cfg cfg, Block a, InstData.Branch br) {
    Block onTrue = br.ifTrue();
    Block onFalse = br.ifFalse();
    if (onTrue.equals(onFalse) || onTrue.equals(a) || onFalse.equals(a)) {
      return List.of();
    }
    Block join;
    // the block whose value a phi takes when the condition holds, and when it does not
    Block fromTrue;
    Block fromFalse;
    if (isArm(f, cfg, onTrue, a)
        && isArm(f, cfg, onFalse, a)
        && jumpTarget(f, onTrue).equals(jumpTarget(f, onFalse))) {
      join = jumpTarget(f, onTrue);
      fromTrue = onTrue;
      fromFalse = onFalse;
    } else if (isArm(f, cfg, onTrue, a) && jumpTarget(f, onTrue).equals(onFalse)) {
      join = onFalse;
      fromTrue = onTrue;
      fromFalse = a;
    } else if (isArm(f, cfg, onFalse, a) && jumpTarget(f, onFalse).equals(onTrue)) {
      join = onTrue;
      fromTrue = a;
      fromFalse = onFalse;
    } else {
      return List.of();
    }
    if (join.equals(a)) {
      return List.of();
    }
    Inst branch = f.terminator(a);
    int line = f.line(branch);
    for (Block arm : List.of(fromTrue, fromFalse)) {
      if (!arm.equals(a)) {
        for (Inst i : List.copyOf(f.insts(arm))) {
          if (!(f.data(i) instanceof InstData.Jump)) {
            f.moveBefore(i, branch);
          }
        }
      }
    }
    for (Inst p : PhiEdges.phis(f, join)) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      Value whenTrue = phi.valueFrom(fromTrue);
      Value whenFalse = phi.valueFrom(fromFalse);
      Value merged = merged(f, branch, br.condition(), whenTrue, whenFalse, line);
      List<Block> blocks = new ArrayList<>();
      List<Value> values = new ArrayList<>();
      for (int k = 0; k < phi.blocks().size(); k++) {
        Block from = phi.blocks().get(k);
        if (!from.equals(fromTrue) && !from.equals(fromFalse)) {
          blocks.add(from);
          values.add(phi.values().get(k));
        }
      }
      blocks.add(a);
      values.add(merged);
      f.setData(p, new InstData.Phi(blocks, values));
    }
    f.setData(branch, new InstData.Jump(join));
    List<Block> removed = new ArrayList<>();
    for (Block arm : List.of(fromTrue, fromFalse)) {
      if (!arm.equals(a)) {
        f.removeBlock(arm);
        removed.add(arm);
      }
    }
    return removed;
  }

  /**
   * {@code c ? x : y}, without a select where the two are equal or the constants true and false.
   */
  private static Value merged(Function f, Inst before, Value c, Value x, Value y, int line) {
    if (x.equals(y)) {
      return x;
    }
    if (f.type(x) == ScalarType.I1 && f.isConstant(x) && f.isConstant(y)) {
      if (f.constantBits(x) != 0) {
        return c;
      }
      return Negation.of(f, before, c, line);
    }
    return f.result(f.insertBefore(before, new InstData.Select(c, x, y), f.type(x), line));
  }

  /** The block {@code b} jumps to. */
  private static Block jumpTarget(Function f, Block b) {
    return ((InstData.Jump) f.data(f.terminator(b))).target();
  }

  /**
   * True if {@code b} is an arm of {@code a}'s branch that may run unconditionally: {@code a} is
   * its only predecessor, it ends in a jump, and its few other instructions are cheap and
   * speculatable.
   */
  private static boolean isArm(Function f, Cfg cfg, Block b, Block a) {
    if (b.equals(f.entry()) || !cfg.predecessors(b).equals(List.of(a))) {
      return false;
    }
    List<Inst> insts = f.insts(b);
    if (insts.isEmpty()
        || insts.size() > MAX_ARM_INSTRUCTIONS + 1
        || !(f.data(insts.get(insts.size() - 1)) instanceof InstData.Jump j)
        || j.target().equals(b)) {
      return false;
    }
    for (Inst i : insts.subList(0, insts.size() - 1)) {
      if (!isCheap(f.data(i))) {
        return false;
      }
    }
    return true;
  }

  static boolean isCheap(InstData d) {
    if (!PureOps.isSpeculatable(d) || d instanceof InstData.Phi) {
      return false;
    }
    return switch (d.opcode()) {
      case FDIV, FREM -> false;
      case INTRINSIC -> ((InstData.IntrinsicCall) d).intrinsic() != Intrinsic.SQRT;
      default -> true;
    };
  }
}
