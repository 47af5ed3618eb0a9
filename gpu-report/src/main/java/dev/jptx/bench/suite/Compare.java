package dev.jptx.bench.suite;

import java.util.EnumSet;
import java.util.Set;

/**
 * Comparisons of a device's results with a reference, following the check column of {@code
 * benchmarks/cuda/README.md}. Each method throws an {@link AssertionError} whose message starts
 * with {@code what} (say {@code "sm_90/fmad/saxpy y"}), names the first mismatching index with both
 * values (floating-point values also as bit patterns), and says how many elements differ.
 *
 * <p>"Bit-exact" compares {@code float}s with {@link Float#floatToIntBits} and {@code double}s with
 * {@link Double#doubleToLongBits}: {@code -0.0} differs from {@code 0.0}, and every NaN equals
 * every other NaN, because devices may return different NaN payloads (API.md section 1).
 *
 * <p>Reusable by any harness that compares one execution with another (for example the {@code jvm}
 * device against the simulator): nothing here knows about kernels or devices.
 */
public final class Compare {
  private static final int LISTED_INDICES = 8;

  private Compare() {}

  /**
   * Requires {@code actual} to equal {@code expected} element for element.
   *
   * @param what names the array in the failure message (kernel, configuration, parameter)
   * @param expected the reference
   * @param actual the device's result
   */
  public static void bitExact(String what, int[] expected, int[] actual) {
    check(what, ints(expected, actual));
  }

  /**
   * Requires {@code actual} to equal {@code expected} element for element.
   *
   * @param what names the array in the failure message
   * @param expected the reference
   * @param actual the device's result
   */
  public static void bitExact(String what, long[] expected, long[] actual) {
    check(what, longs(expected, actual));
  }

  /**
   * Requires {@code actual} to have {@code expected}'s bit patterns (NaNs all equal).
   *
   * @param what names the array in the failure message
   * @param expected the reference
   * @param actual the device's result
   */
  public static void bitExact(String what, float[] expected, float[] actual) {
    check(what, floats(expected, actual));
  }

  /**
   * Requires {@code actual} to have {@code expected}'s bit patterns (NaNs all equal).
   *
   * @param what names the array in the failure message
   * @param expected the reference
   * @param actual the device's result
   */
  public static void bitExact(String what, double[] expected, double[] actual) {
    check(what, doubles(expected, actual));
  }

  /**
   * Requires {@code actual} to equal {@code expected} element for element ({@code byte}s compared
   * as signed values).
   *
   * @param what names the array in the failure message
   * @param expected the reference
   * @param actual the device's result
   */
  public static void bitExact(String what, byte[] expected, byte[] actual) {
    check(what, ints(widen(expected), widen(actual)));
  }

  /**
   * {@code bitExact} for two arrays whose element type is known only at run time (say, every array
   * argument of a launch on two devices): both must be arrays of the same type, one of {@code
   * int[]}, {@code long[]}, {@code float[]}, {@code double[]} and {@code byte[]}, equal as the
   * typed overloads require.
   *
   * @param what names the array in the failure message
   * @param expected the reference
   * @param actual the device's result
   * @throws IllegalArgumentException for another element type
   */
  public static void bitExact(String what, Object expected, Object actual) {
    if (expected.getClass() != actual.getClass()) {
      fail(what + ": a " + actual.getClass().getSimpleName() + ", expected " + expected.getClass());
    }
    if (expected instanceof int[] e) {
      bitExact(what, e, (int[]) actual);
    } else if (expected instanceof long[] e) {
      bitExact(what, e, (long[]) actual);
    } else if (expected instanceof float[] e) {
      bitExact(what, e, (float[]) actual);
    } else if (expected instanceof double[] e) {
      bitExact(what, e, (double[]) actual);
    } else if (expected instanceof byte[] e) {
      bitExact(what, e, (byte[]) actual);
    } else {
      throw new IllegalArgumentException("no comparison for " + expected.getClass());
    }
  }

  /**
   * The README's check for kernels with an {@code acc + p*q} chain: {@code actual} must equal, bit
   * for bit and as a whole, either the reference whose every step is fused or the one whose every
   * step is rounded twice. A mix (some elements fused, others not) fails.
   *
   * @param what names the array in the failure message
   * @param fused the reference with {@link Math#fma} steps
   * @param unfused the reference with separately rounded steps
   * @param actual the device's result
   * @return the references that {@code actual} equals: both when they agree everywhere
   */
  public static Set<Contraction> eitherBitExact(
      String what, float[] fused, float[] unfused, float[] actual) {
    return either(what, floats(fused, actual), floats(unfused, actual));
  }

  /**
   * As {@link #eitherBitExact(String, float[], float[], float[])} for {@code double}s.
   *
   * @param what names the array in the failure message
   * @param fused the reference with {@link Math#fma} steps
   * @param unfused the reference with separately rounded steps
   * @param actual the device's result
   * @return the references that {@code actual} equals
   */
  public static Set<Contraction> eitherBitExact(
      String what, double[] fused, double[] unfused, double[] actual) {
    return either(what, doubles(fused, actual), doubles(unfused, actual));
  }

  /**
   * {@link #eitherBitExact(String, float[], float[], float[])}, then also requires the match to
   * include {@code required}: for code whose rounding is known (nvcc's PTX is all {@code fma.rn} by
   * default and all {@code mul.rn}/{@code add.rn} under {@code --fmad=false}), a device that, say,
   * executes {@code fma.rn} as two roundings must not pass by matching the other reference.
   *
   * @param what names the array in the failure message
   * @param fused the reference with {@link Math#fma} steps
   * @param unfused the reference with separately rounded steps
   * @param required the reference the code must match
   * @param actual the device's result
   */
  public static void bitExactAs(
      String what, float[] fused, float[] unfused, Contraction required, float[] actual) {
    requireVariant(what, floats(fused, actual), floats(unfused, actual), required);
  }

  /**
   * As {@link #bitExactAs(String, float[], float[], Contraction, float[])} for {@code double}s.
   *
   * @param what names the array in the failure message
   * @param fused the reference with {@link Math#fma} steps
   * @param unfused the reference with separately rounded steps
   * @param required the reference the code must match
   * @param actual the device's result
   */
  public static void bitExactAs(
      String what, double[] fused, double[] unfused, Contraction required, double[] actual) {
    requireVariant(what, doubles(fused, actual), doubles(unfused, actual), required);
  }

  /**
   * Requires {@code |actual[i] - reference[i]| <= bound[i]} for every {@code i}. A NaN anywhere
   * fails. A bound of 0 demands the exact value (for elements a kernel copies, such as nbody's
   * masses, or that it must leave untouched).
   *
   * @param what names the array in the failure message
   * @param reference the reference, usually computed in {@code double}
   * @param bound the allowed absolute error per element
   * @param actual the device's result
   */
  public static void within(String what, double[] reference, double[] bound, float[] actual) {
    if (reference.length != actual.length || bound.length != actual.length) {
      fail(what + ": length " + actual.length + ", expected " + reference.length);
    }
    int count = 0;
    int first = -1;
    StringBuilder indices = new StringBuilder();
    for (int i = 0; i < actual.length; i++) {
      if (!(Math.abs(actual[i] - reference[i]) <= bound[i])) {
        if (count++ == 0) {
          first = i;
        }
        if (count <= LISTED_INDICES) {
          indices.append(count > 1 ? ", " : "").append(i);
        }
      }
    }
    if (count > 0) {
      fail(
          String.format(
              "%s[%d]: got %s, reference %s, |difference| %s > bound %s;"
                  + " %d of %d elements out of bounds (at %s%s)",
              what,
              first,
              describe(actual[first]),
              reference[first],
              Math.abs(actual[first] - reference[first]),
              bound[first],
              count,
              actual.length,
              indices,
              count > LISTED_INDICES ? ", ..." : ""));
    }
  }

  /**
   * Requires {@code |actual - reference| <= bound} for one value.
   *
   * @param what names the value in the failure message
   * @param reference the reference
   * @param bound the allowed absolute error
   * @param actual the device's result
   */
  public static void within(String what, double reference, double bound, float actual) {
    within(what, new double[] {reference}, new double[] {bound}, new float[] {actual});
  }

  /**
   * Bounds of the form {@code abs + rel * |reference[i]|}, the README's "relative error with an
   * absolute floor".
   *
   * @param reference the reference values
   * @param abs the absolute part
   * @param rel the relative part
   * @return one bound per element
   */
  public static double[] absRel(double[] reference, double abs, double rel) {
    double[] bound = new double[reference.length];
    for (int i = 0; i < bound.length; i++) {
      bound[i] = abs + rel * Math.abs(reference[i]);
    }
    return bound;
  }

  /**
   * Requires at least {@code minFraction} of the elements to be equal (mandelbrot with contraction,
   * whose escape counts may differ near the set's boundary).
   *
   * @param what names the array in the failure message
   * @param expected the reference
   * @param actual the device's result
   * @param minFraction for example 0.99
   * @return how many elements differ
   */
  public static int mostlyEqual(String what, int[] expected, int[] actual, double minFraction) {
    Pair pair = ints(expected, actual);
    sameLength(what, pair);
    int differ = 0;
    int first = -1;
    for (int i = 0; i < actual.length; i++) {
      if (!pair.same(i)) {
        first = differ++ == 0 ? i : first;
      }
    }
    if (actual.length - differ < minFraction * actual.length) {
      fail(
          String.format(
              "%s: %d of %d elements differ, more than %.2f%% allowed; first %s",
              what, differ, actual.length, 100 * (1 - minFraction), mismatch(pair, first)));
    }
    return differ;
  }

  private static void requireVariant(String what, Pair fused, Pair unfused, Contraction required) {
    Set<Contraction> matched = either(what, fused, unfused);
    if (!matched.contains(required)) {
      Pair expected = required.fused() ? fused : unfused;
      fail(
          what
              + " matches the "
              + (required.fused() ? "unfused" : "fused")
              + " reference, but this PTX rounds every multiply-add "
              + (required.fused() ? "once (fma.rn)" : "twice (mul.rn, add.rn)")
              + "; against the reference it must match "
              + summary(expected, firstMismatch(expected)));
    }
  }

  private static Set<Contraction> either(String what, Pair fused, Pair unfused) {
    sameLength(what, fused);
    sameLength(what, unfused);
    int fusedFirst = firstMismatch(fused);
    int unfusedFirst = firstMismatch(unfused);
    Set<Contraction> matched = EnumSet.noneOf(Contraction.class);
    if (fusedFirst < 0) {
      matched.add(Contraction.FUSED);
    }
    if (unfusedFirst < 0) {
      matched.add(Contraction.UNFUSED);
    }
    if (matched.isEmpty()) {
      fail(
          what
              + " matches neither reference: against the fused one "
              + summary(fused, fusedFirst)
              + "; against the unfused one "
              + summary(unfused, unfusedFirst));
    }
    return matched;
  }

  private static void check(String what, Pair pair) {
    sameLength(what, pair);
    int first = firstMismatch(pair);
    if (first >= 0) {
      fail(what + summary(pair, first));
    }
  }

  private static String summary(Pair pair, int first) {
    int count = 0;
    StringBuilder indices = new StringBuilder();
    for (int i = first; i < pair.length(); i++) {
      if (!pair.same(i) && count++ < LISTED_INDICES) {
        indices.append(count > 1 ? ", " : "").append(i);
      }
    }
    return String.format(
        "%s; %d of %d elements differ (at %s%s)",
        mismatch(pair, first),
        count,
        pair.length(),
        indices,
        count > LISTED_INDICES ? ", ..." : "");
  }

  private static String mismatch(Pair pair, int i) {
    return "[" + i + "]: expected " + pair.expected(i) + ", got " + pair.actual(i);
  }

  private static int firstMismatch(Pair pair) {
    for (int i = 0; i < pair.length(); i++) {
      if (!pair.same(i)) {
        return i;
      }
    }
    return -1;
  }

  private static void sameLength(String what, Pair pair) {
    if (pair.expectedLength() != pair.length()) {
      fail(what + ": length " + pair.length() + ", expected " + pair.expectedLength());
    }
  }

  /** The values of {@code a} as {@code int}s (sign-extended). */
  private static int[] widen(byte[] a) {
    int[] w = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      w[i] = a[i];
    }
    return w;
  }

  /** Renders a float with its bit pattern, so that a one-ulp difference is visible. */
  static String describe(float v) {
    return v + " (0x" + String.format("%08x", Float.floatToRawIntBits(v)) + ")";
  }

  /** Renders a double with its bit pattern. */
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

  /** A mismatch: an {@link AssertionError}, so that test runners report it as a failure. */
  private static void fail(String message) {
    throw new AssertionError(message);
  }
}
