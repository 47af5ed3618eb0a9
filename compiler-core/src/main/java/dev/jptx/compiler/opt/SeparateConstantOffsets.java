package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives the element accesses {@code a[i + c]} of one array and one index {@code i} a common address
 * and constant byte offsets, which instruction selection folds into {@code [reg+imm]} operands
 * (seed: LLVM's SeparateConstOffsetFromGEP, which the NVPTX backend runs for the same reason). For
 * {@code a[i - 4] ... a[i + 4]} the kernel then keeps one 64-bit address live instead of nine.
 *
 * <p>The addresses {@code ptradd a, sext(i + c) * s} ({@code s > 0}, also as a shift or with {@code
 * s = 1}; {@code c = 0} for {@code a[i]}) of one {@code a}, {@code i} and {@code s} are rewritten
 * from the smallest constant {@code m}: {@code anchor = ptradd a, sext(i + m) * s}, and each access
 * reads {@code ptradd anchor, (c - m) * s}. Java's {@code int} addition wraps, and {@code sext(x +
 * d) = sext(x) + d} holds only when {@code x + d} does not overflow. With {@code d = c - m >= 0} it
 * can overflow only upwards, and then the wrapped index {@code i + c} is negative: out of bounds,
 * which is undefined in a kernel (API.md), so the program had no defined result to keep. (nvcc's
 * own argument, that C's signed overflow is undefined, does not hold for Java: hence the anchor at
 * the smallest offset, not at {@code i}.)
 *
 * <p>The anchor is computed where it dominates every access of its group: before the first of them
 * in their nearest common dominator, or at that block's end. Requires nothing; leaves the old index
 * arithmetic dead for {@link DeadCodeElimination} where only the addresses used it.
 */
public final class SeparateConstantOffsets implements FunctionPass {
  /** An address {@code ptradd base, sext(index + constant) * scale}. */
  private record Access(Inst inst, long constant) {}

  private record Key(Value base, Value index, long scale) {}

  @Override
  public String name() {
    return "separate-const-offset";
  }

  @Override
  public boolean run(Function f) {
    Map<Key, List<Access>> groups = new LinkedHashMap<>();
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.PtrAdd p) {
        Scaled s = scaled(f, p.offset());
        if (s != null) {
          groups
              .computeIfAbsent(new Key(p.base(), s.index(), s.scale()), k -> new ArrayList<>())
              .add(new Access(i, s.constant()));
        }
      }
    }
    boolean changed = false;
    DominatorTree dom = null;
    for (Map.Entry<Key, List<Access>> g : groups.entrySet()) {
      if (dom == null) {
        dom = DominatorTree.of(f);
      }
      DominatorTree tree = dom;
      // an access in an unreachable block has no dominator to share: leave it
      List<Access> members =
          g.getValue().stream().filter(a -> tree.isReachable(f.blockOf(a.inst()))).toList();
      if (members.isEmpty()) {
        continue;
      }
      long min = members.stream().mapToLong(Access::constant).min().orElseThrow();
      long max = members.stream().mapToLong(Access::constant).max().orElseThrow();
      if (members.size() < 2 || min == max) {
        continue;
      }
      rewrite(f, dom, g.getKey(), members, min);
      changed = true;
    }
    return changed;
  }

  /** {@code sext(index + constant) * scale} with {@code index} an {@code i32}. */
  private record Scaled(Value index, long constant, long scale) {}

  private static Scaled scaled(Function f, Value offset) {
    long scale = 1;
    Value v = offset;
    Inst def = f.definingInst(v);
    if (def != null && f.data(def) instanceof InstData.Binary b && f.isConstant(b.rhs())) {
      long c = f.constantBits(b.rhs());
      if (b.opcode() == Opcode.MUL && c > 0 && c <= Integer.MAX_VALUE) {
        scale = c;
      } else if (b.opcode() == Opcode.SHL && c >= 0 && c < 31) {
        scale = 1L << c;
      } else {
        return null;
      }
      v = b.lhs();
      def = f.definingInst(v);
    }
    if (def == null
        || !(f.data(def) instanceof InstData.Cast ext)
        || ext.opcode() != Opcode.SEXT
        || f.type(ext.operand()) != ScalarType.I32) {
      return null;
    }
    Value index = ext.operand();
    Inst add = f.definingInst(index);
    if (add != null
        && f.data(add) instanceof InstData.Binary b
        && b.opcode() == Opcode.ADD
        && f.isConstant(b.rhs())
        && !f.isConstant(b.lhs())) {
      return new Scaled(b.lhs(), (int) f.constantBits(b.rhs()), scale);
    }
    return new Scaled(index, 0, scale);
  }

  /**
   * A member's own {@code i + m}, when it is already computed where the anchor goes (so the anchor
   * does not compute it twice).
   */
  private static Value existingIndex(
      Function f, DominatorTree dom, List<Access> members, long min, Block home, Inst at) {
    for (Access a : members) {
      if (a.constant() != min || min == 0) {
        continue;
      }
      Value offset = ((InstData.PtrAdd) f.data(a.inst())).offset();
      Inst def = f.definingInst(offset);
      if (f.data(def) instanceof InstData.Binary scale) {
        def = f.definingInst(scale.lhs());
      }
      Inst add = f.definingInst(((InstData.Cast) f.data(def)).operand());
      Block b = f.blockOf(add);
      boolean before =
          b.equals(home)
              ? f.insts(home).indexOf(add) < f.insts(home).indexOf(at)
              : dom.dominates(b, home);
      if (before) {
        return f.result(add);
      }
    }
    return null;
  }

  private static void rewrite(
      Function f, DominatorTree dom, Key key, List<Access> members, long min) {
    Block home = f.blockOf(members.get(0).inst());
    for (Access a : members) {
      while (!dom.dominates(home, f.blockOf(a.inst())) && !home.equals(dom.root())) {
        home = dom.idom(home);
      }
    }
    Inst at = f.terminator(home);
    for (Inst i : f.insts(home)) {
      if (members.stream().anyMatch(a -> a.inst().equals(i))) {
        at = i;
        break;
      }
    }
    int line = f.line(at);
    Value index = key.index();
    Value existing = existingIndex(f, dom, members, min, home, at);
    if (existing != null) {
      index = existing;
    } else if (min != 0) {
      index =
          f.result(
              f.insertBefore(
                  at,
                  new InstData.Binary(Opcode.ADD, index, f.constant(ScalarType.I32, min)),
                  ScalarType.I32,
                  line));
    }
    Value wide =
        f.result(f.insertBefore(at, new InstData.Cast(Opcode.SEXT, index), ScalarType.I64, line));
    if (key.scale() != 1) {
      wide =
          f.result(
              f.insertBefore(
                  at,
                  new InstData.Binary(Opcode.MUL, wide, f.i64(key.scale())),
                  ScalarType.I64,
                  line));
    }
    Value anchor =
        f.result(
            f.insertBefore(at, new InstData.PtrAdd(key.base(), wide), f.type(key.base()), line));
    for (Access a : members) {
      if (a.constant() == min) {
        f.replaceAllUses(f.result(a.inst()), anchor);
        f.remove(a.inst());
      } else {
        f.setData(a.inst(), new InstData.PtrAdd(anchor, f.i64((a.constant() - min) * key.scale())));
      }
    }
  }
}
