package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/**
 * Static tables the static initializer computes: by loops, through the class's own static methods,
 * with {@code StrictMath}, with narrowing stores and long arithmetic.
 */
public final class StaticTables {
  static final float[] SQUARES = new float[64];
  static final int[] PRIMES = new int[32];
  static final double[] SINES = new double[16];
  static final byte[] WRAPPED = new byte[8];
  static final long[] POWERS = new long[24];
  static final int[] GCDS = new int[16];
  static final long[] FIBS = new long[12];
  static final float SCALE;
  static final float[] BLENDED = new float[Weights.TAPS.length];

  static {
    for (int i = 0; i < SQUARES.length; i++) {
      SQUARES[i] = i * i * 0.5f - 3.25f;
    }
    int count = 0;
    for (int k = 2; count < PRIMES.length; k++) {
      if (isPrime(k)) {
        PRIMES[count++] = k;
      }
    }
    for (int i = 0; i < SINES.length; i++) {
      SINES[i] = StrictMath.sin(i * 0.375) + StrictMath.cbrt(i);
    }
    for (int i = 0; i < WRAPPED.length; i++) {
      WRAPPED[i] = (byte) (i * 100);
      switch (i) {
        case 1, 2 -> WRAPPED[i] += 3;
        case 6 -> WRAPPED[i] = (byte) -WRAPPED[i];
        default -> {}
      }
      switch (i * 1000) {
        case 3000 -> WRAPPED[i] ^= 0x55;
        case 7000 -> WRAPPED[i] >>= 1;
        default -> {}
      }
    }
    POWERS[0] = 1;
    for (int i = 1; i < POWERS.length; i++) {
      POWERS[i] = POWERS[i - 1] * 7 + (i % 3 == 0 ? -1 : 0);
    }
    // another class's static methods, and the boxing classes' helpers on primitives
    for (int i = 0; i < GCDS.length; i++) {
      GCDS[i] = MathHelpers.gcd(i * 6, 48) + Integer.bitCount(i * 37);
    }
    for (int i = 0; i < FIBS.length; i++) {
      FIBS[i] = MathHelpers.fib(i) ^ Float.floatToRawIntBits(i * 0.5f);
    }
    SCALE = (float) StrictMath.sqrt(2.0) / 3;
    // another class's static final fields: its initializer runs first, as in the JVM
    for (int i = 0; i < BLENDED.length; i++) {
      BLENDED[i] = Weights.TAPS[i] * Weights.NORM + Weights.BIAS;
    }
  }

  /** A table of another class, computed by its own initializer. */
  static final class Weights {
    static final float[] TAPS = new float[16];
    static final float NORM;
    static final long BIAS = 3L << 40;

    static {
      float sum = 0;
      for (int i = 0; i < TAPS.length; i++) {
        TAPS[i] = (float) StrictMath.exp(-0.125 * (i - 7.5) * (i - 7.5));
        sum += TAPS[i];
      }
      NORM = 1 / sum;
    }

    private Weights() {}
  }

  private StaticTables() {}

  private static boolean isPrime(int k) {
    for (int d = 2; d * d <= k; d++) {
      if (k % d == 0) {
        return false;
      }
    }
    return true;
  }

  @Kernel
  public static void lookup(int[] idx, float[] f, int[] p, double[] s, int[] w, long[] pw) {
    int i = globalIdX();
    if (i < idx.length) {
      int k = idx[i] & 0x7fffffff;
      f[i] = SQUARES[k & 63] * SCALE;
      p[i] = PRIMES[k & 31] + GCDS[k & 15];
      s[i] = SINES[k & 15];
      w[i] = WRAPPED[k & 7];
      pw[i] = POWERS[k % POWERS.length] + FIBS[k % FIBS.length];
    }
  }

  @Kernel
  public static void blend(int[] idx, float[] out) {
    int i = globalIdX();
    if (i < idx.length) {
      int k = idx[i] & 15;
      out[i] = BLENDED[k] - Weights.TAPS[15 - k] * Weights.NORM;
    }
  }
}
