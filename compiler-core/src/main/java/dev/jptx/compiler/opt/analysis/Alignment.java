package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.GlobalVariable;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a function's values are known to be multiples of: for an integer, how many low bits are
 * zero; for a pointer, the power of two its address is a multiple of. The load/store vectorizer
 * asks it whether {@code a[4*i]} on a 16-byte-aligned array is 16-byte aligned.
 *
 * <p>Facts: a kernel's array parameter is {@link #PARAM_ALIGN}-byte aligned (both devices allocate
 * at 256-byte boundaries: {@code cuMemAlloc}, and the simulator's global memory; an array's slice
 * is not something Java can pass); an {@code alloca} and a global variable have their declared
 * alignment; a device function's pointer parameter, a loaded or called pointer, only 1. Integer
 * rules follow the arithmetic modulo 2^width: constants, {@code mul} (sum of the operands' zero
 * bits), {@code shl} by a constant, {@code add}/{@code sub}/{@code or}/{@code select}/{@code phi}
 * (the minimum), {@code and} (the maximum), casts (clamped to the width); {@code ptradd} takes the
 * smaller of the base's alignment and the offset's power of two. Phis are solved optimistically to
 * a fixpoint, so an induction variable stepping by 4 from 0 keeps its two zero bits.
 */
public final class Alignment {
  /** The alignment assumed for a kernel's array parameters, in bytes. */
  public static final int PARAM_ALIGN = 256;

  /** Alignments stop here: enough for every vector access PTX has. */
  private static final int MAX_LOG2 = 12;

  private final Function f;
  private final Map<String, Integer> globalAlign = new HashMap<>();
  private final Map<Value, Integer> zeros = new HashMap<>();

  private Alignment(Function f, Module m) {
    this.f = f;
    if (m != null) {
      for (GlobalVariable g : m.globals()) {
        globalAlign.put(g.name(), g.align());
      }
    }
  }

  /** The analysis of {@code f}; {@code m} (may be null) gives global variables' alignment. */
  public static Alignment of(Function f, Module m) {
    Alignment a = new Alignment(f, m);
    a.solve();
    return a;
  }

  /** The largest power of two {@code pointer}'s address is known to be a multiple of. */
  public int alignment(Value pointer) {
    return 1 << Math.min(MAX_LOG2, zeroBits(pointer));
  }

  /** How many low bits of integer or pointer {@code v} are known to be zero. */
  public int zeroBits(Value v) {
    if (f.isConstant(v)) {
      return constantZeros(v);
    }
    return zeros.getOrDefault(v, 0);
  }

  private void solve() {
    List<Block> rpo = Cfg.of(f).reversePostOrder();
    for (Value p : f.params()) {
      zeros.put(p, paramZeros(p));
    }
    // optimistic start: every result as aligned as its type allows, lowered until nothing
    // changes, so a phi's back-edge value does not pull it to zero before it is known
    for (Block b : rpo) {
      for (Inst i : f.insts(b)) {
        Value r = f.result(i);
        if (r != null) {
          zeros.put(r, width(f.type(r)));
        }
      }
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Block b : rpo) {
        for (Inst i : f.insts(b)) {
          Value r = f.result(i);
          if (r == null) {
            continue;
          }
          int z = Math.min(width(f.type(r)), transfer(f.data(i)));
          if (zeros.put(r, z) != z) {
            changed = true;
          }
        }
      }
    }
  }

  private int paramZeros(Value p) {
    if (f.type(p) instanceof PointerType && f.kind() == Function.Kind.KERNEL) {
      return Integer.numberOfTrailingZeros(PARAM_ALIGN);
    }
    return 0;
  }

  private int transfer(InstData d) {
    if (d instanceof InstData.Binary x) {
      int a = zeroBits(x.lhs());
      int b = zeroBits(x.rhs());
      return switch (x.opcode()) {
        case MUL -> a + b;
        case SHL -> f.isConstant(x.rhs()) ? a + (int) (f.constantBits(x.rhs()) & 63) : 0;
        case ADD, SUB, OR, XOR -> Math.min(a, b);
        case AND -> Math.max(a, b);
        default -> 0;
      };
    } else if (d instanceof InstData.Cast x) {
      return switch (x.opcode()) {
        case SEXT, ZEXT, TRUNC, BITCAST -> zeroBits(x.operand());
        default -> 0;
      };
    } else if (d instanceof InstData.PtrAdd x) {
      return Math.min(zeroBits(x.base()), zeroBits(x.offset()));
    } else if (d instanceof InstData.Select x) {
      return Math.min(zeroBits(x.ifTrue()), zeroBits(x.ifFalse()));
    } else if (d instanceof InstData.Phi x) {
      int z = Integer.MAX_VALUE;
      for (Value v : x.values()) {
        z = Math.min(z, zeroBits(v));
      }
      return z == Integer.MAX_VALUE ? 0 : z;
    } else if (d instanceof InstData.Alloca x) {
      return Integer.numberOfTrailingZeros(x.align());
    } else if (d instanceof InstData.GlobalAddress x) {
      Integer align = globalAlign.get(x.symbol());
      return align == null ? 0 : Integer.numberOfTrailingZeros(align);
    }
    return 0;
  }

  private int constantZeros(Value v) {
    long bits = f.constantBits(v);
    int w = width(f.type(v));
    return bits == 0 ? w : Math.min(w, Long.numberOfTrailingZeros(bits));
  }

  private static int width(Type t) {
    if (t instanceof ScalarType s && !s.isFloat()) {
      return s.bits();
    }
    return t instanceof PointerType ? 64 : 0;
  }
}
