package dev.jptx.compiler.testkernels;

import dev.jptx.Kernel;

/** One short kernel per group of JDK intrinsics, for the golden PTX test of their instructions. */
public final class JdkMathPtx {
  private JdkMathPtx() {}

  @Kernel
  public static void ints(int[] o, int x, int n) {
    o[0] = Integer.bitCount(x);
    o[1] = Integer.numberOfLeadingZeros(x);
    o[2] = Integer.numberOfTrailingZeros(x);
    o[3] = Integer.reverse(x);
    o[4] = Integer.reverseBytes(x);
    o[5] = Integer.rotateLeft(x, n);
    o[6] = Integer.rotateRight(x, 5);
    o[7] = Math.abs(x) + Math.min(x, n) + Math.max(x, n);
  }

  @Kernel
  public static void longs(long[] o, long x, long y, int n) {
    o[0] = Long.bitCount(x);
    o[1] = Long.numberOfLeadingZeros(x);
    o[2] = Long.numberOfTrailingZeros(x);
    o[3] = Long.reverse(x);
    o[4] = Long.reverseBytes(x);
    o[5] = Long.rotateLeft(x, n);
    o[6] = Long.rotateRight(x, 5);
    o[7] = Math.multiplyHigh(x, y);
  }

  @Kernel
  public static void floats(float[] o, int[] bits, float x, float y) {
    o[0] = Math.min(x, y);
    o[1] = Math.max(x, y);
    o[2] = Math.abs(x);
    o[3] = Math.fma(x, y, 1.0f);
    bits[0] = Float.floatToIntBits(x);
    bits[1] = Float.isNaN(x) ? 1 : 0;
    bits[2] = Float.isInfinite(y) ? 1 : 0;
  }

  @Kernel
  public static void doubles(double[] o, double x, double y) {
    o[0] = Math.min(x, y);
    o[1] = Math.sqrt(x);
    o[2] = Math.floor(x);
    o[3] = Math.ceil(x);
    o[4] = Math.rint(x);
    o[5] = Math.fma(x, y, x);
    o[6] = Double.longBitsToDouble(Double.doubleToLongBits(y));
  }
}
