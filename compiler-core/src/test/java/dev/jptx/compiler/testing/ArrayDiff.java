package dev.jptx.compiler.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;

/**
 * Compares two arrays element by element: integers exactly, floats by their canonical bits (NaN
 * equals NaN whatever its payload, as API.md allows, and {@code -0.0} differs from {@code +0.0}) or
 * within {@code ulps} units in the last place.
 */
public final class ArrayDiff {
  private ArrayDiff() {}

  /** Fails naming the first differing index (and row, in an array of arrays) and both values. */
  public static void assertSame(String what, Object expected, Object actual, int ulps) {
    int n = Array.getLength(expected);
    if (Array.getLength(actual) != n) {
      fail(what + ": lengths differ");
    }
    for (int i = 0; i < n; i++) {
      Object e = Array.get(expected, i);
      Object a = Array.get(actual, i);
      if (e != null && e.getClass().isArray() && a != null && a.getClass().isArray()) {
        assertSame(what + " row " + i, e, a, ulps);
      } else if (!same(e, a, ulps)) {
        fail(what + " differs at index " + i + ": jvm " + show(e) + ", sim " + show(a));
      }
    }
  }

  private static boolean same(Object e, Object a, int ulps) {
    if (e instanceof Float x && a instanceof Float y) {
      if (Float.isNaN(x) || Float.isNaN(y)) {
        return Float.isNaN(x) && Float.isNaN(y);
      }
      if (ulps == 0) {
        // bit for bit: -0.0 and +0.0 are 0 ulps apart in the order below, yet differ
        return Float.floatToIntBits(x) == Float.floatToIntBits(y);
      }
      return Math.abs((long) order(Float.floatToIntBits(x)) - order(Float.floatToIntBits(y)))
          <= ulps;
    }
    if (e instanceof Double x && a instanceof Double y) {
      if (Double.isNaN(x) || Double.isNaN(y)) {
        return Double.isNaN(x) && Double.isNaN(y);
      }
      long dx = Double.doubleToLongBits(x);
      long dy = Double.doubleToLongBits(y);
      return dx == dy || ulps > 0 && Math.abs(order(dx) - order(dy)) <= ulps;
    }
    return e.equals(a);
  }

  /** Maps float bits to integers that count ulps across zero. */
  private static long order(int bits) {
    return bits < 0 ? (long) Integer.MIN_VALUE - bits : bits;
  }

  private static long order(long bits) {
    return bits < 0 ? Long.MIN_VALUE - bits : bits;
  }

  private static String show(Object v) {
    if (v instanceof Float f) {
      return f + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
    }
    if (v instanceof Double d) {
      return d + " (0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
    }
    return String.valueOf(v);
  }
}
