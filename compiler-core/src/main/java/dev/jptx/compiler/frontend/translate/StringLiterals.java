package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.classes.SourceLines;
import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.LimitExceededException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The one place a kernel may hold a string: the format literal of {@code Gpu.printf} (API.md).
 * Before translation, ASM's {@link SourceInterpreter} tells which instructions produced each printf
 * call's format argument: a format produced by exactly one string {@code ldc} is a literal, which
 * printf's lowering reads; a printf whose format is anything else (a local, a ternary, a
 * concatenation) is reported here. Every other string {@code ldc} is reported when translation
 * reaches it, so that on a line like {@code throw new IllegalStateException("empty")} the error
 * names the construct that comes first, the {@code throw}.
 */
final class StringLiterals implements Opcodes {
  private static final String PRINTF = "printf";
  private static final String PRINTF_DESCRIPTOR = "(Ljava/lang/String;[Ljava/lang/Object;)V";

  /** The error for a string anywhere but in a printf format. */
  static final String NOT_SUPPORTED =
      "strings are not supported in kernels (only as the format literal of Gpu.printf)";

  private StringLiterals() {}

  /**
   * Reports the printf calls of {@code method} whose format is not a literal, and returns the
   * string {@code ldc} instructions that are format literals.
   */
  static Set<AbstractInsnNode> printfFormats(
      ClassNode owner, MethodNode method, TranslationContext cx) {
    if (!hasPrintf(method)) {
      return Set.of();
    }
    Frame<SourceValue>[] frames;
    try {
      frames = new Analyzer<>(new SourceInterpreter()).analyze(owner.name, method);
    } catch (AnalyzerException | LimitExceededException e) {
      return Set.of(); // the translation's own analysis reports invalid bytecode
    }
    Set<AbstractInsnNode> literals = new HashSet<>();
    for (int i = 0; i < frames.length; i++) {
      AbstractInsnNode n = method.instructions.get(i);
      if (frames[i] != null && isPrintf(n)) {
        SourceValue format = frames[i].getStack(frames[i].getStackSize() - 2);
        AbstractInsnNode source = format.insns.size() == 1 ? format.insns.iterator().next() : null;
        if (isString(source)) {
          literals.add(source);
        } else {
          report(method, n, cx, "the format of Gpu.printf must be a string literal");
        }
      }
    }
    return literals;
  }

  static boolean hasPrintf(MethodNode method) {
    for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
      if (isPrintf(n)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isString(AbstractInsnNode n) {
    return n instanceof LdcInsnNode l && l.cst instanceof String;
  }

  static boolean isPrintf(AbstractInsnNode n) {
    return n instanceof MethodInsnNode m
        && m.getOpcode() == INVOKESTATIC
        && m.owner.equals(KernelScanner.GPU)
        && m.name.equals(PRINTF)
        && m.desc.equals(PRINTF_DESCRIPTOR);
  }

  private static void report(
      MethodNode method, AbstractInsnNode n, TranslationContext cx, String message) {
    cx.line = SourceLines.lineOf(n);
    cx.bytecodeOffset = BytecodeOffsets.offsetOf(method, n);
    cx.error(message);
  }
}
