package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.classes.SourceLines;
import dev.jptx.compiler.ir.PrintfCall;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.LimitExceededException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The {@code Gpu.printf} calls of a method, worked out before translation from javac's varargs code
 * ({@code anewarray Object}, then per argument {@code dup; index; value; X.valueOf; aastore}): the
 * format literal, and for the argument array the byte layout of CUDA's {@code vprintf} buffer after
 * C's argument promotions ({@code float} to {@code double}, narrow integers to {@code int}).
 * Translation then turns the array into that local buffer, each boxing call into nothing, and each
 * {@code aastore} into a store at its offset, so no object is ever made.
 */
final class PrintfCalls implements Opcodes {
  /** One printf: its format, and the promoted type and buffer offset of each argument. */
  record Call(String format, List<ScalarType> types, List<Integer> offsets, int bytes) {}

  /** No printf in the method. */
  static final PrintfCalls NONE = new PrintfCalls();

  private final Map<AbstractInsnNode, Call> byPrintf = new HashMap<>();
  private final Map<AbstractInsnNode, Call> byArray = new HashMap<>();
  private final Map<AbstractInsnNode, Integer> offsetOfStore = new HashMap<>();
  private final Map<AbstractInsnNode, ScalarType> typeOfStore = new HashMap<>();
  private final Set<AbstractInsnNode> boxing = new java.util.HashSet<>();

  private PrintfCalls() {}

  /** The printf call at {@code n}, or null. */
  Call call(AbstractInsnNode n) {
    return byPrintf.get(n);
  }

  /** The printf whose argument array {@code n} ({@code anewarray}) makes, or null. */
  Call array(AbstractInsnNode n) {
    return byArray.get(n);
  }

  /** True for a boxing call that only feeds a printf argument. */
  boolean isBoxing(AbstractInsnNode n) {
    return boxing.contains(n);
  }

  /** The buffer offset an {@code aastore} of a printf argument writes, or null. */
  Integer storeOffset(AbstractInsnNode n) {
    return offsetOfStore.get(n);
  }

  /** The promoted type an {@code aastore} of a printf argument writes. */
  ScalarType storeType(AbstractInsnNode n) {
    return typeOfStore.get(n);
  }

  /** Analyzes the printf calls of {@code method}; problems are reported at their line. */
  static PrintfCalls analyze(ClassNode owner, MethodNode method, TranslationContext cx) {
    if (!StringLiterals.hasPrintf(method)) {
      return NONE;
    }
    Frame<SourceValue>[] frames;
    try {
      frames = new Analyzer<>(new SourceInterpreter()).analyze(owner.name, method);
    } catch (AnalyzerException | LimitExceededException e) {
      return NONE;
    }
    PrintfCalls p = new PrintfCalls();
    for (int i = 0; i < frames.length; i++) {
      AbstractInsnNode n = method.instructions.get(i);
      if (frames[i] != null && StringLiterals.isPrintf(n)) {
        p.printf(method, frames, i, cx);
      }
    }
    return p;
  }

  private void printf(
      MethodNode method, Frame<SourceValue>[] frames, int at, TranslationContext cx) {
    AbstractInsnNode call = method.instructions.get(at);
    Frame<SourceValue> f = frames[at];
    AbstractInsnNode fmt = single(f.getStack(f.getStackSize() - 2));
    AbstractInsnNode array = origin(method, frames, single(f.getStack(f.getStackSize() - 1)));
    if (!(fmt instanceof LdcInsnNode l && l.cst instanceof String format)) {
      return; // StringLiterals reports a format that is not a literal
    }
    if (!(array instanceof TypeInsnNode t
        && t.getOpcode() == ANEWARRAY
        && t.desc.equals("java/lang/Object"))) {
      report(method, call, cx, "the arguments of Gpu.printf must be listed in the call");
      return;
    }
    int arrayIndex = method.instructions.indexOf(array);
    Integer length = constant(single(top(frames[arrayIndex], 0)));
    if (length == null) {
      report(method, call, cx, "the arguments of Gpu.printf must be listed in the call");
      return;
    }
    ScalarType[] types = new ScalarType[length];
    AbstractInsnNode[] stores = new AbstractInsnNode[length];
    for (int i = 0; i < frames.length; i++) {
      AbstractInsnNode n = method.instructions.get(i);
      if (n.getOpcode() != AASTORE
          || frames[i] == null
          || origin(method, frames, single(top(frames[i], 2))) != array) {
        continue;
      }
      Integer index = constant(single(top(frames[i], 1)));
      AbstractInsnNode value = single(top(frames[i], 0));
      ScalarType type = boxedPrimitive(value);
      if (index == null || index < 0 || index >= length || type == null) {
        report(method, n, cx, "the arguments of Gpu.printf must be primitive values");
        return;
      }
      types[index] = type;
      stores[index] = n;
      boxing.add(value);
    }
    List<Type> promoted = new ArrayList<>();
    for (int k = 0; k < length; k++) {
      if (types[k] == null) {
        report(method, call, cx, "the arguments of Gpu.printf must be listed in the call");
        return;
      }
      promoted.add(types[k]);
    }
    String problem = PrintfFormat.check(format, types);
    if (problem != null) {
      report(method, call, cx, problem);
    }
    List<Integer> offsets = PrintfCall.offsets(promoted);
    Call c = new Call(format, List.of(types), offsets, length == 0 ? 0 : PrintfCall.size(promoted));
    byPrintf.put(call, c);
    byArray.put(array, c);
    for (int k = 0; k < length; k++) {
      offsetOfStore.put(stores[k], offsets.get(k));
      typeOfStore.put(stores[k], types[k]);
    }
  }

  /**
   * The instruction that made a value, looking through javac's {@code dup}s of it (ASM's source
   * analysis names the {@code dup} as the source of both copies).
   */
  private static AbstractInsnNode origin(
      MethodNode method, Frame<SourceValue>[] frames, AbstractInsnNode n) {
    AbstractInsnNode at = n;
    while (at != null && at.getOpcode() == DUP) {
      Frame<SourceValue> f = frames[method.instructions.indexOf(at)];
      at = f == null ? null : single(top(f, 0));
    }
    return at;
  }

  private static SourceValue top(Frame<SourceValue> f, int depth) {
    return f.getStack(f.getStackSize() - 1 - depth);
  }

  private static AbstractInsnNode single(SourceValue v) {
    return v.insns.size() == 1 ? v.insns.iterator().next() : null;
  }

  private static Integer constant(AbstractInsnNode n) {
    if (n == null) {
      return null;
    }
    int op = n.getOpcode();
    if (op >= ICONST_M1 && op <= ICONST_5) {
      return op - ICONST_0;
    } else if (op == BIPUSH || op == SIPUSH) {
      return ((IntInsnNode) n).operand;
    } else if (op == LDC && ((LdcInsnNode) n).cst instanceof Integer i) {
      return i;
    }
    return null;
  }

  /** The promoted vararg type of a boxing call {@code X.valueOf(primitive)}, or null. */
  private static ScalarType boxedPrimitive(AbstractInsnNode n) {
    if (!(n instanceof MethodInsnNode m)
        || m.getOpcode() != INVOKESTATIC
        || !m.name.equals("valueOf")
        || !m.owner.startsWith("java/lang/")) {
      return null;
    }
    org.objectweb.asm.Type[] args = org.objectweb.asm.Type.getArgumentTypes(m.desc);
    if (args.length != 1 || !JavaTypes.isPrimitive(args[0])) {
      return null;
    }
    return switch (args[0].getSort()) {
      case org.objectweb.asm.Type.LONG -> ScalarType.I64;
      case org.objectweb.asm.Type.FLOAT, org.objectweb.asm.Type.DOUBLE -> ScalarType.F64;
      default -> ScalarType.I32;
    };
  }

  private static void report(
      MethodNode method, AbstractInsnNode n, TranslationContext cx, String message) {
    int line = cx.line;
    int offset = cx.bytecodeOffset;
    cx.line = SourceLines.lineOf(n);
    cx.bytecodeOffset = BytecodeOffsets.offsetOf(method, n);
    cx.error(message);
    cx.line = line;
    cx.bytecodeOffset = offset;
  }
}
