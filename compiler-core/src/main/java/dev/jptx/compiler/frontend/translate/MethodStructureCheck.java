package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.SourceLines;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Rejects, before any translation, the constructs that shape a whole method: {@code synchronized}
 * blocks and exception handlers ({@code try/catch}, {@code try/finally}). Their bytecode (monitor
 * pairs, handler ranges and the duplicated {@code finally} code) would otherwise surface as a
 * cascade of unrelated errors, so one error is reported and the method is not translated further.
 */
final class MethodStructureCheck implements Opcodes {
  private MethodStructureCheck() {}

  /** True if translation can go on; otherwise the problem has been reported. */
  static boolean accept(MethodNode method, TranslationContext cx) {
    for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
      if (n.getOpcode() == MONITORENTER) {
        report(method, n, cx, "synchronized is not supported in kernels");
        return false;
      }
    }
    if (method.tryCatchBlocks == null || method.tryCatchBlocks.isEmpty()) {
      return true;
    }
    boolean catches = false;
    boolean finallies = false;
    TryCatchBlockNode first = method.tryCatchBlocks.get(0);
    for (TryCatchBlockNode t : method.tryCatchBlocks) {
      // javac compiles finally as a handler of any exception (no type)
      catches |= t.type != null;
      finallies |= t.type == null;
      if (method.instructions.indexOf(t.start) < method.instructions.indexOf(first.start)) {
        first = t;
      }
    }
    String what =
        catches && finallies ? "try/catch/finally" : catches ? "try/catch" : "try/finally";
    report(method, first.start, cx, "exceptions (" + what + ") are not supported in kernels");
    return false;
  }

  private static void report(
      MethodNode method, AbstractInsnNode at, TranslationContext cx, String message) {
    cx.line = SourceLines.lineFrom(at);
    AbstractInsnNode insn = SourceLines.firstOpcodeFrom(at);
    cx.bytecodeOffset = insn == null ? 0 : BytecodeOffsets.offsetOf(method, insn);
    cx.error(message);
  }
}
