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
      case GETSTATIC, PUTSTATIC ->
          cx.error(
              "static field "
                  + field(n)
                  + " is not supported in kernels: only compile-time constants (static final) are");
      case GETFIELD, PUTFIELD ->
          cx.error("instance field " + field(n) + " is not supported in kernels");
      case NEW ->
          cx.error(
              "object allocation (new "
                  + Type.getObjectType(((TypeInsnNode) n).desc).getClassName()
                  + ") is not supported in kernels");
      case NEWARRAY ->
          cx.error(
              "array allocation (new "
                  + newArrayName(((IntInsnNode) n).operand)
                  + "[...]) is not supported yet");
      case ANEWARRAY -> cx.error("arrays of objects are not supported in kernels");
      case MULTIANEWARRAY -> cx.error("multi-dimensional arrays are not supported in kernels");
      case CHECKCAST, INSTANCEOF ->
          cx.error(
              "casts and type checks of objects ("
                  + Type.getObjectType(((TypeInsnNode) n).desc).getClassName()
                  + ") are not supported in kernels");
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
