package dev.jptx.compiler.frontend.classes;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** The element type of a {@code newarray} operand ({@code T_INT}, ...). */
public final class ArrayTypes implements Opcodes {
  private ArrayTypes() {}

  public static Type of(int operand) {
    return switch (operand) {
      case T_BOOLEAN -> Type.BOOLEAN_TYPE;
      case T_CHAR -> Type.CHAR_TYPE;
      case T_BYTE -> Type.BYTE_TYPE;
      case T_SHORT -> Type.SHORT_TYPE;
      case T_INT -> Type.INT_TYPE;
      case T_FLOAT -> Type.FLOAT_TYPE;
      case T_DOUBLE -> Type.DOUBLE_TYPE;
      default -> Type.LONG_TYPE;
    };
  }
}
