package dev.jptx.compiler.differential;

import dev.jptx.Gpu;
import java.util.SplittableRandom;

/**
 * Packed fused multiply-add operands that catch a sum rounded twice: in every lane the exact
 * product {@code a * b} lies exactly halfway between two neighbours of the format, and the addend
 * {@code c} is so small that the sum rounded to nearest in float (or, for bfloat16, in double) is
 * the midpoint itself; rounding that to the format then breaks the tie to even, while the exact sum
 * lies on one side of it. {@code twiceRoundedWrong} counts the lanes where that happens.
 */
record FmaCases(int[] a, int[] b, int[] c, int twiceRoundedWrong) {
  private interface Format {
    float value(int bits);

    int round(float f);
  }

  private static final Format HALF =
      new Format() {
        @Override
        public float value(int bits) {
          return Gpu.halfToFloat((short) bits);
        }

        @Override
        public int round(float f) {
          return Gpu.floatToHalf(f) & 0xffff;
        }
      };

  private static final Format BF16 =
      new Format() {
        @Override
        public float value(int bits) {
          return Gpu.bf16ToFloat((short) bits);
        }

        @Override
        public int round(float f) {
          return Gpu.floatToBf16(f) & 0xffff;
        }
      };

  /** binary16 cases: products of 1 to 2^32, addends below half a float ulp of the product. */
  static FmaCases half(SplittableRandom random, int n) {
    int[] a = new int[n];
    int[] b = new int[n];
    int[] c = new int[n];
    int wrong = 0;
    for (int i = 0; i < n; i++) {
      for (int shift = 0; shift < 32; shift += 16) {
        int[] lane = halfLane(random);
        a[i] |= lane[0] << shift;
        b[i] |= lane[1] << shift;
        c[i] |= lane[2] << shift;
        float twice = HALF.value(lane[0]) * HALF.value(lane[1]) + HALF.value(lane[2]);
        int once = Gpu.hfma2(lane[0], lane[1], lane[2]) & 0xffff;
        wrong += HALF.round(twice) != once ? 1 : 0;
      }
    }
    return new FmaCases(a, b, c, wrong);
  }

  /** bfloat16 cases: addends below half a double (or, every other lane, a float) ulp. */
  static FmaCases bf16(SplittableRandom random, int n) {
    int[] a = new int[n];
    int[] b = new int[n];
    int[] c = new int[n];
    int wrong = 0;
    for (int i = 0; i < n; i++) {
      for (int shift = 0; shift < 32; shift += 16) {
        int[] lane = bf16Lane(random, shift == 0);
        a[i] |= lane[0] << shift;
        b[i] |= lane[1] << shift;
        c[i] |= lane[2] << shift;
        double twice = (double) BF16.value(lane[0]) * BF16.value(lane[1]) + BF16.value(lane[2]);
        int once = Gpu.bf16fma2(lane[0], lane[1], lane[2]) & 0xffff;
        wrong += BF16.round((float) twice) != once ? 1 : 0;
      }
    }
    return new FmaCases(a, b, c, wrong);
  }

  private static int[] halfLane(SplittableRandom random) {
    while (true) {
      int x = finite(random, 0x1f, 10);
      int y = finite(random, 0x1f, 10);
      float p = HALF.value(x) * HALF.value(y); // exact: 22 significant bits
      if (Math.abs(p) < 1 || !isMidpoint(HALF, p)) {
        continue;
      }
      // an addend below half a float ulp of p: the float sum is p, a tie for binary16
      int z = HALF.round(Math.ulp(p) / 2 * (float) random.nextDouble(0.01, 1));
      if (HALF.value(z) == 0 || HALF.value(z) > Math.ulp(p) / 2) {
        continue;
      }
      return new int[] {x, y, z | (random.nextBoolean() ? 0x8000 : 0)};
    }
  }

  private static int[] bf16Lane(SplittableRandom random, boolean belowDouble) {
    while (true) {
      // exponents within 2^-40..2^40 keep the product a normal float
      int x = finite(random, 0xff, 7);
      int y = finite(random, 0xff, 7);
      if (Math.abs(Math.getExponent(BF16.value(x))) > 40
          || Math.abs(Math.getExponent(BF16.value(y))) > 40) {
        continue;
      }
      float p = BF16.value(x) * BF16.value(y); // exact: 16 significant bits
      if (!isMidpoint(BF16, p)) {
        continue;
      }
      double limit = belowDouble ? Math.ulp((double) p) / 2 : Math.ulp(p) / 2;
      int z = BF16.round((float) (limit * random.nextDouble(0.01, 1)));
      if (BF16.value(z) == 0 || BF16.value(z) > limit) {
        continue;
      }
      return new int[] {x, y, z | (random.nextBoolean() ? 0x8000 : 0)};
    }
  }

  /**
   * A finite nonzero pattern with few significant bits (so products land on midpoints often):
   * random sign, exponent below the all-ones one, and low fraction bits cleared.
   */
  private static int finite(SplittableRandom random, int maxExponent, int fractionBits) {
    int exponent = random.nextInt(1, maxExponent);
    int fraction = random.nextInt(1 << fractionBits);
    fraction &= -1 << random.nextInt(fractionBits);
    int sign = random.nextBoolean() ? 0x8000 : 0;
    return sign | exponent << fractionBits | fraction;
  }

  /** True if {@code p} (exact in float) lies halfway between two neighbours of the format. */
  private static boolean isMidpoint(Format f, float p) {
    return f.round(Math.nextUp(p)) != f.round(Math.nextDown(p));
  }
}
