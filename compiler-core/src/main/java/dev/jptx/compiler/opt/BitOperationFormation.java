package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * Recognizes the bit manipulations Java spells with shifts, masks and {@code |} and turns each into
 * the intrinsic that instruction selection makes one PTX instruction of (LLVM's InstCombine forms
 * {@code fshl}/{@code fshr} the same way; the NVPTX backend then selects {@code shf} and {@code
 * bfi}). With {@code w} the width, {@code c} a constant in {@code [1, w)}:
 *
 * <ul>
 *   <li>{@code (x << c) | (x >>> (w - c))} is {@code rotl(x, c)} ({@code shf.l.wrap} on 32 bits);
 *   <li>{@code (hi << c) | (lo >>> (32 - c))} on {@code int} is {@code fshl(hi, lo, c)} ({@code
 *       shf.l.wrap.b32}): the high word of the 64-bit {@code hi:lo} shifted left;
 *   <li>{@code (a & ~m) | ((b << p) & m)} and {@code (a & ~m) | ((b & (2^len - 1)) << p)}, where
 *       {@code m} is the {@code len} contiguous bits from {@code p}, are {@code bfi(a, b, p, len)}.
 * </ul>
 *
 * The two operands of the {@code |} may come in either order. The shifts and masks are left for
 * {@link DeadCodeElimination} when the {@code |} was their only use. Requires nothing.
 */
public final class BitOperationFormation implements FunctionPass {
  @Override
  public String name() {
    return "form-bit-ops";
  }

  @Override
  public boolean run(Function f) {
    boolean changed = false;
    for (Inst i : List.copyOf(f.allInsts())) {
      if (f.data(i) instanceof InstData.Binary or
          && or.opcode() == Opcode.OR
          && f.type(f.result(i)) instanceof ScalarType t
          && (t == ScalarType.I32 || t == ScalarType.I64)) {
        InstData formed = formed(f, t, or.lhs(), or.rhs());
        if (formed == null) {
          formed = formed(f, t, or.rhs(), or.lhs());
        }
        if (formed != null) {
          f.setData(i, formed);
          changed = true;
        }
      }
    }
    return changed;
  }

  private static InstData formed(Function f, ScalarType t, Value x, Value y) {
    InstData shifts = funnel(f, t, x, y);
    return shifts != null ? shifts : bitField(f, t, x, y);
  }

  /** {@code x = hi << c} and {@code y = lo >>> (w - c)}: a rotation or a funnel shift. */
  private static InstData funnel(Function f, ScalarType t, Value x, Value y) {
    InstData.Binary left = binary(f, x, Opcode.SHL);
    InstData.Binary right = binary(f, y, Opcode.LSHR);
    if (left == null || right == null) {
      return null;
    }
    int w = t.bits();
    long c = constant(f, left.rhs(), w);
    if (c < 1 || constant(f, right.rhs(), w) != w - c) {
      return null;
    }
    Value count = f.constant(ScalarType.I32, c);
    if (left.lhs().equals(right.lhs())) {
      return new InstData.IntrinsicCall(Intrinsic.ROTL, List.of(left.lhs(), count));
    }
    if (t == ScalarType.I32) {
      return new InstData.IntrinsicCall(Intrinsic.FSHL, List.of(left.lhs(), right.lhs(), count));
    }
    return null;
  }

  /**
   * {@code x = a & ~m} and {@code y} the field of {@code b} under {@code m}: a bit-field insert.
   */
  private static InstData bitField(Function f, ScalarType t, Value x, Value y) {
    InstData.Binary keep = binary(f, x, Opcode.AND);
    if (keep == null || !f.isConstant(keep.rhs())) {
      return null;
    }
    int w = t.bits();
    long widthMask = w == 64 ? -1L : (1L << w) - 1;
    long field = ~f.constantBits(keep.rhs()) & widthMask;
    int pos = Long.numberOfTrailingZeros(field);
    int len = Long.bitCount(field);
    if (field == 0 || len == w || (field >>> pos) != (1L << len) - 1) {
      return null;
    }
    Value insert = insertedValue(f, y, field, pos, len, widthMask);
    if (insert == null) {
      return null;
    }
    return new InstData.IntrinsicCall(
        Intrinsic.BFI, List.of(keep.lhs(), insert, f.i32(pos), f.i32(len)));
  }

  /** {@code b} if {@code y} is {@code (b << pos) & field} or {@code (b & (2^len - 1)) << pos}. */
  private static Value insertedValue(
      Function f, Value y, long field, int pos, int len, long widthMask) {
    InstData.Binary and = binary(f, y, Opcode.AND);
    if (and != null
        && f.isConstant(and.rhs())
        && (f.constantBits(and.rhs()) & widthMask) == field) {
      if (pos == 0) {
        return and.lhs();
      }
      InstData.Binary shl = binary(f, and.lhs(), Opcode.SHL);
      if (shl != null && constant(f, shl.rhs(), 64) == pos) {
        return shl.lhs();
      }
      return null;
    }
    InstData.Binary shl = binary(f, y, Opcode.SHL);
    if (shl != null && constant(f, shl.rhs(), 64) == pos) {
      InstData.Binary low = binary(f, shl.lhs(), Opcode.AND);
      if (low != null
          && f.isConstant(low.rhs())
          && (f.constantBits(low.rhs()) & widthMask) == (1L << len) - 1) {
        return low.lhs();
      }
    }
    return null;
  }

  private static InstData.Binary binary(Function f, Value v, Opcode op) {
    Inst def = f.definingInst(v);
    return def != null && f.data(def) instanceof InstData.Binary b && b.opcode() == op ? b : null;
  }

  /** The constant shift count {@code v} in {@code [0, limit)}, or -1. */
  private static long constant(Function f, Value v, int limit) {
    if (!f.isConstant(v)) {
      return -1;
    }
    long c = f.constantBits(v);
    return c >= 0 && c < limit ? c : -1;
  }
}
