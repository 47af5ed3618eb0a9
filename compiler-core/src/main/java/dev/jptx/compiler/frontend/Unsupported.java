package dev.jptx.compiler.frontend;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
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
      case NEWARRAY -> newArray(cx, ((IntInsnNode) n).operand);
      case ANEWARRAY ->
          cx.error(
              ((TypeInsnNode) n).desc.startsWith("[")
                  ? "multi-dimensional arrays are not supported in kernels"
                  : "arrays of objects are not supported in kernels");
      case MULTIANEWARRAY -> cx.error("multi-dimensional arrays are not supported in kernels");
      case INSTANCEOF ->
          cx.error("type checks (instanceof " + typeName(n) + ") are not supported in kernels");
      case CHECKCAST ->
          cx.error("casts of references (to " + typeName(n) + ") are not supported in kernels");
      case MONITORENTER, MONITOREXIT -> cx.error("synchronized is not supported in kernels");
      default -> cx.error("bytecode " + op + " is not supported in kernels");
    }
    int pops =
        switch (op) {
          case PUTSTATIC,
              GETFIELD,
              NEWARRAY,
              ANEWARRAY,
              CHECKCAST,
              INSTANCEOF,
              MONITORENTER,
              MONITOREXIT ->
              1;
          case PUTFIELD -> 2;
          case MULTIANEWARRAY -> ((MultiANewArrayInsnNode) n).dims;
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

  /** Local arrays need a length known at compile time: they live in per-thread memory. */
  private static void newArray(TranslationContext cx, int operand) {
    Operand length = cx.peek(0);
    boolean constant = !(length instanceof Operand.Scalar s) || cx.f.isConstant(s.value());
    String type = newArrayName(operand);
    cx.error(
        constant
            ? "array allocation (new " + type + "[...]) is not supported yet"
            : "the length of a local array (new "
                + type
                + "[...]) must be a compile-time constant");
  }

  private static String typeName(AbstractInsnNode n) {
    return Type.getObjectType(((TypeInsnNode) n).desc).getClassName();
  }

  private static String field(AbstractInsnNode n) {
    FieldInsnNode f = (FieldInsnNode) n;
    return f.owner.replace('/', '.') + "." + f.name;
  }

  private static String newArrayName(int operand) {
    return switch (operand) {
      case T_BOOLEAN -> "boolean";
      case T_CHAR -> "char";
      case T_BYTE -> "byte";
      case T_SHORT -> "short";
      case T_INT -> "int";
      case T_FLOAT -> "float";
      case T_DOUBLE -> "double";
      default -> "long";
    };
  }
}
