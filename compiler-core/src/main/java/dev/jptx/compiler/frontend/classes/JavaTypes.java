package dev.jptx.compiler.frontend.classes;

import dev.jptx.compiler.ir.ScalarType;
import org.objectweb.asm.Type;

/** How Java types map to IR types: on the operand stack, in memory, and in the kernel ABI. */
public final class JavaTypes {
  private JavaTypes() {}

  /** True for a primitive (not void) or a one-dimensional array of primitives. */
  public static boolean isKernelParameter(Type t) {
    return isPrimitive(t) || isPrimitiveArray(t) || isArrayOfPrimitiveArrays(t);
  }

  /** True for a two-dimensional array of primitives ({@code float[][]}). */
  public static boolean isArrayOfPrimitiveArrays(Type t) {
    return t.getSort() == Type.ARRAY && t.getDimensions() == 2 && isPrimitive(t.getElementType());
  }

  /** True for {@code boolean byte short char int long float double}. */
  public static boolean isPrimitive(Type t) {
    return t.getSort() >= Type.BOOLEAN && t.getSort() <= Type.DOUBLE;
  }

  /** True for a one-dimensional array of primitives. */
  public static boolean isPrimitiveArray(Type t) {
    return t.getSort() == Type.ARRAY && t.getDimensions() == 1 && isPrimitive(t.getElementType());
  }

  /**
   * The IR type of a value of {@code t} on the operand stack or in a local: {@code boolean byte
   * short char int} are all {@code i32} there, as in the JVM.
   */
  public static ScalarType stackType(Type t) {
    return switch (t.getSort()) {
      case Type.BOOLEAN, Type.BYTE, Type.SHORT, Type.CHAR, Type.INT -> ScalarType.I32;
      case Type.LONG -> ScalarType.I64;
      case Type.FLOAT -> ScalarType.F32;
      case Type.DOUBLE -> ScalarType.F64;
      default -> throw new IllegalArgumentException("not a primitive: " + t);
    };
  }

  /** The IR type of a value of {@code t} in memory (array elements, kernel parameters). */
  public static ScalarType memoryType(Type t) {
    return switch (t.getSort()) {
      case Type.BOOLEAN, Type.BYTE -> ScalarType.I8;
      case Type.SHORT, Type.CHAR -> ScalarType.I16;
      case Type.INT -> ScalarType.I32;
      case Type.LONG -> ScalarType.I64;
      case Type.FLOAT -> ScalarType.F32;
      case Type.DOUBLE -> ScalarType.F64;
      default -> throw new IllegalArgumentException("not a primitive: " + t);
    };
  }

  /** True if a narrow value of {@code t} widens to {@code int} with a sign extension. */
  public static boolean isSigned(Type t) {
    return t.getSort() == Type.BYTE || t.getSort() == Type.SHORT;
  }

  /** Size in bytes of one element of {@code t} in memory. */
  public static int byteSize(Type t) {
    return memoryType(t).bits() / 8;
  }
}
