package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import java.util.List;

/**
 * Lowers {@code memzero} (a new local array's zeroing): up to {@link #UNROLL_BYTES} bytes as
 * straight {@code i32} stores, which {@code ptxas} turns into register moves when it promotes the
 * array; larger ones as a loop of {@code i32} stores.
 */
public final class MemZeroLowering {
  /** The largest array zeroed without a loop. */
  static final int UNROLL_BYTES = 64;

  private MemZeroLowering() {}

  /** Lowers every {@code memzero} of {@code f}; true if there was one. */
  public static boolean run(Function f) {
    boolean changed = false;
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.IntrinsicCall c && c.intrinsic() == Intrinsic.MEMZERO) {
        lower(f, i, c.args().get(0), (int) f.constantBits(c.args().get(1)));
        changed = true;
      }
    }
    return changed;
  }

  private static void lower(Function f, Inst at, Value base, int bytes) {
    int line = f.line(at);
    if (bytes <= UNROLL_BYTES) {
      for (int off = 0; off < bytes; off += 4) {
        Value p = address(f, at, base, f.i64(off), line);
        f.insertBefore(at, new InstData.Store(p, f.i32(0)), VoidType.VOID, line);
      }
      f.remove(at);
      return;
    }
    Block pre = f.blockOf(at);
    Block tail = f.splitBlockBefore(at);
    f.remove(at);
    Block loop = f.addBlockAfter(pre);
    f.append(pre, new InstData.Jump(loop), VoidType.VOID, line);
    Inst phi = f.append(loop, new InstData.Phi(List.of(), List.of()), ScalarType.I32, line);
    Value i = f.result(phi);
    Value wide = f.result(f.append(loop, new InstData.Cast(Opcode.SEXT, i), ScalarType.I64, line));
    Value p = f.result(f.append(loop, new InstData.PtrAdd(base, wide), f.type(base), line));
    f.append(loop, new InstData.Store(p, f.i32(0)), VoidType.VOID, line);
    Value next =
        f.result(
            f.append(loop, new InstData.Binary(Opcode.ADD, i, f.i32(4)), ScalarType.I32, line));
    Value more =
        f.result(
            f.append(
                loop,
                new InstData.Compare(Opcode.ICMP, CmpPredicate.SLT, next, f.i32(bytes)),
                ScalarType.I1,
                line));
    f.append(loop, new InstData.Branch(more, loop, tail), VoidType.VOID, line);
    f.setData(phi, new InstData.Phi(List.of(pre, loop), List.of(f.i32(0), next)));
  }

  private static Value address(Function f, Inst before, Value base, Value offset, int line) {
    return f.result(f.insertBefore(before, new InstData.PtrAdd(base, offset), f.type(base), line));
  }
}
