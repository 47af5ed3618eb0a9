package dev.jptx.compiler.fuzz;

import java.lang.reflect.Array;
import java.util.SplittableRandom;

/**
 * Values for literals and inputs: mostly the edges where Java and PTX part ways (minimum and
 * maximum values, shift counts around the width, NaN, signed zeros, infinities, subnormals,
 * conversion limits), and otherwise random ones.
 */
final class Values {
  private Values() {}

  private static final int[] INTS = {
    0,
    1,
    -1,
    2,
    -2,
    3,
    7,
    8,
    15,
    16,
    31,
    32,
    33,
    63,
    64,
    65,
    127,
    128,
    -128,
    -129,
    255,
    256,
    0x7fff,
    0x8000,
    -32768,
    0xffff,
    0x10000,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE - 1,
    Integer.MIN_VALUE + 1,
    0x55555555,
    0xaaaaaaaa,
    1 << 30,
    1 << 24,
    (1 << 24) + 1,
    1000000007
  };

  private static final long[] LONGS = {
    Long.MIN_VALUE,
    Long.MAX_VALUE,
    Long.MIN_VALUE + 1,
    1L << 32,
    (1L << 32) - 1,
    1L << 31,
    -(1L << 31) - 1,
    1L << 53,
    (1L << 53) + 1,
    1L << 62,
    0xffffffffL,
    0x5555555555555555L,
    0x8000000080000000L,
    -4294967296L
  };

  private static final float[] FLOATS = {
    0f,
    -0f,
    1f,
    -1f,
    0.5f,
    -0.5f,
    1.5f,
    2.5f,
    -2.5f,
    0.1f,
    Float.NaN,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    Float.MIN_VALUE,
    -Float.MIN_VALUE,
    Float.MIN_NORMAL,
    1e-40f,
    -3e-39f,
    Float.MAX_VALUE,
    -Float.MAX_VALUE,
    2.14748365E9f,
    -2.14748365E9f,
    2.1474835E9f,
    9.223372E18f,
    -9.223372E18f,
    1e10f,
    -1e10f,
    3e38f,
    16777216f,
    16777218f,
    65504f,
    65520f,
    1e-8f,
    255.5f,
    -128.5f,
    65535.5f,
    32767.5f,
    -0.75f,
    4294967296f,
    1e20f,
    -1e20f
  };

  private static final double[] DOUBLES = {
    0d,
    -0d,
    1d,
    -1d,
    0.5,
    -0.5,
    2.5,
    -2.5,
    0.1,
    1d / 3,
    Double.NaN,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    2147483647.5,
    -2147483648.5,
    2147483648.0,
    -2147483649.0,
    9.223372036854776E18,
    -9.223372036854776E18,
    1e19,
    -1e19,
    1e300,
    -1e300,
    1e-300,
    3.4028235677973366E38,
    3.4028236e38,
    1e39,
    1.401298464324817E-45,
    7.006492321624085E-46,
    7.1e-46,
    1.1754942e-38,
    16777217.0,
    9007199254740993.0,
    65504.0,
    -65536.5
  };

  /** The Java text of a constant of exactly type {@code t} (a boxed value of that type). */
  static String literal(JType t, Object v) {
    switch (t) {
      case BOOLEAN:
        return v.toString();
      case BYTE:
        return "((byte) " + v + ")";
      case SHORT:
        return "((short) " + v + ")";
      case CHAR:
        return "((char) " + (int) (Character) v + ")";
      case INT:
        return signed(v.toString());
      case LONG:
        return signed(v + "L");
      case FLOAT:
        return floatLiteral((Float) v);
      case DOUBLE:
        return doubleLiteral((Double) v);
      default:
        throw new IllegalArgumentException(t.toString());
    }
  }

  private static String signed(String s) {
    return s.startsWith("-") ? "(" + s + ")" : s;
  }

  private static String floatLiteral(float f) {
    if (Float.isNaN(f)) {
      return "Float.NaN";
    }
    if (Float.isInfinite(f)) {
      return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
    }
    return signed(Float.toString(f) + "f");
  }

  private static String doubleLiteral(double d) {
    if (Double.isNaN(d)) {
      return "Double.NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
    }
    return signed(Double.toString(d));
  }

  static String zeroLiteral(JType t) {
    return literal(t, zero(t));
  }

  private static Object zero(JType t) {
    switch (t) {
      case BOOLEAN:
        return false;
      case BYTE:
        return (byte) 0;
      case SHORT:
        return (short) 0;
      case CHAR:
        return (char) 0;
      case INT:
        return 0;
      case LONG:
        return 0L;
      case FLOAT:
        return 0f;
      case DOUBLE:
        return 0d;
      default:
        throw new IllegalArgumentException(t.toString());
    }
  }

  /** A value of type {@code t}, boxed: an edge value about half of the time. */
  static Object value(JType t, SplittableRandom r) {
    switch (t) {
      case BOOLEAN:
        return r.nextBoolean();
      case BYTE:
        return (byte) anInt(r);
      case SHORT:
        return (short) anInt(r);
      case CHAR:
        return (char) anInt(r);
      case INT:
        return anInt(r);
      case LONG:
        return aLong(r);
      case FLOAT:
        return aFloat(r);
      case DOUBLE:
        return aDouble(r);
      default:
        throw new IllegalArgumentException(t.toString());
    }
  }

  static int anInt(SplittableRandom r) {
    int k = r.nextInt(10);
    if (k < 4) {
      int v = INTS[r.nextInt(INTS.length)];
      return r.nextInt(4) == 0 ? -v : v;
    }
    if (k < 7) {
      return r.nextInt(-100, 101);
    }
    return r.nextInt();
  }

  static long aLong(SplittableRandom r) {
    int k = r.nextInt(10);
    if (k < 3) {
      return LONGS[r.nextInt(LONGS.length)];
    }
    if (k < 5) {
      return anInt(r);
    }
    if (k < 7) {
      return r.nextInt(-1000, 1001);
    }
    return r.nextLong();
  }

  static float aFloat(SplittableRandom r) {
    int k = r.nextInt(10);
    if (k < 4) {
      return FLOATS[r.nextInt(FLOATS.length)];
    }
    if (k < 6) {
      return (float) (r.nextGaussian() * 100);
    }
    if (k < 8) {
      return r.nextInt(-64, 65) * 0.25f;
    }
    return Float.intBitsToFloat(r.nextInt());
  }

  static double aDouble(SplittableRandom r) {
    int k = r.nextInt(10);
    if (k < 4) {
      return DOUBLES[r.nextInt(DOUBLES.length)];
    }
    if (k < 5) {
      return aFloat(r);
    }
    if (k < 7) {
      return r.nextGaussian() * 1e4;
    }
    if (k < 8) {
      return r.nextInt(-64, 65) * 0.125;
    }
    return Double.longBitsToDouble(r.nextLong());
  }

  /** A shift count: around the widths of {@code int} and {@code long}, negative or large. */
  static int shiftCount(SplittableRandom r) {
    int[] counts = {0, 1, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, -1, -31, -32, -33, 100};
    return r.nextInt(5) == 0 ? r.nextInt() : counts[r.nextInt(counts.length)];
  }

  /** An array of {@code n} values of type {@code t}. */
  static Object array(JType t, int n, SplittableRandom r) {
    Object a = Array.newInstance(t.primitive, n);
    for (int i = 0; i < n; i++) {
      Array.set(a, i, value(t, r));
    }
    return a;
  }
}
