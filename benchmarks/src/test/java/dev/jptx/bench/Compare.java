package dev.jptx.bench;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Element-by-element comparisons following the check column of {@code ../shared/bench/README.md}
 * (adapted from the runtime's {@code sim.bench.Compare}). A failure names the array, the first
 * differing index with both values (floating-point values also as bit patterns), the count of
 * differing elements and their first few indices.
 *
 * <p>"Bit-exact" compares {@code float}s with {@link Float#floatToIntBits} and {@code double}s with
 * {@link Double#doubleToLongBits}: {@code -0.0} differs from {@code 0.0}, and every NaN equals
 * every other NaN, since devices may return different NaN payloads (API.md section 1).
 */
final class Compare {
  private static final int LISTED_INDICES = 8;

  private Compare() {}

  /** Requires two arrays of the same element type to be equal, bit for bit. */
  static void bitExact(String what, Object expected, Object actual) {
    if (expected.getClass() != actual.getClass()) {
      fail(what + ": a " + actual.getClass().getSimpleName() + ", expected " + expected.getClass());
    }
    if (expected instanceof int[] e) {
      check(what, ints(e, (int[]) actual));
    } else if (expected instanceof long[] e) {
      check(what, longs(e, (long[]) actual));
    } else if (expected instanceof float[] e) {
      check(what, floats(e, (float[]) actual));
    } else if (expected instanceof double[] e) {
      check(what, doubles(e, (double[]) actual));
    } else if (expected instanceof byte[] e) {
      byte[] a = (byte[]) actual;
      int[] ei = new int[e.length];
      int[] ai = new int[a.length];
      for (int i = 0; i < e.length; i++) {
        ei[i] = e[i];
      }
      for (int i = 0; i < a.length; i++) {
        ai[i] = a[i];
      }
      check(what, ints(ei, ai));
    } else {
      throw new IllegalArgumentException("no comparison for " + expected.getClass());
    }
  }

  /** Requires {@code |actual - reference| <= bound}; NaN fails. */
  static void within(String what, double reference, double bound, float actual) {
    if (!(Math.abs(actual - reference) <= bound)) {
      fail(
          String.format(
              "%s: got %s, reference %s, |difference| %s > bound %s",
              what, describe(actual), reference, Math.abs(actual - reference), bound));
    }
  }

  private static void check(String what, Pair pair) {
    if (pair.expectedLength() != pair.length()) {
      fail(what + ": length " + pair.length() + ", expected " + pair.expectedLength());
    }
    int first = -1;
    int count = 0;
    StringBuilder indices = new StringBuilder();
    for (int i = 0; i < pair.length(); i++) {
      if (!pair.same(i)) {
        first = count == 0 ? i : first;
        if (count++ < LISTED_INDICES) {
          indices.append(count > 1 ? ", " : "").append(i);
        }
      }
    }
    if (count > 0) {
      fail(
          String.format(
              "%s[%d]: expected %s, got %s; %d of %d elements differ (at %s%s)",
              what,
              first,
              pair.expected(first),
              pair.actual(first),
              count,
              pair.length(),
              indices,
              count > LISTED_INDICES ? ", ..." : ""));
    }
  }

  /** A float with its bit pattern, so that a one-ulp difference shows. */
  static String describe(float v) {
    return v + " (0x" + String.format("%08x", Float.floatToRawIntBits(v)) + ")";
  }

  /** A double with its bit pattern. */
  static String describe(double v) {
    return v + " (0x" + String.format("%016x", Double.doubleToRawLongBits(v)) + ")";
  }

  /** Two arrays of one element type, seen element by element. */
  private interface Pair {
    int length();

    int expectedLength();

    boolean same(int i);

    String expected(int i);

    String actual(int i);
  }

  private static Pair ints(int[] e, int[] a) {
    return new Pair() {
      @Override
      public int length() {
        return a.length;
      }

      @Override
      public int expectedLength() {
        return e.length;
      }

      @Override
      public boolean same(int i) {
        return e[i] == a[i];
      }

      @Override
      public String expected(int i) {
        return e[i] + String.format(" (0x%08x)", e[i]);
      }

      @Override
      public String actual(int i) {
        return a[i] + String.format(" (0x%08x)", a[i]);
      }
    };
  }

  private static Pair longs(long[] e, long[] a) {
    return new Pair() {
      @Override
      public int length() {
        return a.length;
      }

      @Override
      public int expectedLength() {
        return e.length;
      }

      @Override
      public boolean same(int i) {
        return e[i] == a[i];
      }

      @Override
      public String expected(int i) {
        return String.format("0x%016x", e[i]);
      }

      @Override
      public String actual(int i) {
        return String.format("0x%016x", a[i]);
      }
    };
  }

  private static Pair floats(float[] e, float[] a) {
    return new Pair() {
      @Override
      public int length() {
        return a.length;
      }

      @Override
      public int expectedLength() {
        return e.length;
      }

      @Override
      public boolean same(int i) {
        return Float.floatToIntBits(e[i]) == Float.floatToIntBits(a[i]);
      }

      @Override
      public String expected(int i) {
        return describe(e[i]);
      }

      @Override
      public String actual(int i) {
        return describe(a[i]);
      }
    };
  }

  private static Pair doubles(double[] e, double[] a) {
    return new Pair() {
      @Override
      public int length() {
        return a.length;
      }

      @Override
      public int expectedLength() {
        return e.length;
      }

      @Override
      public boolean same(int i) {
        return Double.doubleToLongBits(e[i]) == Double.doubleToLongBits(a[i]);
      }

      @Override
      public String expected(int i) {
        return describe(e[i]);
      }

      @Override
      public String actual(int i) {
        return describe(a[i]);
      }
    };
  }
}
