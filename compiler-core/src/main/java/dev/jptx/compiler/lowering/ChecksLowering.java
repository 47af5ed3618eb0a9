package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.FunctionAttributes;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PrintfCall;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import java.util.List;

/**
 * The guards of the {@code checks} option and of the {@code Math.*Exact} methods: each {@code
 * check.*} intrinsic becomes a branch to a block that prints where the kernel failed, in Java's
 * words, and traps:
 *
 * <pre>
 * kernel dev.example.Saxpy.saxpy (dev/example/Saxpy.java:14): Index 9 out of bounds for length 8
 * kernel dev.example.Saxpy.saxpy (dev/example/Saxpy.java:20): / by zero
 * kernel dev.example.Saxpy.saxpy (dev/example/Saxpy.java:21): Range [5, 3) out of bounds for length 8
 * kernel dev.example.Saxpy.saxpy (dev/example/Saxpy.java:22): integer overflow
 * </pre>
 *
 * A device function names itself ({@code device function dev.example.Util.f (...)}). The failing
 * thread stops with {@code trap}, which aborts the launch as a Java exception would. The front end
 * emits index, divisor and range checks only under {@code checks}, overflow checks always; this
 * pass runs in every pipeline and changes nothing where there is no check.
 */
public final class ChecksLowering {
  private ChecksLowering() {}

  /** Lowers every check in {@code m}; true if there was one. */
  public static boolean run(Module m) {
    boolean changed = false;
    for (Function f : m.functions()) {
      for (Inst i : f.allInsts()) {
        if (f.data(i) instanceof InstData.IntrinsicCall c && isCheck(c.intrinsic())) {
          lower(m, f, i, c);
          changed = true;
        }
      }
    }
    return changed;
  }

  private static boolean isCheck(Intrinsic in) {
    return in == Intrinsic.CHECK_INDEX
        || in == Intrinsic.CHECK_DIVISOR
        || in == Intrinsic.CHECK_RANGE
        || in == Intrinsic.CHECK_OVERFLOW
        || in == Intrinsic.CHECK_ABS_OVERFLOW;
  }

  /** What a check guards: the condition under which the kernel goes on, and what it prints. */
  private record Guard(Value passes, String message, List<Value> printed) {}

  private static void lower(Module m, Function f, Inst i, InstData.IntrinsicCall c) {
    int line = f.line(i);
    Block pre = f.blockOf(i);
    Block tail = f.splitBlockBefore(i);
    f.remove(i);
    Block fail = f.addBlockAfter(f.blocks().get(f.blocks().size() - 1));
    Builder b = Builder.atEnd(f, pre, line);
    Guard g = guard(b, c.intrinsic(), c.args());
    b.branch(g.passes(), tail, fail);
    Builder failing = Builder.atEnd(f, fail, line);
    String where = where(f.attributes(), f.kind(), line);
    PrintfCall.emit(failing, m, where + ": " + g.message() + "\n", g.printed());
    failing.addVoid(new InstData.IntrinsicCall(Intrinsic.TRAP, List.of()));
    Type rt = f.returnType();
    failing.addVoid(
        new InstData.Return(rt instanceof VoidType ? List.of() : List.of(f.constant(rt, 0))));
  }

  private static Guard guard(Builder b, Intrinsic in, List<Value> args) {
    Function f = b.function();
    Value first = args.get(0);
    switch (in) {
      case CHECK_INDEX:
        // unsigned: a negative index is out of bounds too
        return new Guard(
            b.icmp(CmpPredicate.ULT, first, args.get(1)),
            "Index %d out of bounds for length %d",
            args);
      case CHECK_DIVISOR:
        return new Guard(
            b.icmp(CmpPredicate.NE, first, f.constant(f.type(first), 0)), "/ by zero", List.of());
      case CHECK_RANGE:
        {
          // unsigned: to <= length puts to in [0, length], then from <= to puts from in [0, to]
          Value to = args.get(1);
          Value ordered = b.icmp(CmpPredicate.ULE, first, to);
          Value inside = b.icmp(CmpPredicate.ULE, to, args.get(2));
          return new Guard(
              b.binary(Opcode.AND, ordered, inside),
              "Range [%d, %d) out of bounds for length %d",
              args);
        }
      default:
        {
          boolean wide = f.type(first).bits() == 64;
          String message =
              in == Intrinsic.CHECK_ABS_OVERFLOW
                  ? "Overflow to represent absolute value of "
                      + (wide ? "Long.MIN_VALUE" : "Integer.MIN_VALUE")
                  : wide ? "long overflow" : "integer overflow";
          return new Guard(
              b.icmp(CmpPredicate.SGE, first, f.constant(f.type(first), 0)), message, List.of());
        }
    }
  }

  private static String where(FunctionAttributes a, Function.Kind kind, int line) {
    String what = kind == Function.Kind.KERNEL ? "kernel " : "device function ";
    String file = a.sourceFile().isEmpty() ? "?" : a.sourceFile();
    return what + a.javaName() + " (" + file + (line > 0 ? ":" + line : "") + ")";
  }
}
