package dev.jptx.compiler.fuzz;

import java.util.List;
import java.util.function.Supplier;

/**
 * The small JDK helpers of {@code Math}, {@code StrictMath} and the boxing classes ({@link
 * Feature#JDK_HELPERS}: {@code round signum copySign ulp nextUp scalb floorDiv compareUnsigned
 * ...}) and {@code StrictMath}'s transcendental functions ({@link Feature#STRICT_MATH}, FDLIBM's
 * results on every JVM), all of which compiled code must reproduce bit for bit. The {@code *Exact}
 * methods are left out: their overflow stops the kernel, which the known-answer tests check.
 */
final class JdkHelperCalls {
  private static final String[] STRICT_UNARY = {
    "sin", "cos", "tan", "asin", "acos", "atan", "exp", "log", "log10", "sinh", "cosh", "tanh",
    "expm1", "log1p", "cbrt"
  };
  private static final String[] STRICT_BINARY = {"atan2", "pow", "hypot"};

  private final ExpressionGenerator g;
  private final Intrinsics calls;

  JdkHelperCalls(ExpressionGenerator g, Intrinsics calls) {
    this.g = g;
    this.calls = calls;
  }

  /** {@code Math} or its {@code StrictMath} twin, which give the same results. */
  private String math() {
    return g.chance(3) ? "StrictMath." : "Math.";
  }

  void helpers(JType t, int d, List<Supplier<Expr>> o) {
    boolean longs = g.has(Feature.LONGS);
    boolean floats = g.has(Feature.FLOATS);
    boolean doubles = g.has(Feature.DOUBLES);
    switch (t) {
      case INT -> {
        integers(t, "Integer.", d, o);
        o.add(() -> divide(t, math() + "floorDiv", d));
        o.add(() -> divide(t, math() + "floorMod", d));
        if (longs) {
          o.add(() -> calls.call(t, "Long.signum", d, JType.LONG));
          o.add(() -> calls.call(t, "Long.compare", d, JType.LONG, JType.LONG));
          o.add(() -> calls.call(t, "Long.compareUnsigned", d, JType.LONG, JType.LONG));
        }
        if (floats) {
          o.add(() -> calls.call(t, math() + "round", d, JType.FLOAT));
          o.add(() -> calls.call(t, math() + "getExponent", d, JType.FLOAT));
          o.add(() -> calls.call(t, "Float.compare", d, JType.FLOAT, JType.FLOAT));
        }
        if (doubles) {
          o.add(() -> calls.call(t, math() + "getExponent", d, JType.DOUBLE));
          o.add(() -> calls.call(t, "Double.compare", d, JType.DOUBLE, JType.DOUBLE));
        }
        if (g.has(Feature.NARROW_TYPES)) {
          o.add(() -> calls.call(t, "Byte.toUnsignedInt", d, JType.BYTE));
          o.add(() -> calls.call(t, "Short.toUnsignedInt", d, JType.SHORT));
        }
      }
      case LONG -> {
        integers(t, "Long.", d, o);
        o.add(() -> divide(t, math() + "floorDiv", d));
        o.add(() -> divide(t, math() + "floorMod", d));
        o.add(() -> calls.call(t, "Integer.toUnsignedLong", d, JType.INT));
        if (doubles) {
          o.add(() -> calls.call(t, math() + "round", d, JType.DOUBLE));
        }
      }
      case FLOAT, DOUBLE -> floating(t, d, o);
      case BOOLEAN -> {
        for (String m : new String[] {"logicalAnd", "logicalOr", "logicalXor"}) {
          o.add(() -> calls.call(t, "Boolean." + m, d, JType.BOOLEAN, JType.BOOLEAN));
        }
        if (floats) {
          o.add(() -> calls.call(t, "Float.isFinite", d, JType.FLOAT));
        }
        if (doubles) {
          o.add(() -> calls.call(t, "Double.isFinite", d, JType.DOUBLE));
        }
      }
      default -> {}
    }
  }

  /** {@code StrictMath}'s transcendental functions on {@code double}. */
  void strictMath(JType t, int d, List<Supplier<Expr>> o) {
    if (t != JType.DOUBLE) {
      return;
    }
    for (String m : STRICT_UNARY) {
      o.add(() -> calls.call(t, "StrictMath." + m, d, t));
    }
    for (String m : STRICT_BINARY) {
      o.add(() -> calls.call(t, "StrictMath." + m, d, t, t));
    }
  }

  /** The methods {@code Integer} and {@code Long} share, on their own type. */
  private void integers(JType t, String owner, int d, List<Supplier<Expr>> o) {
    for (String m : new String[] {"highestOneBit", "lowestOneBit"}) {
      o.add(() -> calls.call(t, owner + m, d, t));
    }
    for (String m : new String[] {"sum", "min", "max"}) {
      o.add(() -> calls.call(t, owner + m, d, t, t));
    }
    if (t == JType.INT) {
      o.add(() -> calls.call(t, "Integer.signum", d, t));
      o.add(() -> calls.call(t, "Integer.compare", d, t, t));
      o.add(() -> calls.call(t, "Integer.compareUnsigned", d, t, t));
    }
    if (g.has(Feature.DIVISION)) {
      o.add(() -> divide(t, owner + "divideUnsigned", d));
      o.add(() -> divide(t, owner + "remainderUnsigned", d));
    }
  }

  private void floating(JType t, int d, List<Supplier<Expr>> o) {
    String box = t == JType.FLOAT ? "Float." : "Double.";
    for (String m : new String[] {"signum", "ulp", "nextUp", "nextDown"}) {
      o.add(() -> calls.call(t, math() + m, d, t));
    }
    o.add(() -> copySign(t, d));
    o.add(() -> calls.call(t, math() + "nextAfter", d, t, JType.DOUBLE));
    o.add(() -> calls.call(t, math() + "scalb", d, t, JType.INT));
    for (String m : new String[] {"sum", "min", "max"}) {
      o.add(() -> calls.call(t, box + m, d, t, t));
    }
    if (t == JType.DOUBLE) {
      o.add(() -> calls.call(t, math() + "IEEEremainder", d, t, t));
      o.add(() -> calls.call(t, math() + "toRadians", d, t));
      o.add(() -> calls.call(t, math() + "toDegrees", d, t));
    }
  }

  /**
   * {@code copySign(m, s)}. {@code Math}'s may take a NaN's sign bit, which the JVM's arithmetic
   * NaNs set or not as the processor does (x86's {@code 0f % 0f} is negative), so its sign is never
   * NaN; {@code StrictMath}'s treats NaN as positive and takes any sign.
   */
  private Expr copySign(JType t, int d) {
    String owner = math();
    Expr m = g.exact(t, d - 1);
    if (owner.equals("StrictMath.")) {
      return Expr.of(t, owner + "copySign(", m, ", ", g.exact(t, d - 1), ")");
    }
    Expr s = g.pure(t, d - 1);
    return Expr.of(t, owner + "copySign(", m, ", (", s, " != ", s, " ? 1 : ", s, "))");
  }

  /** {@code method(x, divisor)} with a divisor that is never zero. */
  private Expr divide(JType t, String method, int d) {
    return Expr.of(
        t, method + "(", g.exact(t, d - 1), ", (", t.java, ") ", g.divisor(t, d - 1), ")");
  }
}
