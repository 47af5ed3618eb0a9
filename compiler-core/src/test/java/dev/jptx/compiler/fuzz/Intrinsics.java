package dev.jptx.compiler.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The JDK and {@code Gpu} methods the compiler maps to instructions: {@code Math} ({@link
 * Feature#MATH}), the bit methods of {@code Integer Long Float Double} ({@link
 * Feature#BIT_INTRINSICS}) and the half-precision methods of {@code Gpu} ({@link
 * Feature#HALF_PRECISION}), and through {@link JdkHelperCalls} the small helpers of {@code Math}
 * and the boxing classes and {@code StrictMath}'s functions. Only those whose Java results the
 * compiled code must reproduce bit for bit: no {@code Math} transcendental functions.
 */
final class Intrinsics {
  private final ExpressionGenerator g;
  private final JdkHelperCalls helpers;

  Intrinsics(ExpressionGenerator g) {
    this.g = g;
    this.helpers = new JdkHelperCalls(g, this);
  }

  /** A call of exactly type {@code t}, or null if no enabled method has that type. */
  Expr any(JType t, int d) {
    List<Supplier<Expr>> options = new ArrayList<>();
    if (g.has(Feature.MATH)) {
      math(t, d, options);
    }
    if (g.has(Feature.BIT_INTRINSICS)) {
      bits(t, d, options);
    }
    if (g.has(Feature.HALF_PRECISION) && g.has(Feature.FLOATS)) {
      half(t, d, options);
    }
    if (g.has(Feature.JDK_HELPERS)) {
      helpers.helpers(t, d, options);
    }
    if (g.has(Feature.STRICT_MATH) && g.has(Feature.DOUBLES)) {
      helpers.strictMath(t, d, options);
    }
    return options.isEmpty() ? null : g.pick(options).get();
  }

  /** {@code method(args)}, each argument an expression of exactly its type. */
  Expr call(JType t, String method, int d, JType... args) {
    List<Object> parts = new ArrayList<>(List.of(method + "("));
    for (int i = 0; i < args.length; i++) {
      if (i > 0) {
        parts.add(", ");
      }
      parts.add(g.exact(args[i], d - 1));
    }
    parts.add(")");
    return Expr.of(t, parts.toArray());
  }

  private void math(JType t, int d, List<Supplier<Expr>> o) {
    if (t == JType.BOOLEAN || t.isSubInt()) {
      return;
    }
    o.add(() -> call(t, "Math.abs", d, t));
    o.add(() -> call(t, "Math.min", d, t, t));
    o.add(() -> call(t, "Math.max", d, t, t));
    if (t == JType.LONG) {
      o.add(() -> call(t, "Math.multiplyHigh", d, t, t));
    }
    if (t.isFloating()) {
      o.add(() -> call(t, "Math.fma", d, t, t, t));
    }
    if (t == JType.DOUBLE) {
      for (String m : new String[] {"Math.sqrt", "Math.floor", "Math.ceil", "Math.rint"}) {
        o.add(() -> call(t, m, d, t));
      }
    }
  }

  private void bits(JType t, int d, List<Supplier<Expr>> o) {
    boolean longs = g.has(Feature.LONGS);
    switch (t) {
      case INT:
        for (String m :
            new String[] {
              "bitCount", "numberOfLeadingZeros", "numberOfTrailingZeros", "reverse", "reverseBytes"
            }) {
          o.add(() -> call(t, "Integer." + m, d, JType.INT));
        }
        o.add(() -> call(t, "Integer.rotateLeft", d, JType.INT, JType.INT));
        o.add(() -> call(t, "Integer.rotateRight", d, JType.INT, JType.INT));
        if (longs) {
          for (String m :
              new String[] {"bitCount", "numberOfLeadingZeros", "numberOfTrailingZeros"}) {
            o.add(() -> call(t, "Long." + m, d, JType.LONG));
          }
        }
        if (g.has(Feature.FLOATS)) {
          o.add(() -> call(t, "Float.floatToIntBits", d, JType.FLOAT));
        }
        break;
      case LONG:
        o.add(() -> call(t, "Long.reverse", d, JType.LONG));
        o.add(() -> call(t, "Long.reverseBytes", d, JType.LONG));
        o.add(() -> call(t, "Long.rotateLeft", d, JType.LONG, JType.INT));
        o.add(() -> call(t, "Long.rotateRight", d, JType.LONG, JType.INT));
        if (g.has(Feature.DOUBLES)) {
          o.add(() -> call(t, "Double.doubleToLongBits", d, JType.DOUBLE));
        }
        break;
      case FLOAT:
        o.add(() -> call(t, "Float.intBitsToFloat", d, JType.INT));
        break;
      case DOUBLE:
        if (longs) {
          o.add(() -> call(t, "Double.longBitsToDouble", d, JType.LONG));
        }
        break;
      case BOOLEAN:
        if (g.has(Feature.FLOATS)) {
          o.add(() -> call(t, "Float.isNaN", d, JType.FLOAT));
          o.add(() -> call(t, "Float.isInfinite", d, JType.FLOAT));
        }
        if (g.has(Feature.DOUBLES)) {
          o.add(() -> call(t, "Double.isNaN", d, JType.DOUBLE));
          o.add(() -> call(t, "Double.isInfinite", d, JType.DOUBLE));
        }
        break;
      default:
        break;
    }
  }

  private void half(JType t, int d, List<Supplier<Expr>> o) {
    switch (t) {
      case INT:
        for (String m : new String[] {"hadd2", "hsub2", "hmul2", "hmax2", "hmin2"}) {
          o.add(() -> call(t, m, d, JType.INT, JType.INT));
        }
        o.add(() -> call(t, "hfma2", d, JType.INT, JType.INT, JType.INT));
        o.add(() -> call(t, "bf16fma2", d, JType.INT, JType.INT, JType.INT));
        o.add(() -> call(t, "packHalf2", d, JType.FLOAT, JType.FLOAT));
        break;
      case SHORT:
        o.add(() -> call(t, "floatToHalf", d, JType.FLOAT));
        o.add(() -> call(t, "floatToBf16", d, JType.FLOAT));
        break;
      case FLOAT:
        o.add(() -> call(t, "halfToFloat", d, JType.SHORT));
        o.add(() -> call(t, "bf16ToFloat", d, JType.SHORT));
        o.add(() -> call(t, "lowHalf", d, JType.INT));
        o.add(() -> call(t, "highHalf", d, JType.INT));
        break;
      default:
        break;
    }
  }
}
