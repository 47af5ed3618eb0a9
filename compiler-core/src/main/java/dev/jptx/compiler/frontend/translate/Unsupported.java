package dev.jptx.compiler.frontend.translate;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The bytecodes kernels may not use: each is reported naming what the code tried to do, and its
 * effect on the stack is replayed with poison so that later problems are reported too.
 */
final class Unsupported implements Opcodes {
  private Unsupported() {}

  static void translate(TranslationContext cx, AbstractInsnNode n, Frame<SlotType> after) {
    int op = n.getOpcode();
    switch (op) {
      case ACONST_NULL -> cx.error("null references are not supported in kernels");
      case GETSTATIC ->
          cx.error(
              isAssertionSwitch(n)
                  ? "assert statements are not supported in kernels"
                  : "reading static field "
                      + field(n)
                      + " is not supported in kernels: only static final constants are");
      case PUTSTATIC ->
          cx.error("writing static field " + field(n) + " is not supported in kernels");
      case GETFIELD ->
          cx.error("reading instance field " + field(n) + " is not supported in kernels");
      case PUTFIELD ->
          cx.error("writing instance field " + field(n) + " is not supported in kernels");
      case NEW ->
          cx.error("object allocation (new " + typeName(n) + ") is not supported in kernels");
      case ANEWARRAY ->
          cx.error(
              ((TypeInsnNode) n).desc.startsWith("[")
                  ? "new "
                      + Type.getType(((TypeInsnNode) n).desc).getElementType().getClassName()
                      + "[n][] is not supported in kernels: give both sizes as constants (new "
                      + Type.getType(((TypeInsnNode) n).desc).getElementType().getClassName()
                      + "[4][8])"
                  : "arrays of objects are not supported in kernels");
      case INSTANCEOF ->
          cx.error("type checks (instanceof " + typeName(n) + ") are not supported in kernels");
      case CHECKCAST ->
          cx.error("casts of references (to " + typeName(n) + ") are not supported in kernels");
      case MONITORENTER, MONITOREXIT -> cx.error("synchronized is not supported in kernels");
      default -> cx.error("bytecode " + op + " is not supported in kernels");
    }
    int pops =
        switch (op) {
          case PUTSTATIC, GETFIELD, ANEWARRAY, CHECKCAST, INSTANCEOF, MONITORENTER, MONITOREXIT ->
              1;
          case PUTFIELD -> 2;
          default -> 0;
        };
    for (int i = 0; i < pops; i++) {
      cx.pop();
    }
    if (after != null && after.getStackSize() > cx.stack().size()) {
      cx.push(new Operand.Poison(after.getStack(after.getStackSize() - 1)));
    }
  }

  /** javac's {@code assert} reads the class's synthetic {@code $assertionsDisabled} first. */
  private static boolean isAssertionSwitch(AbstractInsnNode n) {
    return ((FieldInsnNode) n).name.equals("$assertionsDisabled");
  }

  private static String typeName(AbstractInsnNode n) {
    return Type.getObjectType(((TypeInsnNode) n).desc).getClassName();
  }

  private static String field(AbstractInsnNode n) {
    FieldInsnNode f = (FieldInsnNode) n;
    return f.owner.replace('/', '.') + "." + f.name;
  }
}
