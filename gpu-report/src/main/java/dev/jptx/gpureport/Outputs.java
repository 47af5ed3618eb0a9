package dev.jptx.gpureport;

import java.lang.reflect.Array;
import java.util.List;

/** Copies of a launch's arrays, and their comparison between two devices. */
final class Outputs {
  static final String IDENTICAL = "identical";
  static final String CLOSE = "within tolerance";

  private Outputs() {}

  /** Copies of the array arguments (null for the others). */
  static Object[] snapshot(Object[] args) {
    Object[] copy = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      Object a = args[i];
      if (a != null && a.getClass().isArray()) {
        int n = Array.getLength(a);
        Object c = Array.newInstance(a.getClass().getComponentType(), n);
        System.arraycopy(a, 0, c, 0, n);
        copy[i] = c;
      }
    }
    return copy;
  }

  /**
   * {@link #IDENTICAL}, {@link #CLOSE} (only when not {@code exact}), or a description of the first
   * difference.
   */
  static String compare(List<Object[]> a, List<Object[]> b, boolean exact) {
    if (a.size() != b.size()) {
      return a.size() + " launches against " + b.size();
    }
    boolean close = false;
    for (int l = 0; l < a.size(); l++) {
      for (int i = 0; i < a.get(l).length; i++) {
        Object x = a.get(l)[i];
        Object y = b.get(l)[i];
        if (x == null) {
          continue;
        }
        String d = compareArrays(x, y, exact);
        if (d == null) {
          continue;
        }
        if (d.equals(CLOSE)) {
          close = true;
        } else {
          return "launch " + l + ", argument " + i + ": " + d;
        }
      }
    }
    return close ? CLOSE : IDENTICAL;
  }

  private static String compareArrays(Object x, Object y, boolean exact) {
    int n = Array.getLength(x);
    int differ = 0;
    int first = -1;
    boolean floating = x instanceof float[] || x instanceof double[];
    for (int k = 0; k < n; k++) {
      if (!sameBits(x, y, k)) {
        if (first < 0) {
          first = k;
        }
        differ++;
        if (!exact && floating && !within(Array.get(x, k), Array.get(y, k))) {
          return "element "
              + k
              + ": "
              + Array.get(x, k)
              + " against "
              + Array.get(y, k)
              + ", beyond the tolerance";
        }
      }
    }
    if (differ == 0) {
      return null;
    }
    if (!exact && (floating || differ * 100L <= n)) {
      return CLOSE;
    }
    return differ
        + " of "
        + n
        + " elements differ, the first at "
        + first
        + ": "
        + Array.get(x, first)
        + " against "
        + Array.get(y, first);
  }

  private static boolean sameBits(Object x, Object y, int k) {
    if (x instanceof float[] f) {
      return Float.floatToRawIntBits(f[k]) == Float.floatToRawIntBits(((float[]) y)[k]);
    }
    if (x instanceof double[] d) {
      return Double.doubleToRawLongBits(d[k]) == Double.doubleToRawLongBits(((double[]) y)[k]);
    }
    return Array.get(x, k).equals(Array.get(y, k));
  }

  private static boolean within(Object a, Object b) {
    double x = ((Number) a).doubleValue();
    double y = ((Number) b).doubleValue();
    if (Double.isNaN(x) && Double.isNaN(y)) {
      return true;
    }
    return Math.abs(x - y) <= 1e-4 * Math.max(Math.abs(x), Math.abs(y)) + 1e-5;
  }
}
