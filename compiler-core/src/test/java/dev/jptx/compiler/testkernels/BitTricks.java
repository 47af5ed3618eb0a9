package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Rotations, funnel shifts and bit-field inserts spelled with shifts, masks and {@code |}. */
public final class BitTricks {
  private BitTricks() {}

  @Kernel
  public static void bitOps(int n, int[] a, int[] b, long[] c, int[] out, long[] outL) {
    int i = globalIdX();
    if (i < n) {
      int x = a[i];
      int y = b[i];
      long z = c[i];
      out[4 * i] = (x << 7) | (x >>> 25);
      out[4 * i + 1] = (x << 13) | (y >>> 19);
      out[4 * i + 2] = (x & ~(0xff << 8)) | ((y & 0xff) << 8);
      out[4 * i + 3] = ((y << 20) & 0x3ff00000) | (x & ~0x3ff00000);
      outL[2 * i] = (z << 9) | (z >>> 55);
      outL[2 * i + 1] = (z & ~(0xffffL << 40)) | (((long) x & 0xffffL) << 40);
    }
  }
}
