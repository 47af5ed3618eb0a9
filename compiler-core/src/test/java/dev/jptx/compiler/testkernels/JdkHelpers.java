package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import java.util.Arrays;

/**
 * The rest of {@code java.lang.Math} and the small JDK helpers (issue #21 item 3), one thread per
 * input (pair), every result written where the differential tests compare it with the JVM's. The
 * {@code *Exact} kernels take an operation number per thread so that the tests can choose, per
 * operation, inputs that overflow (the kernel stops) and inputs that do not.
 */
public final class JdkHelpers {
  private JdkHelpers() {}

  /** Results per thread of {@link #ints}. */
  public static final int INT_RESULTS = 20;

  /**
   * {@code Integer}, {@code Byte}, {@code Short}, {@code Boolean} and the int {@code Math} ones.
   */
  @Kernel
  public static void ints(int[] x, int[] y, int[] out, long[] wide) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    int a = x[i];
    int b = y[i];
    int o = i * INT_RESULTS;
    out[o] = Integer.compare(a, b);
    out[o + 1] = Integer.compareUnsigned(a, b);
    out[o + 2] = Integer.highestOneBit(a);
    out[o + 3] = Integer.lowestOneBit(a);
    out[o + 4] = Integer.signum(a);
    out[o + 5] = Integer.sum(a, b);
    out[o + 6] = Integer.min(a, b);
    out[o + 7] = Integer.max(a, b);
    out[o + 8] = Byte.toUnsignedInt((byte) a);
    out[o + 9] = Short.toUnsignedInt((short) a);
    boolean p = (a & 1) != 0;
    boolean q = (b & 2) != 0;
    out[o + 10] =
        (Boolean.logicalAnd(p, q) ? 1 : 0)
            + (Boolean.logicalOr(p, q) ? 2 : 0)
            + (Boolean.logicalXor(p, q) ? 4 : 0);
    if (b != 0) {
      out[o + 11] = Integer.divideUnsigned(a, b);
      out[o + 12] = Integer.remainderUnsigned(a, b);
      out[o + 13] = Math.floorDiv(a, b);
      out[o + 14] = Math.floorMod(a, b);
      out[o + 15] = StrictMath.floorDiv(b, a | 1) + StrictMath.floorMod(b, a | 1);
    }
    // as branch conditions, not only as values
    out[o + 16] = Integer.compare(a, b) < 0 ? 1 : Integer.compareUnsigned(b, a) > 0 ? 2 : 3;
    out[o + 17] = Integer.highestOneBit(a) == Integer.lowestOneBit(a) ? 1 : 0;
    out[o + 18] = Integer.signum(a) * 7 + Integer.signum(b);
    out[o + 19] = Integer.bitCount(Integer.highestOneBit(b)) + Byte.toUnsignedInt((byte) b);
    wide[i] = Integer.toUnsignedLong(a) + Integer.toUnsignedLong(b >>> 16);
  }

  /** Results per thread of {@link #longs}. */
  public static final int LONG_RESULTS = 16;

  /** {@code Long} and the long {@code Math} ones; {@code n} is an int operand. */
  @Kernel
  public static void longs(long[] x, long[] y, int[] n, long[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    long a = x[i];
    long b = y[i];
    int c = n[i];
    int o = i * LONG_RESULTS;
    out[o] = Long.compare(a, b);
    out[o + 1] = Long.compareUnsigned(a, b);
    out[o + 2] = Long.highestOneBit(a);
    out[o + 3] = Long.lowestOneBit(a);
    out[o + 4] = Long.signum(a);
    out[o + 5] = Long.sum(a, b);
    out[o + 6] = Long.min(a, b);
    out[o + 7] = Long.max(a, b);
    if (b != 0) {
      out[o + 8] = Long.divideUnsigned(a, b);
      out[o + 9] = Long.remainderUnsigned(a, b);
      out[o + 10] = Math.floorDiv(a, b);
      out[o + 11] = Math.floorMod(a, b);
    }
    if (c != 0) {
      out[o + 12] = Math.floorDiv(a, c);
      out[o + 13] = Math.floorMod(a, c);
      out[o + 14] = StrictMath.floorMod(b, c) * 3L + StrictMath.floorDiv(b, c);
    }
    out[o + 15] = (Long.compare(a, b) > 0 ? 1 : 0) + (Long.compareUnsigned(a, b) < 0 ? 2 : 0);
  }

  /** Results per thread of {@link #floats}. */
  public static final int FLOAT_RESULTS = 14;

  /** The float methods on {@code (x[i], y[i])} and the scale {@code n[i]}. */
  @Kernel
  public static void floats(float[] x, float[] y, int[] n, float[] out, int[] ints) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    float a = x[i];
    float b = y[i];
    int o = i * FLOAT_RESULTS;
    out[o] = Math.signum(a);
    out[o + 1] = Math.copySign(a, b);
    out[o + 2] = StrictMath.copySign(a, b);
    out[o + 3] = Math.ulp(a);
    out[o + 4] = Math.nextUp(a);
    out[o + 5] = Math.nextDown(a);
    out[o + 6] = Math.nextAfter(a, b);
    out[o + 7] = Math.scalb(a, n[i]);
    out[o + 8] = Float.sum(a, b);
    out[o + 9] = Float.min(a, b);
    out[o + 10] = Float.max(a, b);
    out[o + 11] = StrictMath.nextAfter(b, (double) a) + StrictMath.ulp(b);
    out[o + 12] = StrictMath.scalb(b, -n[i]) - StrictMath.nextUp(b);
    out[o + 13] = StrictMath.signum(b) * StrictMath.nextDown(a);
    int k = i * 6;
    ints[k] = Math.round(a);
    ints[k + 1] = Math.getExponent(a);
    ints[k + 2] = Float.isFinite(a) ? 1 : 0;
    ints[k + 3] = Float.compare(a, b);
    ints[k + 4] = StrictMath.round(b) + StrictMath.getExponent(b);
    ints[k + 5] = (Float.compare(a, b) == 0 ? 1 : 0) + (Float.isFinite(b) ? 0 : 2);
  }

  /** Results per thread of {@link #doubles}. */
  public static final int DOUBLE_RESULTS = 16;

  /** The double methods on {@code (x[i], y[i])} and the scale {@code n[i]}. */
  @Kernel
  public static void doubles(double[] x, double[] y, int[] n, double[] out, long[] longs) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    double a = x[i];
    double b = y[i];
    int o = i * DOUBLE_RESULTS;
    out[o] = Math.signum(a);
    out[o + 1] = Math.copySign(a, b);
    out[o + 2] = StrictMath.copySign(a, b);
    out[o + 3] = Math.ulp(a);
    out[o + 4] = Math.nextUp(a);
    out[o + 5] = Math.nextDown(a);
    out[o + 6] = Math.nextAfter(a, b);
    out[o + 7] = Math.scalb(a, n[i]);
    out[o + 8] = Math.IEEEremainder(a, b);
    out[o + 9] = Math.toRadians(a);
    out[o + 10] = Math.toDegrees(a);
    out[o + 11] = Double.sum(a, b);
    out[o + 12] = Double.min(a, b);
    out[o + 13] = Double.max(a, b);
    out[o + 14] = StrictMath.IEEEremainder(b, a) + StrictMath.toRadians(b);
    out[o + 15] = StrictMath.scalb(b, -n[i]) * StrictMath.toDegrees(StrictMath.signum(a));
    int k = i * 6;
    longs[k] = Math.round(a);
    longs[k + 1] = Math.getExponent(a);
    longs[k + 2] = Double.isFinite(a) ? 1 : 0;
    longs[k + 3] = Double.compare(a, b);
    longs[k + 4] = StrictMath.round(b) ^ StrictMath.getExponent(b);
    longs[k + 5] = (Double.compare(a, b) < 0 ? 1 : 0) + (Double.isFinite(b) ? 0 : 2);
  }

  /** The int {@code *Exact} operations, numbered as the tests number them. */
  public static final int INT_EXACT_OPS = 9;

  /** Thread {@code i} applies int operation {@code ops[i]} to {@code (x[i], y[i])}. */
  @Kernel
  public static void exactInts(int[] ops, int[] x, int[] y, long[] l, int[] out) {
    int i = globalIdX();
    if (i >= ops.length) {
      return;
    }
    int a = x[i];
    int b = y[i];
    switch (ops[i]) {
      case 0:
        out[i] = Math.addExact(a, b);
        break;
      case 1:
        out[i] = Math.subtractExact(a, b);
        break;
      case 2:
        out[i] = Math.multiplyExact(a, b);
        break;
      case 3:
        out[i] = Math.incrementExact(a);
        break;
      case 4:
        out[i] = Math.decrementExact(a);
        break;
      case 5:
        out[i] = Math.negateExact(a);
        break;
      case 6:
        out[i] = Math.toIntExact(l[i]);
        break;
      case 7:
        out[i] = Math.absExact(a);
        break;
      default:
        out[i] = StrictMath.addExact(a, b);
        break;
    }
  }

  /** The long {@code *Exact} operations. */
  public static final int LONG_EXACT_OPS = 9;

  /** Thread {@code i} applies long operation {@code ops[i]} to {@code (x[i], y[i])}, or n[i]. */
  @Kernel
  public static void exactLongs(int[] ops, long[] x, long[] y, int[] n, long[] out) {
    int i = globalIdX();
    if (i >= ops.length) {
      return;
    }
    long a = x[i];
    long b = y[i];
    switch (ops[i]) {
      case 0:
        out[i] = Math.addExact(a, b);
        break;
      case 1:
        out[i] = Math.subtractExact(a, b);
        break;
      case 2:
        out[i] = Math.multiplyExact(a, b);
        break;
      case 3:
        out[i] = Math.multiplyExact(a, n[i]);
        break;
      case 4:
        out[i] = Math.incrementExact(a);
        break;
      case 5:
        out[i] = Math.decrementExact(a);
        break;
      case 6:
        out[i] = Math.negateExact(a);
        break;
      case 7:
        out[i] = Math.absExact(a);
        break;
      default:
        out[i] = StrictMath.multiplyExact(b, a);
        break;
    }
  }

  /** The helpers that divide, each on its own line: a zero divisor stops where Java throws. */
  @Kernel
  public static void divisions(int op, int a, int b, long c, long[] out) {
    if (op == 0) {
      out[0] = Math.floorDiv(a, b);
    } else if (op == 1) {
      out[0] = Math.floorMod(c, b);
    } else if (op == 2) {
      out[0] = Integer.divideUnsigned(a, b);
    } else {
      out[0] = Long.remainderUnsigned(c, b);
    }
  }

  /** {@code Arrays.fill} on every primitive array type, whole and over {@code [from, to)}. */
  @Kernel
  public static void fills(
      int from,
      int to,
      boolean[] z,
      byte[] b,
      short[] s,
      char[] c,
      int[] i,
      long[] l,
      float[] f,
      double[] d) {
    if (globalIdX() != 0) {
      return;
    }
    Arrays.fill(z, true);
    Arrays.fill(z, from, to, false);
    Arrays.fill(b, (byte) -3);
    Arrays.fill(b, from, to, (byte) 7);
    Arrays.fill(s, (short) -300);
    Arrays.fill(s, from, to, (short) 12345);
    Arrays.fill(c, 'x');
    Arrays.fill(c, from, to, '\uffff');
    Arrays.fill(i, -1);
    Arrays.fill(i, from, to, from * 1000 + to);
    Arrays.fill(l, Long.MIN_VALUE);
    Arrays.fill(l, from, to, 1L << 40);
    Arrays.fill(f, -0.0f);
    Arrays.fill(f, from, to, Float.NaN);
    Arrays.fill(d, 2.5);
    Arrays.fill(d, from, to, -1e300);
  }

  /** Each thread fills its own row of a local array, then copies it out: fill on local memory. */
  @Kernel
  public static void fillLocal(int[] lengths, int[] out) {
    int t = globalIdX();
    if (t >= lengths.length) {
      return;
    }
    int[] row = new int[8];
    Arrays.fill(row, t);
    Arrays.fill(row, 0, lengths[t], -t);
    for (int k = 0; k < 8; k++) {
      out[t * 8 + k] = row[k];
    }
  }

  /** Known answers of constant arguments: folded when optimizing, computed at -O0. */
  @Kernel
  public static void constants(long[] out, double[] values) {
    if (globalIdX() != 0) {
      return;
    }
    out[0] = Math.round(0.49999999999999994);
    out[1] = Math.round(-2.5f);
    out[2] = Integer.highestOneBit(0);
    out[3] = Math.floorMod(-7, 3);
    out[4] = Math.floorDiv(-7, 3);
    out[5] = Math.round(2.5);
    out[6] = Math.round(-0.5);
    out[7] = Math.round(Double.NaN);
    out[8] = Math.round(1e20f);
    out[9] = Math.floorMod(7L, -3);
    out[10] = Integer.compareUnsigned(-1, 1);
    out[11] = Long.divideUnsigned(-1L, 10L);
    out[12] = Math.getExponent(Double.MIN_VALUE);
    out[13] = Float.compare(-0.0f, 0.0f);
    out[14] = Long.highestOneBit(-1L);
    out[15] = Math.round(4503599627370497.0);
    values[0] = Math.ulp(Double.MIN_VALUE);
    values[1] = Math.ulp(1.0);
    values[2] = Math.nextUp(-0.0);
    values[3] = Math.nextAfter(0.0, -1.0);
    values[4] = Math.scalb(1.0, -1074);
    values[5] = Math.scalb(3.0, -1075);
    values[6] = Math.IEEEremainder(5.0, 2.0);
    values[7] = Math.IEEEremainder(7.0, 2.0);
    values[8] = Math.signum(-0.0);
    values[9] = Math.copySign(1.0, Double.longBitsToDouble(0xFFF8000000000000L));
    values[10] = StrictMath.copySign(1.0, Double.longBitsToDouble(0xFFF8000000000000L));
    values[11] = Math.toDegrees(Math.PI);
    values[12] = Math.ulp(Double.POSITIVE_INFINITY);
    values[13] = Math.nextAfter(1.0f, Double.POSITIVE_INFINITY);
  }
}
