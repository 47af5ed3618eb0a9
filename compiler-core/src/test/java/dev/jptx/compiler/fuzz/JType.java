package dev.jptx.compiler.fuzz;

/** The primitive types of the kernel language, with what the generator needs to know of each. */
enum JType {
  BOOLEAN("boolean", boolean.class, 0),
  BYTE("byte", byte.class, 1),
  SHORT("short", short.class, 2),
  CHAR("char", char.class, 2),
  INT("int", int.class, 3),
  LONG("long", long.class, 4),
  FLOAT("float", float.class, 5),
  DOUBLE("double", double.class, 6);

  final String java;
  final Class<?> primitive;
  private final int rank;

  JType(String java, Class<?> primitive, int rank) {
    this.java = java;
    this.primitive = primitive;
    this.rank = rank;
  }

  boolean isIntegral() {
    return this != BOOLEAN && rank <= 4;
  }

  boolean isFloating() {
    return this == FLOAT || this == DOUBLE;
  }

  boolean isNumeric() {
    return this != BOOLEAN;
  }

  /** {@code byte short char int} compute as {@code int} (unary numeric promotion). */
  boolean isSubInt() {
    return this == BYTE || this == SHORT || this == CHAR;
  }

  /** The type a unary operator computes in. */
  JType promoted() {
    return isSubInt() ? INT : this;
  }

  /** The type a binary arithmetic operator on {@code a} and {@code b} computes in. */
  static JType promote(JType a, JType b) {
    JType x = a.promoted();
    JType y = b.promoted();
    return x.rank >= y.rank ? x : y;
  }

  /** Whether a value of this type may be assigned to {@code target} without a cast. */
  boolean widensTo(JType target) {
    if (this == target) {
      return true;
    }
    if (this == BOOLEAN || target == BOOLEAN || target == CHAR) {
      return false;
    }
    if (this == CHAR) {
      return target.rank >= INT.rank;
    }
    // byte -> short, and any numeric type to a higher rank other than char
    return target.rank > rank;
  }

  /** The type's name in Java source. */
  @Override
  public String toString() {
    return java;
  }
}
