package dev.jptx;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Atomic read-modify-write on array elements through {@link VarHandle}s. Where Java has no single
 * access mode (min, max, unsigned, CUDA's wrapping increment) a compare-and-exchange loop retries
 * until no other thread changed the element in between. For {@code float} and {@code double}
 * VarHandles compare bit patterns, which is exactly {@code atomicCas}'s contract and keeps the
 * loops finite when the element is NaN.
 */
final class Atomics {
  private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);
  private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

  private Atomics() {}

  static int add(int[] a, int i, int v) {
    return (int) INTS.getAndAdd(a, i, v);
  }

  static long add(long[] a, int i, long v) {
    return (long) LONGS.getAndAdd(a, i, v);
  }

  static float add(float[] a, int i, float v) {
    return (float) FLOATS.getAndAdd(a, i, v);
  }

  static double add(double[] a, int i, double v) {
    return (double) DOUBLES.getAndAdd(a, i, v);
  }

  static int exchange(int[] a, int i, int v) {
    return (int) INTS.getAndSet(a, i, v);
  }

  static long exchange(long[] a, int i, long v) {
    return (long) LONGS.getAndSet(a, i, v);
  }

  static float exchange(float[] a, int i, float v) {
    return (float) FLOATS.getAndSet(a, i, v);
  }

  static double exchange(double[] a, int i, double v) {
    return (double) DOUBLES.getAndSet(a, i, v);
  }

  static int and(int[] a, int i, int v) {
    return (int) INTS.getAndBitwiseAnd(a, i, v);
  }

  static long and(long[] a, int i, long v) {
    return (long) LONGS.getAndBitwiseAnd(a, i, v);
  }

  static int or(int[] a, int i, int v) {
    return (int) INTS.getAndBitwiseOr(a, i, v);
  }

  static long or(long[] a, int i, long v) {
    return (long) LONGS.getAndBitwiseOr(a, i, v);
  }

  static int xor(int[] a, int i, int v) {
    return (int) INTS.getAndBitwiseXor(a, i, v);
  }

  static long xor(long[] a, int i, long v) {
    return (long) LONGS.getAndBitwiseXor(a, i, v);
  }

  static int cas(int[] a, int i, int expected, int desired) {
    return (int) INTS.compareAndExchange(a, i, expected, desired);
  }

  static long cas(long[] a, int i, long expected, long desired) {
    return (long) LONGS.compareAndExchange(a, i, expected, desired);
  }

  static float cas(float[] a, int i, float expected, float desired) {
    return (float) FLOATS.compareAndExchange(a, i, expected, desired);
  }

  static double cas(double[] a, int i, double expected, double desired) {
    return (double) DOUBLES.compareAndExchange(a, i, expected, desired);
  }

  /** The operations that need a loop, one per CUDA function. */
  private enum IntOp {
    MIN,
    MAX,
    MIN_UNSIGNED,
    MAX_UNSIGNED,
    INC,
    DEC;

    int apply(int old, int v) {
      switch (this) {
        case MIN:
          return Math.min(old, v);
        case MAX:
          return Math.max(old, v);
        case MIN_UNSIGNED:
          return Integer.compareUnsigned(old, v) <= 0 ? old : v;
        case MAX_UNSIGNED:
          return Integer.compareUnsigned(old, v) >= 0 ? old : v;
        case INC:
          return Integer.compareUnsigned(old, v) >= 0 ? 0 : old + 1;
        case DEC:
          return old == 0 || Integer.compareUnsigned(old, v) > 0 ? v : old - 1;
        default:
          throw new AssertionError(this);
      }
    }

    long apply(long old, long v) {
      switch (this) {
        case MIN:
          return Math.min(old, v);
        case MAX:
          return Math.max(old, v);
        case MIN_UNSIGNED:
          return Long.compareUnsigned(old, v) <= 0 ? old : v;
        case MAX_UNSIGNED:
          return Long.compareUnsigned(old, v) >= 0 ? old : v;
        default:
          throw new AssertionError(this);
      }
    }
  }

  static int min(int[] a, int i, int v) {
    return update(a, i, v, IntOp.MIN);
  }

  static long min(long[] a, int i, long v) {
    return update(a, i, v, IntOp.MIN);
  }

  static int max(int[] a, int i, int v) {
    return update(a, i, v, IntOp.MAX);
  }

  static long max(long[] a, int i, long v) {
    return update(a, i, v, IntOp.MAX);
  }

  static int minUnsigned(int[] a, int i, int v) {
    return update(a, i, v, IntOp.MIN_UNSIGNED);
  }

  static long minUnsigned(long[] a, int i, long v) {
    return update(a, i, v, IntOp.MIN_UNSIGNED);
  }

  static int maxUnsigned(int[] a, int i, int v) {
    return update(a, i, v, IntOp.MAX_UNSIGNED);
  }

  static long maxUnsigned(long[] a, int i, long v) {
    return update(a, i, v, IntOp.MAX_UNSIGNED);
  }

  static int inc(int[] a, int i, int limit) {
    return update(a, i, limit, IntOp.INC);
  }

  static int dec(int[] a, int i, int limit) {
    return update(a, i, limit, IntOp.DEC);
  }

  private static int update(int[] a, int i, int v, IntOp op) {
    int old = (int) INTS.getVolatile(a, i);
    while (true) {
      int witness = (int) INTS.compareAndExchange(a, i, old, op.apply(old, v));
      if (witness == old) {
        return old;
      }
      old = witness;
    }
  }

  private static long update(long[] a, int i, long v, IntOp op) {
    long old = (long) LONGS.getVolatile(a, i);
    while (true) {
      long witness = (long) LONGS.compareAndExchange(a, i, old, op.apply(old, v));
      if (witness == old) {
        return old;
      }
      old = witness;
    }
  }

  static float min(float[] a, int i, float v) {
    return update(a, i, v, false);
  }

  static float max(float[] a, int i, float v) {
    return update(a, i, v, true);
  }

  static double min(double[] a, int i, double v) {
    return update(a, i, v, false);
  }

  static double max(double[] a, int i, double v) {
    return update(a, i, v, true);
  }

  private static float update(float[] a, int i, float v, boolean max) {
    float old = (float) FLOATS.getVolatile(a, i);
    while (true) {
      float next = max ? Math.max(old, v) : Math.min(old, v);
      float witness = (float) FLOATS.compareAndExchange(a, i, old, next);
      if (Float.floatToRawIntBits(witness) == Float.floatToRawIntBits(old)) {
        return old;
      }
      old = witness;
    }
  }

  private static double update(double[] a, int i, double v, boolean max) {
    double old = (double) DOUBLES.getVolatile(a, i);
    while (true) {
      double next = max ? Math.max(old, v) : Math.min(old, v);
      double witness = (double) DOUBLES.compareAndExchange(a, i, old, next);
      if (Double.doubleToRawLongBits(witness) == Double.doubleToRawLongBits(old)) {
        return old;
      }
      old = witness;
    }
  }
}
