package dev.jptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Half and bfloat16 conversions and arithmetic, bit for bit against {@link HalfReference}. */
class HalfPrecisionTest {
  private static final HalfReference HALF = HalfReference.HALF;
  private static final HalfReference BF16 = HalfReference.BF16;
  private final Random random = new Random(1234);

  @Test
  void halfToFloat_exhaustiveAndExact() {
    for (int h = 0; h < 0x10000; h++) {
      float f = Gpu.halfToFloat((short) h);
      if (HALF.isNaN(h)) {
        assertTrue(Float.isNaN(f), "NaN " + Integer.toHexString(h));
        assertEquals(h >>> 15, Float.floatToRawIntBits(f) >>> 31, "sign of NaN");
      } else if (HALF.isInfinite(h)) {
        assertEquals(HALF.toDouble(h), f, 0.0);
      } else {
        assertEquals(0, HALF.value(h).compareTo(new BigDecimal(f)), Integer.toHexString(h));
        assertEquals(h >>> 15, Float.floatToRawIntBits(f) >>> 31, "sign " + Integer.toHexString(h));
      }
    }
  }

  @Test
  void floatToHalf_roundTripsEveryHalf() {
    for (int h = 0; h < 0x10000; h++) {
      int back = Gpu.floatToHalf(Gpu.halfToFloat((short) h)) & 0xffff;
      assertEquals(HALF.isNaN(h) ? 0x7fff : h, back, Integer.toHexString(h));
    }
  }

  @Test
  void floatToHalf_midpointsAndNeighboursOfEveryHalf() {
    for (int h = 0; h < 0x7c00; h++) {
      for (int sign : new int[] {0, 0x8000}) {
        // the float midpoint between h and h + 1 (exact in float), and the floats next to it
        BigDecimal mid = HALF.value(h).add(HALF.value(h + 1)).divide(BigDecimal.valueOf(2));
        float m = mid.floatValue();
        assertEquals(0, mid.compareTo(new BigDecimal(m)));
        for (float f : new float[] {m, Math.nextDown(m), Math.nextUp(m)}) {
          float x = sign == 0 ? f : -f;
          int expected = HALF.round(new BigDecimal(x), sign != 0);
          assertEquals(expected, Gpu.floatToHalf(x) & 0xffff, "floatToHalf(" + x + ")");
        }
      }
    }
  }

  @Test
  void floatToHalf_randomFloatsAndSpecials() {
    for (int k = 0; k < 100_000; k++) {
      // exponents around the binary16 range, where rounding is interesting
      int bits =
          (random.nextInt(2) << 31) | ((96 + random.nextInt(50)) << 23) | random.nextInt(1 << 23);
      float x = Float.intBitsToFloat(bits);
      assertEquals(HALF.roundDouble(x), Gpu.floatToHalf(x) & 0xffff, "floatToHalf(" + x + ")");
    }
    float[] specials = {
      0f,
      -0f,
      Float.MIN_VALUE,
      -Float.MIN_VALUE,
      65504f,
      65519.996f,
      65520f,
      -65520f,
      1e10f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      0x1p-24f,
      0x1p-25f,
      0x1.000002p-25f,
      0x1.8p-24f,
      0x1p-14f,
      0x1.ffcp-15f
    };
    for (float x : specials) {
      assertEquals(HALF.roundDouble(x), Gpu.floatToHalf(x) & 0xffff, "floatToHalf(" + x + ")");
    }
    assertEquals(0x7fff, Gpu.floatToHalf(Float.NaN) & 0xffff);
    assertEquals(0x7fff, Gpu.floatToHalf(Float.intBitsToFloat(0xffc01234)) & 0xffff);
  }

  /** A random half: mostly moderate values, sometimes any pattern at all. */
  private int randomHalf() {
    return random.nextInt(4) == 0
        ? random.nextInt(0x10000)
        : (random.nextInt(2) << 15) | ((5 + random.nextInt(20)) << 10) | random.nextInt(1024);
  }

  private int expectedLane(String op, int a, int b, int c) {
    double x = HALF.toDouble(a);
    double y = HALF.toDouble(b);
    double z = HALF.toDouble(c);
    boolean finite = Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z);
    switch (op) {
      case "add":
        return HALF.roundDouble(x + y); // exact in double
      case "sub":
        return HALF.roundDouble(x - y);
      case "mul":
        return HALF.roundDouble(x * y);
      default:
        if (!finite) {
          return HALF.roundDouble(Math.fma(x, y, z));
        }
        BigDecimal exact = HALF.value(a).multiply(HALF.value(b)).add(HALF.value(c));
        return HALF.round(exact, Double.doubleToRawLongBits(Math.fma(x, y, z)) < 0);
    }
  }

  private static int apply(String op, int a, int b, int c) {
    switch (op) {
      case "add":
        return Gpu.hadd2(a, b);
      case "sub":
        return Gpu.hsub2(a, b);
      case "mul":
        return Gpu.hmul2(a, b);
      default:
        return Gpu.hfma2(a, b, c);
    }
  }

  @Test
  void halfArithmetic_roundedOnceBothLanes() {
    for (String op : new String[] {"add", "sub", "mul", "fma"}) {
      for (int k = 0; k < 30_000; k++) {
        int a = randomHalf() | randomHalf() << 16;
        int b = randomHalf() | randomHalf() << 16;
        int c = randomHalf() | randomHalf() << 16;
        int got = apply(op, a, b, c);
        int lo = expectedLane(op, a & 0xffff, b & 0xffff, c & 0xffff);
        int hi = expectedLane(op, a >>> 16, b >>> 16, c >>> 16);
        assertEquals(
            Integer.toHexString(lo | hi << 16),
            Integer.toHexString(got),
            op + "(" + Integer.toHexString(a) + ", " + Integer.toHexString(b) + ")");
      }
    }
  }

  @Test
  void halfArithmetic_edgeCases() {
    int one = 0x3c00;
    int max = 0x7bff;
    int minSub = 0x0001;
    assertEquals(0x7c00, Gpu.hadd2(max, 0x5000) & 0xffff, "65504 + 32 rounds to inf");
    assertEquals(0x7c00, Gpu.hadd2(max, 0x4c00) & 0xffff, "65504 + 16 = 65520 ties to even: inf");
    assertEquals(max, Gpu.hadd2(max, 0x4bff) & 0xffff, "65504 + 15.99 stays 65504");
    assertEquals(0x0000, Gpu.hmul2(minSub, 0x3800) & 0xffff, "2^-25 ties to even zero");
    assertEquals(0x0002, Gpu.hmul2(minSub, 0x3e00) & 0xffff, "1.5 * 2^-24 ties up to 2^-23");
    assertEquals(0x0000, Gpu.hsub2(one, one) & 0xffff, "x - x is +0");
    assertEquals(0x8000, Gpu.hadd2(0x8000, 0x8000) & 0xffff, "-0 + -0 is -0");
    assertEquals(0x7fff, Gpu.hsub2(0x7c00, 0x7c00) & 0xffff, "inf - inf is the canonical NaN");
    assertEquals(0x7fff, Gpu.hfma2(0x7c00, 0, one) & 0xffff, "inf * 0 + 1 is NaN");
    assertEquals(0x7fff, Gpu.hadd2(0x7e01, one) & 0xffff, "NaN in, canonical NaN out");
  }

  @Test
  void hmaxHmin_cudaSemantics() {
    int nan = 0x7e00;
    int one = 0x3c00;
    int minusTwo = 0xc000;
    assertEquals(one | one << 16, Gpu.hmax2(nan | one << 16, one | nan << 16));
    assertEquals(0x7fff, Gpu.hmax2(nan, 0x7d00) & 0xffff, "both NaN: canonical NaN");
    assertEquals(0x7fff, Gpu.hmin2(nan, 0xfe00) & 0xffff);
    assertEquals(0x0000, Gpu.hmax2(0x8000, 0x0000) & 0xffff, "+0 above -0");
    assertEquals(0x0000, Gpu.hmax2(0x0000, 0x8000) & 0xffff);
    assertEquals(0x8000, Gpu.hmin2(0x0000, 0x8000) & 0xffff, "-0 below +0");
    assertEquals(0x8000, Gpu.hmin2(0x8000, 0x0000) & 0xffff);
    assertEquals(one | minusTwo << 16, Gpu.hmax2(minusTwo | minusTwo << 16, one | 0xfc00 << 16));
    assertEquals(minusTwo, Gpu.hmin2(minusTwo, one) & 0xffff);
    for (int k = 0; k < 20_000; k++) {
      int a = randomHalf();
      int b = randomHalf();
      if (!HALF.isNaN(a) && !HALF.isNaN(b) && HALF.toDouble(a) != HALF.toDouble(b)) {
        boolean aBigger = HALF.toDouble(a) > HALF.toDouble(b);
        assertEquals(aBigger ? a : b, Gpu.hmax2(a, b) & 0xffff);
        assertEquals(aBigger ? b : a, Gpu.hmin2(a, b) & 0xffff);
      }
    }
  }

  @Test
  void packAndUnpack() {
    int packed = Gpu.packHalf2(1.5f, -2.25f);
    assertEquals(0x3e00, packed & 0xffff);
    assertEquals(0xc080, packed >>> 16);
    assertEquals(1.5f, Gpu.lowHalf(packed));
    assertEquals(-2.25f, Gpu.highHalf(packed));
  }

  @Test
  void bf16Conversions_exactAndRoundedToNearestEven() {
    for (int b = 0; b < 0x10000; b++) {
      float f = Gpu.bf16ToFloat((short) b);
      assertEquals(b << 16, Float.floatToRawIntBits(f));
      if (!BF16.isNaN(b)) {
        assertEquals(b, Gpu.floatToBf16(f) & 0xffff);
      }
    }
    for (int k = 0; k < 100_000; k++) {
      float x = Float.intBitsToFloat(random.nextInt());
      int expected = Float.isNaN(x) ? 0x7fff : BF16.roundDouble(x);
      assertEquals(expected, Gpu.floatToBf16(x) & 0xffff, "floatToBf16(" + x + ")");
    }
    assertEquals(0x3f80, Gpu.floatToBf16(Float.intBitsToFloat(0x3f808000)) & 0xffff, "tie, even");
    assertEquals(0x3f82, Gpu.floatToBf16(Float.intBitsToFloat(0x3f818000)) & 0xffff, "tie, up");
    assertEquals(0x7f80, Gpu.floatToBf16(Float.MAX_VALUE) & 0xffff, "overflow to inf");
    assertEquals(0x0001, Gpu.floatToBf16(Float.intBitsToFloat(0x00008001)) & 0xffff, "subnormal");
  }

  @Test
  void bf16fma2_exactSingleRounding() {
    for (int k = 0; k < 30_000; k++) {
      int[] lanes = new int[6];
      for (int i = 0; i < 6; i++) {
        lanes[i] =
            random.nextInt(8) == 0
                ? random.nextInt(0x10000)
                : (random.nextInt(2) << 15)
                    | ((100 + random.nextInt(56)) << 7)
                    | random.nextInt(128);
      }
      int a = lanes[0] | lanes[1] << 16;
      int b = lanes[2] | lanes[3] << 16;
      int c = lanes[4] | lanes[5] << 16;
      int expected =
          bf16Fma(lanes[0], lanes[2], lanes[4]) | bf16Fma(lanes[1], lanes[3], lanes[5]) << 16;
      assertEquals(Integer.toHexString(expected), Integer.toHexString(Gpu.bf16fma2(a, b, c)));
    }
  }

  private static int bf16Fma(int a, int b, int c) {
    double x = BF16.toDouble(a);
    double y = BF16.toDouble(b);
    double z = BF16.toDouble(c);
    if (!(Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z))) {
      return BF16.roundDouble(Math.fma(x, y, z));
    }
    BigDecimal exact = BF16.value(a).multiply(BF16.value(b)).add(BF16.value(c));
    return BF16.round(exact, Double.doubleToRawLongBits(Math.fma(x, y, z)) < 0);
  }

  @Test
  void bf16fma2_doubleRoundingCaseIsExact() {
    // 1.5 * 1.359375 = 261/128 lies exactly halfway between the bfloat16 values 260/128 and
    // 262/128; adding 2^-60 puts the exact sum just above it, but in double the sum rounds back
    // onto the midpoint, whose tie would go to the even 260/128. One rounding gives 262/128.
    int a = Gpu.floatToBf16(1.5f) & 0xffff;
    int b = Gpu.floatToBf16(1.359375f) & 0xffff;
    int c = Gpu.floatToBf16(0x1p-60f) & 0xffff;
    assertEquals(262f / 128, Gpu.bf16ToFloat((short) Gpu.bf16fma2(a, b, c)));
    assertEquals(
        Gpu.floatToBf16(-262f / 128) & 0xffff, Gpu.bf16fma2(a ^ 0x8000, b, c ^ 0x8000) & 0xffff);
    assertEquals(260f / 128, Gpu.bf16ToFloat((short) Gpu.bf16fma2(a, b, c ^ 0x8000)));
  }
}
