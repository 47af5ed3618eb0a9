package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.AtomicOp;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.JavaMinMax;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.target.AtomicOpcodes;
import dev.jptx.compiler.target.SmTarget;
import java.util.List;

/**
 * Atomics the target has no instruction for (seed: LLVM's AtomicExpand). Exchanges and
 * compare-and-swaps of floats become the integer ones on their bits; everything else without a row
 * in {@link AtomicOpcodes} (float min/max with Java's semantics, {@code f64} add before sm_60) or
 * whose instruction would flush subnormals where Java keeps them ({@code atom.global.add.f32},
 * unless the function is fast-math) becomes a compare-and-swap loop on the bit pattern, which also
 * terminates when the value is a NaN.
 */
public final class AtomicExpansion {
  private AtomicExpansion() {}

  /** Expands the atomics of {@code f} that {@code target} lacks; true if there was one. */
  public static boolean run(Function f, SmTarget target) {
    boolean changed = false;
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.Atomic a) {
        Type t = f.type(f.result(i));
        AtomicOpcodes.Row row = AtomicOpcodes.find(a.op(), t, target);
        AddressSpace space = ((PointerType) f.type(a.address())).space();
        if (row != null
            && (f.attributes().fastMath() || !AtomicOpcodes.flushesSubnormals(row, space))) {
          continue;
        }
        ScalarType bits = ScalarType.integer(t.bits());
        if ((a.op() == AtomicOp.EXCH || a.op() == AtomicOp.CAS)
            && AtomicOpcodes.find(a.op(), bits, target) != null) {
          onBits(f, i, a, bits);
        } else {
          casLoop(f, i, a, (ScalarType) t, bits);
        }
        changed = true;
      }
    }
    return changed;
  }

  private static void onBits(Function f, Inst i, InstData.Atomic a, ScalarType bits) {
    Builder b = Builder.before(f, i, f.line(i));
    List<Value> values = a.values().stream().map(v -> b.bitcast(v, bits)).toList();
    Value old = b.add(new InstData.Atomic(a.op(), a.address(), values), bits);
    Value result = b.bitcast(old, f.type(f.result(i)));
    f.replaceAllUses(f.result(i), result);
    f.remove(i);
  }

  private static void casLoop(
      Function f, Inst i, InstData.Atomic a, ScalarType t, ScalarType bits) {
    int line = f.line(i);
    Block pre = f.blockOf(i);
    Block tail = f.splitBlockBefore(i);
    Block loop = f.addBlockAfter(pre);
    Builder b = Builder.atEnd(f, pre, line);
    Value first = b.load(a.address(), t);
    b.jump(loop);
    b.moveToEnd(loop);
    Inst phi = f.append(loop, new InstData.Phi(List.of(), List.of()), t, line);
    Value old = f.result(phi);
    Value updated = apply(b, a.op(), old, a.values().get(0));
    Value oldBits = b.bitcast(old, bits);
    Value seenBits =
        b.add(
            new InstData.Atomic(
                AtomicOp.CAS, a.address(), List.of(oldBits, b.bitcast(updated, bits))),
            bits);
    Value seen = b.bitcast(seenBits, t);
    b.branch(b.icmp(CmpPredicate.EQ, seenBits, oldBits), tail, loop);
    f.setData(phi, new InstData.Phi(List.of(pre, loop), List.of(first, seen)));
    f.replaceAllUses(f.result(i), seen);
    f.remove(i);
  }

  private static Value apply(Builder b, AtomicOp op, Value old, Value v) {
    return switch (op) {
      case ADD -> b.binary(floatOr(b, old, Opcode.FADD, Opcode.ADD), old, v);
      case FMIN -> JavaMinMax.emit(b, old, v, true);
      case FMAX -> JavaMinMax.emit(b, old, v, false);
      case EXCH -> v;
      default -> throw new IllegalStateException("no expansion of atomic " + op.text());
    };
  }

  private static Opcode floatOr(Builder b, Value v, Opcode floating, Opcode integer) {
    return ((ScalarType) b.function().type(v)).isFloat() ? floating : integer;
  }
}
