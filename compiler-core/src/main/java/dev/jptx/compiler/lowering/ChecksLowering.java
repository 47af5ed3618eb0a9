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
import dev.jptx.compiler.ir.PrintfCall;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import java.util.List;

/**
 * The {@code checks} option: each {@code check.index} and {@code check.divisor} becomes a branch to
 * a block that prints where the kernel failed, in Java's words, and traps:
 *
 * <pre>
 * kernel dev.example.Saxpy.saxpy (dev/example/Saxpy.java:14): Index 9 out of bounds for length 8
 * kernel dev.example.Saxpy.saxpy (dev/example/Saxpy.java:20): / by zero
 * </pre>
 *
 * A device function names itself ({@code device function dev.example.Util.f (...)}). The failing
 * thread stops with {@code trap}, which aborts the launch as a Java exception would.
 */
public final class ChecksLowering {
  private ChecksLowering() {}

  /** Lowers every check in {@code m}; true if there was one. */
  public static boolean run(Module m) {
    boolean changed = false;
    for (Function f : m.functions()) {
      for (Inst i : f.allInsts()) {
        if (f.data(i) instanceof InstData.IntrinsicCall c
            && (c.intrinsic() == Intrinsic.CHECK_INDEX
                || c.intrinsic() == Intrinsic.CHECK_DIVISOR)) {
          lower(m, f, i, c);
          changed = true;
        }
      }
    }
    return changed;
  }

  private static void lower(Module m, Function f, Inst i, InstData.IntrinsicCall c) {
    int line = f.line(i);
    Block pre = f.blockOf(i);
    Block tail = f.splitBlockBefore(i);
    f.remove(i);
    Block fail = f.addBlockAfter(f.blocks().get(f.blocks().size() - 1));
    Builder b = Builder.atEnd(f, pre, line);
    String where = where(f.attributes(), f.kind(), line);
    Builder failing = Builder.atEnd(f, fail, line);
    if (c.intrinsic() == Intrinsic.CHECK_INDEX) {
      Value index = c.args().get(0);
      Value length = c.args().get(1);
      // unsigned: a negative index is out of bounds too
      b.branch(b.icmp(CmpPredicate.ULT, index, length), tail, fail);
      PrintfCall.emit(
          failing, m, where + ": Index %d out of bounds for length %d\n", List.of(index, length));
    } else {
      Value divisor = c.args().get(0);
      b.branch(b.icmp(CmpPredicate.NE, divisor, f.constant(f.type(divisor), 0)), tail, fail);
      PrintfCall.emit(failing, m, where + ": / by zero\n", List.of());
    }
    failing.addVoid(new InstData.IntrinsicCall(Intrinsic.TRAP, List.of()));
    Type rt = f.returnType();
    failing.addVoid(
        new InstData.Return(rt instanceof VoidType ? List.of() : List.of(f.constant(rt, 0))));
  }

  private static String where(FunctionAttributes a, Function.Kind kind, int line) {
    String what = kind == Function.Kind.KERNEL ? "kernel " : "device function ";
    String file = a.sourceFile().isEmpty() ? "?" : a.sourceFile();
    return what + a.javaName() + " (" + file + (line > 0 ? ":" + line : "") + ")";
  }

  /** Unused; keeps {@link ScalarType} imported for the Javadoc of the i32 index. */
  static final ScalarType INDEX_TYPE = ScalarType.I32;
}
