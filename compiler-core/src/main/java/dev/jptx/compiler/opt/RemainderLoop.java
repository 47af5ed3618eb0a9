package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.opt.analysis.CountedLoop;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts in front of a counted loop with a step of {@code +1} or {@code -1} a copy of it that runs
 * the first {@code tc mod factor} of its {@code tc} iterations, so that the loop itself is left a
 * multiple of {@code factor} ({@link LoopBodyReplication} then repeats its body).
 *
 * <p>With the loop continuing while {@code i P n}, stepping up: {@code tc} is {@code n - start} for
 * {@code <} and {@code !=}, {@code n - start + 1} for {@code <=}, when the loop is entered ({@code
 * start P n}) and 0 otherwise; stepping down, {@code start - n} and so on. Computed in {@code i}'s
 * width as unsigned numbers these are exact: the distance between two values of a width fits in it.
 * The one case it does not, {@code <=} over the whole range, wraps to 0, so the remainder is empty
 * and the loop that follows runs forever, as the original did. With {@code rem = tc mod factor},
 * the copy runs while {@code i != start + rem} ({@code i < start + rem} for a strict test, which
 * never wraps since {@code start + rem} lies between {@code start} and {@code n}: the form
 * induction-variable analysis reads), then the loop goes on from there.
 *
 * <p>The copy gets blocks of its own: a count block before it computes the end value, and an exit
 * block after it jumps to the loop's header, so that both loops keep a preheader and an exit
 * reached only from their header, and loop rotation turns both into bottom-tested loops.
 */
final class RemainderLoop {
  private RemainderLoop() {}

  /** Inserts the remainder loop of {@code c} for {@code factor}; see the class comment. */
  static void insert(Function f, CountedLoop c, int factor) {
    Block header = c.header();
    ScalarType t = c.type(f);
    int line = f.line(f.terminator(header));
    Block before = f.blocks().get(f.blocks().indexOf(header) - 1);
    Block count = f.addBlockAfter(before);
    CmpPredicate p = c.predicate();
    boolean up = c.step() > 0;
    Value start = c.start();
    Value bound = c.bound();
    Value d = binary(f, count, Opcode.SUB, up ? bound : start, up ? start : bound, line);
    if (p != CmpPredicate.NE && !strict(p)) {
      d = binary(f, count, Opcode.ADD, d, f.constant(t, 1), line);
    }
    boolean pow2 = Integer.bitCount(factor) == 1;
    Value rem =
        pow2
            ? binary(f, count, Opcode.AND, d, f.constant(t, factor - 1), line)
            : binary(f, count, Opcode.UREM, d, f.constant(t, factor), line);
    if (p != CmpPredicate.NE) {
      Value enter =
          f.result(
              f.append(
                  count, new InstData.Compare(Opcode.ICMP, p, start, bound), ScalarType.I1, line));
      rem = f.result(f.append(count, new InstData.Select(enter, rem, f.constant(t, 0)), t, line));
    }
    Value end = binary(f, count, up ? Opcode.ADD : Opcode.SUB, start, rem, line);

    List<Block> loopBlocks = new ArrayList<>();
    loopBlocks.add(header);
    loopBlocks.addAll(c.body(f));
    Map<Value, Value> values = new HashMap<>();
    LoopBlockCopy copy = LoopBlockCopy.of(f, loopBlocks, values, count);
    f.append(count, new InstData.Jump(copy.get(header)), VoidType.VOID, line);
    Block copiedHeader = copy.get(header);
    Block exit = f.addBlockAfter(copy.last());
    f.append(exit, new InstData.Jump(header), VoidType.VOID, line);
    for (Inst phi : PhiEdges.phis(f, copiedHeader)) {
      f.setData(phi, f.data(phi).mapBlocks(b -> b.equals(c.outside()) ? count : b));
    }
    List<Inst> insts = f.insts(copiedHeader);
    Inst cmp = insts.get(insts.size() - 2);
    CmpPredicate test = strict(p) ? p : CmpPredicate.NE;
    f.setData(cmp, new InstData.Compare(Opcode.ICMP, test, values.get(f.result(c.phi())), end));
    f.setData(
        insts.get(insts.size() - 1),
        new InstData.Branch(f.result(cmp), copy.get(c.bodyEntry()), exit));
    LoopBlockCopy.retarget(f, c.outside(), header, count);
    for (Inst phi : PhiEdges.phis(f, header)) {
      InstData.Phi data = (InstData.Phi) f.data(phi);
      List<Block> blocks = new ArrayList<>(data.blocks());
      List<Value> vals = new ArrayList<>(data.values());
      int k = blocks.indexOf(c.outside());
      blocks.set(k, exit);
      vals.set(k, values.get(f.result(phi)));
      f.setData(phi, new InstData.Phi(blocks, vals));
    }
  }

  /**
   * True if {@code c} steps by one towards its bound: up for {@code <}, {@code <=} and {@code !=},
   * down for {@code >}, {@code >=} and {@code !=}. Other loops run zero times or until their
   * variable wraps, and larger steps can jump past the bound; neither has a count this class can
   * compute exactly.
   */
  static boolean handles(CountedLoop c) {
    if (c.step() != 1 && c.step() != -1) {
      return false;
    }
    boolean up = c.step() > 0;
    return switch (c.predicate()) {
      case NE -> true;
      case SLT, SLE, ULT, ULE -> up;
      case SGT, SGE, UGT, UGE -> !up;
      default -> false;
    };
  }

  private static boolean strict(CmpPredicate p) {
    return switch (p) {
      case SLT, SGT, ULT, UGT -> true;
      default -> false;
    };
  }

  private static Value binary(Function f, Block b, Opcode op, Value lhs, Value rhs, int line) {
    return f.result(f.append(b, new InstData.Binary(op, lhs, rhs), f.type(lhs), line));
  }
}
