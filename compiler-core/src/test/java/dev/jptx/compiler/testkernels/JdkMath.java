package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/**
 * Every JDK intrinsic of API.md, one thread per input (or input pair), results written as bit
 * patterns where the sign of zero matters. The differential tests feed them edge values.
 */
public final class JdkMath {
  private JdkMath() {}

  /** Results per thread of {@link #intBits}. */
  public static final int INT_RESULTS = 13;

  @Kernel
  public static void intBits(int[] x, int[] counts, int[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    int v = x[i];
    int c = counts[i];
    int o = i * INT_RESULTS;
    out[o] = Integer.bitCount(v);
    out[o + 1] = Integer.numberOfLeadingZeros(v);
    out[o + 2] = Integer.numberOfTrailingZeros(v);
    out[o + 3] = Integer.reverse(v);
    out[o + 4] = Integer.reverseBytes(v);
    out[o + 5] = Integer.rotateLeft(v, c);
    out[o + 6] = Integer.rotateRight(v, c);
    out[o + 7] = Integer.rotateLeft(v, 7) ^ Integer.rotateRight(v, 33);
    out[o + 8] = Math.abs(v);
    out[o + 9] = Math.min(v, c);
    out[o + 10] = Math.max(v, c);
    out[o + 11] = StrictMath.abs(v) + StrictMath.min(v, c) + StrictMath.max(v, c);
    out[o + 12] = Integer.rotateLeft(v, 0) ^ Integer.rotateRight(v, -1);
  }

  /** Results per thread of {@link #shortBits}. */
  public static final int SHORT_RESULTS = 3;

  /** The 16-bit byte swaps, which the backend promotes to a 32-bit {@code prmt}. */
  @Kernel
  public static void shortBits(int[] x, int[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    int v = x[i];
    int o = i * SHORT_RESULTS;
    out[o] = Short.reverseBytes((short) v);
    out[o + 1] = Character.reverseBytes((char) v);
    out[o + 2] = Short.reverseBytes((short) (v >>> 16)) + Character.reverseBytes((char) (v >> 3));
  }

  /** Results per thread of {@link #longBits}. */
  public static final int LONG_RESULTS = 16;

  @Kernel
  public static void longBits(long[] x, long[] y, int[] counts, long[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    long v = x[i];
    long w = y[i];
    int c = counts[i];
    int o = i * LONG_RESULTS;
    out[o] = Long.bitCount(v);
    out[o + 1] = Long.numberOfLeadingZeros(v);
    out[o + 2] = Long.numberOfTrailingZeros(v);
    out[o + 3] = Long.reverse(v);
    out[o + 4] = Long.reverseBytes(v);
    out[o + 5] = Long.rotateLeft(v, c);
    out[o + 6] = Long.rotateRight(v, c);
    out[o + 7] = Long.rotateLeft(v, 13) ^ Long.rotateRight(v, 64);
    out[o + 8] = Long.rotateLeft(v, 0) + Long.rotateRight(v, -1) + Long.rotateLeft(v, 95);
    out[o + 9] = Math.multiplyHigh(v, w);
    out[o + 10] = StrictMath.multiplyHigh(w, v);
    out[o + 11] = Math.abs(v);
    out[o + 12] = Math.min(v, w);
    out[o + 13] = Math.max(v, w);
    // the int results of the Long bit counts take part in int arithmetic
    out[o + 14] = Long.bitCount(v) * 3 - Long.numberOfTrailingZeros(w) + (v >>> c);
    out[o + 15] = StrictMath.abs(w) ^ StrictMath.min(v, w) ^ StrictMath.max(v, w);
  }

  /** Results per thread of {@link #floatOps}. */
  public static final int FLOAT_RESULTS = 12;

  /** Float methods on the pair {@code (x[i], y[i])}, each result as bits. */
  @Kernel
  public static void floatOps(float[] x, float[] y, int[] out, float[] values) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    float a = x[i];
    float b = y[i];
    int o = i * FLOAT_RESULTS;
    out[o] = Float.floatToRawIntBits(a);
    out[o + 1] = Float.floatToIntBits(a * b);
    out[o + 2] = Float.isNaN(a) ? 1 : 0;
    out[o + 3] = Float.isInfinite(a) ? 1 : 0;
    out[o + 4] = Float.floatToIntBits(Math.min(a, b));
    out[o + 5] = Float.floatToIntBits(Math.max(a, b));
    out[o + 6] = Float.floatToIntBits(Math.abs(a));
    out[o + 7] = Float.floatToIntBits(Math.fma(a, b, a));
    out[o + 8] = Float.floatToIntBits(StrictMath.min(a, b) + StrictMath.max(b, a));
    out[o + 9] = Float.floatToIntBits(StrictMath.fma(b, b, -a) - StrictMath.abs(b));
    // isNaN/isInfinite as branch conditions, not only as values
    int k = 0;
    if (Float.isNaN(b)) {
      k += 1;
    }
    if (!Float.isInfinite(b)) {
      k += 2;
    }
    out[o + 10] = k;
    out[o + 11] = Float.floatToRawIntBits(Float.intBitsToFloat(Float.floatToRawIntBits(b) ^ i));
    values[i] = Float.intBitsToFloat(Float.floatToRawIntBits(a) + 1);
  }

  /** Results per thread of {@link #doubleOps}. */
  public static final int DOUBLE_RESULTS = 18;

  /** Double methods on the pair {@code (x[i], y[i])}, each result as bits. */
  @Kernel
  public static void doubleOps(double[] x, double[] y, long[] out, double[] values) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    double a = x[i];
    double b = y[i];
    int o = i * DOUBLE_RESULTS;
    out[o] = Double.doubleToRawLongBits(a);
    out[o + 1] = Double.doubleToLongBits(a * b);
    out[o + 2] = Double.isNaN(a) ? 1 : 0;
    out[o + 3] = Double.isInfinite(a) ? 1 : 0;
    out[o + 4] = Double.doubleToLongBits(Math.min(a, b));
    out[o + 5] = Double.doubleToLongBits(Math.max(a, b));
    out[o + 6] = Double.doubleToLongBits(Math.abs(a));
    out[o + 7] = Double.doubleToLongBits(Math.fma(a, b, a));
    out[o + 8] = Double.doubleToLongBits(Math.sqrt(a));
    out[o + 9] = Double.doubleToLongBits(Math.floor(a));
    out[o + 10] = Double.doubleToLongBits(Math.ceil(a));
    out[o + 11] = Double.doubleToLongBits(Math.rint(a));
    out[o + 12] = Double.doubleToLongBits(StrictMath.floor(b) + StrictMath.ceil(b));
    out[o + 13] = Double.doubleToLongBits(StrictMath.rint(b) - StrictMath.sqrt(b));
    out[o + 14] = Double.doubleToLongBits(StrictMath.min(a, b) * StrictMath.max(b, a));
    out[o + 15] = Double.doubleToLongBits(StrictMath.fma(b, b, -a) - StrictMath.abs(b));
    int k = 0;
    if (Double.isNaN(b)) {
      k += 1;
    }
    if (!Double.isInfinite(b)) {
      k += 2;
    }
    out[o + 16] = k;
    out[o + 17] =
        Double.doubleToRawLongBits(Double.longBitsToDouble(Double.doubleToRawLongBits(b)));
    values[i] = Double.longBitsToDouble(Double.doubleToRawLongBits(a) + 1);
  }

  /** Fused multiply-adds whose single rounding differs from a multiply then an add. */
  @Kernel
  public static void fused(float[] a, float[] b, float[] c, double[] d, int[] fout, long[] dout) {
    int i = globalIdX();
    if (i >= a.length) {
      return;
    }
    fout[i] = Float.floatToIntBits(Math.fma(a[i], b[i], c[i]));
    double x = d[i];
    dout[i] = Double.doubleToLongBits(Math.fma(x, x, -(x * x)));
  }

  /**
   * The intrinsics on constants: folded at compile time when optimizing, computed on the device at
   * -O0; both must give the JVM's results.
   */
  @Kernel
  public static void constants(int[] ints, long[] longs) {
    if (globalIdX() != 0) {
      return;
    }
    ints[0] = Integer.bitCount(0xF0F0_1234);
    ints[1] = Integer.numberOfLeadingZeros(0) + Integer.numberOfLeadingZeros(0x0001_0000);
    ints[2] = Integer.numberOfTrailingZeros(0) + Integer.numberOfTrailingZeros(0x0100_0000);
    ints[3] = Integer.reverse(0x1234_5678);
    ints[4] = Integer.reverseBytes(0x1234_5678);
    ints[5] = Integer.rotateLeft(0x8000_0001, 33) ^ Integer.rotateRight(0x8000_0001, -3);
    ints[6] = Math.abs(Integer.MIN_VALUE) + Math.min(-5, 3) * Math.max(-5, 3);
    ints[7] = Long.bitCount(-1L) + Long.numberOfLeadingZeros(0L) + Long.numberOfTrailingZeros(4L);
    ints[8] = Float.floatToIntBits(0.0f / 0.0f) ^ Float.floatToRawIntBits(-0.0f);
    ints[9] = (Float.isNaN(0.0f / 0.0f) ? 1 : 0) + (Float.isInfinite(1.0f / 0.0f) ? 2 : 0);
    ints[10] =
        Float.floatToIntBits(Math.min(-0.0f, 0.0f)) ^ Float.floatToIntBits(Math.fma(3f, 5f, 1f));
    ints[11] = Float.floatToIntBits(Math.max(Float.NaN, 1f) + Math.abs(-2.5f));
    longs[0] = Long.reverse(0x0123_4567_89AB_CDEFL);
    longs[1] = Long.reverseBytes(0x0123_4567_89AB_CDEFL);
    longs[2] = Long.rotateLeft(0x8000_0000_0000_0001L, 65) ^ Long.rotateRight(3L, 64);
    longs[3] = Math.multiplyHigh(Long.MIN_VALUE, -1L) + Math.multiplyHigh(-3L, 1L << 62);
    longs[4] = Double.doubleToLongBits(Math.floor(-0.5)) ^ Double.doubleToLongBits(Math.ceil(-0.5));
    longs[5] = Double.doubleToLongBits(Math.rint(2.5) + Math.sqrt(2.0));
    longs[6] =
        Double.doubleToLongBits(Math.min(0.0, -0.0)) + Double.doubleToLongBits(Math.max(-0.0, 0.0));
    longs[7] =
        Double.doubleToLongBits(Math.fma(0.1, 10.0, -1.0)) ^ Double.doubleToRawLongBits(-1e300);
    longs[8] = Double.doubleToLongBits(Math.abs(-0.0)) + (Double.isNaN(Math.sqrt(-1.0)) ? 1 : 0);
    longs[9] = Double.doubleToLongBits(Double.longBitsToDouble(0x7FF0_0000_0000_0001L));
    // two zeros in both orders: the folded PTX min/max may return either, Java orders them
    ints[12] =
        Float.floatToIntBits(Math.min(0.0f, -0.0f)) ^ Float.floatToIntBits(Math.max(0.0f, -0.0f));
    ints[13] = Float.floatToIntBits(Math.max(-0.0f, 0.0f));
    longs[10] = Double.doubleToLongBits(Math.min(0.0, -0.0));
    longs[11] = Double.doubleToLongBits(Math.max(-0.0, 0.0));
    longs[12] =
        Double.doubleToLongBits(Math.min(-0.0, 0.0)) + Double.doubleToLongBits(Math.max(0.0, -0.0));
    longs[13] =
        Double.doubleToLongBits(Math.min(Double.NaN, 0.0))
            ^ Double.doubleToLongBits(Math.max(-0.0, Double.NaN));
  }
}
