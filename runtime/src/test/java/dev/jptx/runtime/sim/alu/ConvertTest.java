package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@code cvt}: exhaustive over f16 sources, sampled elsewhere, against BigDecimal/BigInteger. */
class ConvertTest {
  private static final NumType[] INTS = {
    NumType.U8, NumType.S8, NumType.U16, NumType.S16,
    NumType.U32, NumType.S32, NumType.U64, NumType.S64,
  };
  private static final CvtRounding[] IRND = {
    CvtRounding.RNI, CvtRounding.RZI, CvtRounding.RMI, CvtRounding.RPI
  };
  private static final CvtRounding[] FRND = {
    CvtRounding.RN, CvtRounding.RZ, CvtRounding.RM, CvtRounding.RP
  };

  @Test
  void fromF16_everyValueToEveryTypeAndMode() {
    String failures =
        Gen.run(
            0x10000,
            h -> {
              double x = Ref.Fmt.F16.toDouble(h);
              long f32 =
                  (x != x ? Float32.CANONICAL_NAN : Float.floatToRawIntBits((float) x))
                      & 0xffffffffL;
              long f64 = x != x ? Float64.CANONICAL_NAN : Double.doubleToRawLongBits(x);
              String s =
                  expect(
                      "f32.f16",
                      h,
                      f32,
                      Convert.cvt(NumType.F32, NumType.F16, CvtRounding.NONE, false, false, h));
              s = s != null ? s : expect("f16ToF32", h, f32, Convert.f16ToF32(h) & 0xffffffffL);
              s =
                  s != null
                      ? s
                      : expect(
                          "f64.f16",
                          h,
                          f64,
                          Convert.cvt(NumType.F64, NumType.F16, CvtRounding.NONE, false, false, h));
              for (CvtRounding rnd : FRND) {
                long want = refFloat(Ref.Fmt.BF16, x, rnd.direction());
                long got = Convert.cvt(NumType.BF16, NumType.F16, rnd, false, false, h);
                s = s != null ? s : expect("bf16.f16." + rnd, h, want, got);
              }
              for (CvtRounding rnd : IRND) {
                for (NumType t : INTS) {
                  long got = Convert.cvt(t, NumType.F16, rnd, false, false, h);
                  s =
                      s != null
                          ? s
                          : expect(t + ".f16." + rnd, h, refToInt(t, x, rnd.direction()), got);
                }
                long integral = Convert.cvt(NumType.F16, NumType.F16, rnd, false, false, h);
                s =
                    s != null
                        ? s
                        : expect("f16.f16." + rnd, h, refIntegral(Ref.Fmt.F16, x, rnd), integral);
              }
              return s;
            });
    assertEquals("", failures);
  }

  @Test
  void f32ToHalfFormats_everyModeAroundEveryF16Boundary() {
    String failures =
        Gen.run(
            0x7c00 * 2,
            i -> {
              int m = i >>> 1;
              SplittableRandom r = Gen.rng(31, i);
              // the f32 at the midpoint above f16 magnitude m, nudged by -1..1 ulp, or random
              double mid = (Ref.Fmt.F16.toDouble(m) + Ref.Fmt.F16.toDouble(m + 1)) / 2;
              int a = Float.floatToRawIntBits((float) mid) + r.nextInt(-1, 2);
              if ((i & 1) == 1) {
                a = Gen.f32(r, 0x3f800000);
              }
              a ^= r.nextBoolean() ? 0x80000000 : 0;
              double x = Float.intBitsToFloat(a);
              for (CvtRounding rnd : FRND) {
                long want = refFloat(Ref.Fmt.F16, x, rnd.direction());
                String s =
                    expect(
                        "f16.f32." + rnd,
                        a,
                        want,
                        Convert.cvt(NumType.F16, NumType.F32, rnd, false, false, a));
                s =
                    s != null
                        ? s
                        : expect("f32ToF16", a, want, Convert.f32ToF16(a, rnd.direction()));
                want = refFloat(Ref.Fmt.BF16, x, rnd.direction());
                s =
                    s != null
                        ? s
                        : expect("bf16.f32." + rnd, a, want, Convert.f32ToBf16(a, rnd.direction()));
                if (s != null) {
                  return s;
                }
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void f64ToF32_everyModeWithFtzAndSat() {
    String failures =
        Gen.run(
            25_000,
            i -> {
              SplittableRandom r = Gen.rng(32, i);
              long a =
                  r.nextInt(4) == 0
                      ? Gen.f64(r, Float64.ONE)
                      : Double.doubleToRawLongBits(
                          Float.intBitsToFloat(Gen.f32(r, 0x3f800000))
                              * (1 + r.nextDouble() * 0x1p-20));
              double x = Double.longBitsToDouble(a);
              boolean ftz = r.nextBoolean();
              boolean sat = r.nextInt(4) == 0;
              for (CvtRounding rnd : FRND) {
                int want = (int) refFloat(Ref.Fmt.F32, x, rnd.direction());
                want = Float32Test.sat(ftz ? Float32Test.flush(want) : want, sat);
                String s =
                    expect(
                        "f32.f64." + rnd,
                        a,
                        want & 0xffffffffL,
                        Convert.cvt(NumType.F32, NumType.F64, rnd, sat, ftz, a));
                s =
                    s != null
                        ? s
                        : expect(
                            "f64ToF32", a, want, Convert.f64ToF32(a, rnd.direction(), ftz, sat));
                if (s != null) {
                  return s;
                }
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void intToFloat_everyTypeAndMode() {
    NumType[] floats = {NumType.F16, NumType.BF16, NumType.F32, NumType.F64};
    Ref.Fmt[] fmts = {Ref.Fmt.F16, Ref.Fmt.BF16, Ref.Fmt.F32, Ref.Fmt.F64};
    String failures =
        Gen.run(
            40_000,
            i -> {
              SplittableRandom r = Gen.rng(33, i);
              NumType from = INTS[r.nextInt(INTS.length)];
              long v = r.nextLong() >> r.nextInt(64);
              if (r.nextBoolean()) {
                v = (r.nextLong() | 1L << 63 >>> r.nextInt(64)) & -1L << r.nextInt(64);
              }
              v = from.normalize(v);
              BigInteger exact = unsigned(from, v);
              for (int k = 0; k < floats.length; k++) {
                for (CvtRounding rnd : FRND) {
                  long want = refFromBig(fmts[k], new BigDecimal(exact), rnd.direction());
                  long got = Convert.cvt(floats[k], from, rnd, false, false, v);
                  String s = expect(floats[k] + "." + from + "." + rnd, v, want, got);
                  if (s != null) {
                    return s;
                  }
                }
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void floatToInt_roundsThenClampsAndNanIsZero() {
    String failures =
        Gen.run(
            15_000,
            i -> {
              SplittableRandom r = Gen.rng(34, i);
              boolean wide = r.nextBoolean();
              long bits =
                  wide ? Gen.f64(r, 0x41e0000000000000L) : Gen.f32(r, 0x4f000000) & 0xffffffffL;
              double x = wide ? Double.longBitsToDouble(bits) : Float.intBitsToFloat((int) bits);
              NumType from = wide ? NumType.F64 : NumType.F32;
              for (NumType t : INTS) {
                for (CvtRounding rnd : IRND) {
                  long want = refToInt(t, x, rnd.direction());
                  String s =
                      expect(
                          t + "." + from + "." + rnd,
                          bits,
                          want,
                          Convert.cvt(t, from, rnd, false, false, bits));
                  if (s != null) {
                    return s;
                  }
                }
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void intToInt_truncatesOrSaturates() {
    String failures =
        Gen.run(
            20_000,
            i -> {
              SplittableRandom r = Gen.rng(35, i);
              NumType from = INTS[r.nextInt(INTS.length)];
              long v = r.nextLong() >> r.nextInt(64);
              BigInteger exact = unsigned(from, from.normalize(v));
              for (NumType to : INTS) {
                for (boolean sat : new boolean[] {false, true}) {
                  long want = sat ? clamp(to, exact).longValue() : truncate(to, exact);
                  String s =
                      expect(
                          to + "." + from + (sat ? ".sat" : ""),
                          v,
                          want,
                          Convert.cvt(to, from, CvtRounding.NONE, sat, false, v));
                  if (s != null) {
                    return s;
                  }
                }
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void isaExamples_andSpecialCases() {
    NumType s32 = NumType.S32;
    // cvt.s32.s8 sign-extends the low byte of a wider register; cvt.u16.u32 truncates
    assertEquals(-128L, Convert.cvt(s32, NumType.S8, CvtRounding.NONE, false, false, 0x12345680L));
    assertEquals(
        0x5680L,
        Convert.cvt(NumType.U16, NumType.U32, CvtRounding.NONE, false, false, 0x12345680L));
    assertEquals(
        0xffffff80L, Convert.cvt(NumType.U32, NumType.S8, CvtRounding.NONE, false, false, 0x80L));
    assertEquals(0L, Convert.cvt(NumType.U32, NumType.S8, CvtRounding.NONE, true, false, 0x80L));
    assertEquals(127L, Convert.cvt(NumType.S8, s32, CvtRounding.NONE, true, false, 1000));
    // float to int: NaN is 0, out of range clamps, ftz flushes before rounding
    assertEquals(0L, Convert.cvt(s32, NumType.F32, CvtRounding.RZI, false, false, 0x7fc00000L));
    assertEquals(0L, Convert.f32ToS32(0x7fc00000, Rounding.RN, false));
    assertEquals(Integer.MAX_VALUE, Convert.f32ToS32(0x7f800000, Rounding.RZ, false));
    assertEquals(Integer.MIN_VALUE, Convert.f64ToS32(0xfff0000000000000L, Rounding.RZ));
    assertEquals(1L, Convert.cvt(s32, NumType.F32, CvtRounding.RPI, false, false, 1L));
    assertEquals(0L, Convert.cvt(s32, NumType.F32, CvtRounding.RPI, false, true, 1L));
    assertEquals(-1L, Convert.f64ToU64(0x43f0000000000000L, Rounding.RZ)); // 2^64 -> max
    assertEquals(0L, Convert.f64ToU64(0xbff0000000000000L, Rounding.RN)); // -1 -> 0
    assertEquals(
        2L,
        Convert.cvt(
            s32, NumType.F32, CvtRounding.RNI, false, false, Float.floatToRawIntBits(2.5f)));
    assertEquals(
        4L,
        Convert.cvt(
            s32, NumType.F32, CvtRounding.RNI, false, false, Float.floatToRawIntBits(3.5f)));
    // rounding to integral in the same format keeps the sign of zero
    assertEquals(
        0x80000000L,
        Convert.cvt(
            NumType.F32,
            NumType.F32,
            CvtRounding.RPI,
            false,
            false,
            Float.floatToRawIntBits(-0.5f)));
    assertEquals(
        0xbf800000L,
        Convert.cvt(
            NumType.F32,
            NumType.F32,
            CvtRounding.RMI,
            false,
            false,
            Float.floatToRawIntBits(-0.5f)));
    // .sat on a float destination
    assertEquals(
        0L,
        Convert.cvt(NumType.F32, NumType.F64, CvtRounding.RN, true, false, Float64.CANONICAL_NAN));
    assertEquals(0x3f800000L, Convert.cvt(NumType.F32, s32, CvtRounding.RN, true, false, 7));
    assertEquals(0L, Convert.cvt(NumType.F16, s32, CvtRounding.RN, true, false, -7));
    assertEquals(
        Float64.ONE,
        Convert.cvt(NumType.F64, NumType.F64, CvtRounding.NONE, true, false, 0x4000000000000000L));
    // NaN to a float type is canonical; ftz flushes an f32 result
    assertEquals(
        0x7fffL,
        Convert.cvt(NumType.F16, NumType.F64, CvtRounding.RN, false, false, 0x7ff0000000000001L));
    assertEquals(
        0L,
        Convert.cvt(NumType.F32, NumType.F64, CvtRounding.RN, false, true, 0x3800000000000000L));
    assertEquals(Float64.CANONICAL_NAN, Convert.f32ToF64(0xffc00001, false));
    assertEquals(0x8000000000000000L, Convert.f32ToF64(0x80000001, true));
    assertEquals(Float32.CANONICAL_NAN, Convert.bf16ToF32(0xffc1));
    assertEquals(0x3f800000, Convert.bf16ToF32(0x3f80));
    // big integers
    assertEquals(
        0x5f800000L, Convert.cvt(NumType.F32, NumType.U64, CvtRounding.RN, false, false, -1L));
    assertEquals(
        0x5f7fffffL, Convert.cvt(NumType.F32, NumType.U64, CvtRounding.RZ, false, false, -1L));
    assertEquals(0x7c00L, Convert.cvt(NumType.F16, s32, CvtRounding.RN, false, false, 65520));
    assertEquals(0x7bffL, Convert.cvt(NumType.F16, s32, CvtRounding.RN, false, false, 65519));
    assertEquals(0x7bffL, Convert.cvt(NumType.F16, s32, CvtRounding.RZ, false, false, 1 << 20));
    assertEquals(Double.doubleToRawLongBits(-3.0), Convert.s32ToF64(-3));
    assertEquals(Float.floatToRawIntBits(16777216f), Convert.s32ToF32(16777217, Rounding.RN));
    assertEquals(Float.floatToRawIntBits(16777218f), Convert.s32ToF32(16777217, Rounding.RP));
    assertEquals(Float.floatToRawIntBits(4294967296f), Convert.u32ToF32(-1, Rounding.RN));
    assertEquals(Double.doubleToRawLongBits(0x1p63), Convert.u64ToF64(Long.MIN_VALUE, Rounding.RZ));
    assertEquals(
        Double.doubleToRawLongBits(Math.nextDown(0x1p63)),
        Convert.s64ToF64(Long.MAX_VALUE, Rounding.RZ));
    assertEquals(Long.MIN_VALUE, Convert.f64ToS64(0xc3e0000000000001L, Rounding.RZ));
  }

  @Test
  void packedConversions_putAInTheUpperHalf() {
    int one = 0x3f800000;
    int two = 0x40000000;
    assertEquals(
        Half.pack(0x3c00, 0x4000), Convert.f32x2ToF16x2(two, one, Rounding.RN, false, false));
    assertEquals(
        Half.pack(0x3f80, 0x4000), Convert.f32x2ToBf16x2(two, one, Rounding.RN, false, false));
    // relu: negatives to +0, NaN to canonical; satfinite: infinities to the largest finite value
    assertEquals(
        Half.pack(0, Half.CANONICAL_NAN),
        Convert.f32x2ToF16x2(0x7fc00001, 0xbf800000, Rounding.RN, true, false));
    assertEquals(
        Half.pack(0xfbff, 0x7bff),
        Convert.f32x2ToF16x2(0x7f800000, 0xff800000, Rounding.RN, false, true));
    assertEquals(0x7bff, Convert.f32ToHalf(0x47800000, false, Rounding.RN, false, true)); // 65536
    assertEquals(0x7c00, Convert.f32ToHalf(0x47800000, false, Rounding.RN, false, false));
    assertEquals(0x7f7f, Convert.f32ToHalf(0x7f800000, true, Rounding.RZ, false, true));
    assertEquals(0x7bff, Convert.f32ToHalf(0x47800000, false, Rounding.RZ, false, false));
  }

  private static String expect(String what, long in, long want, long got) {
    return want == got
        ? null
        : what + "(" + Gen.hex(in) + ") = " + Gen.hex(got) + ", want " + Gen.hex(want);
  }

  private static BigInteger unsigned(NumType t, long v) {
    BigInteger b = BigInteger.valueOf(v);
    return v < 0 && !t.isSigned() ? b.add(BigInteger.ONE.shiftLeft(64)) : b;
  }

  private static BigInteger min(NumType t) {
    return t.isSigned() ? BigInteger.ONE.shiftLeft(t.bits() - 1).negate() : BigInteger.ZERO;
  }

  private static BigInteger max(NumType t) {
    return BigInteger.ONE
        .shiftLeft(t.isSigned() ? t.bits() - 1 : t.bits())
        .subtract(BigInteger.ONE);
  }

  private static BigInteger clamp(NumType t, BigInteger v) {
    return v.max(min(t)).min(max(t));
  }

  private static long truncate(NumType t, BigInteger v) {
    BigInteger m = v.mod(BigInteger.ONE.shiftLeft(t.bits()));
    if (t.isSigned() && m.testBit(t.bits() - 1)) {
      m = m.subtract(BigInteger.ONE.shiftLeft(t.bits()));
    }
    return m.longValue();
  }

  private static RoundingMode mode(Rounding rnd) {
    switch (rnd) {
      case RN:
        return RoundingMode.HALF_EVEN;
      case RZ:
        return RoundingMode.DOWN;
      case RM:
        return RoundingMode.FLOOR;
      default:
        return RoundingMode.CEILING;
    }
  }

  static long refToInt(NumType t, double x, Rounding rnd) {
    if (x != x) {
      return 0;
    }
    if (Double.isInfinite(x)) {
      return (x > 0 ? max(t) : min(t)).longValue();
    }
    BigInteger v = new BigDecimal(x).setScale(0, mode(rnd)).toBigIntegerExact();
    return clamp(t, v).longValue();
  }

  /** An exact double rounded to an integral value, kept in its own format. */
  private static long refIntegral(Ref.Fmt fmt, double x, CvtRounding rnd) {
    if (!Double.isFinite(x)) {
      return refFloat(fmt, x, Rounding.RN);
    }
    BigDecimal v = new BigDecimal(x).setScale(0, mode(rnd.direction()));
    if (v.signum() == 0) {
      return x < 0 || x == 0 && 1 / x < 0 ? fmt.signBit : 0;
    }
    return refFromBig(fmt, v, Rounding.RN);
  }

  /** An exact double (any finite or special value) rounded to {@code fmt}. */
  static long refFloat(Ref.Fmt fmt, double x, Rounding rnd) {
    if (x != x) {
      return fmt == Ref.Fmt.F64
          ? Float64.CANONICAL_NAN
          : fmt == Ref.Fmt.F32 ? Float32.CANONICAL_NAN : Half.CANONICAL_NAN;
    }
    boolean negative = Double.doubleToRawLongBits(x) < 0;
    if (Double.isInfinite(x) || x == 0) {
      return (negative ? fmt.signBit : 0) | (x == 0 ? 0 : fmt.infBits);
    }
    return refFromBig(fmt, new BigDecimal(x), rnd);
  }

  /** A nonzero exact value rounded to {@code fmt}, overflow included. */
  static long refFromBig(Ref.Fmt fmt, BigDecimal v, Rounding rnd) {
    if (v.signum() == 0) {
      return 0;
    }
    boolean negative = v.signum() < 0;
    double approx = v.doubleValue();
    long guess;
    switch (fmt) {
      case F16:
        guess = FloatFormat.F16.round(approx, 0, Rounding.RZ);
        break;
      case BF16:
        guess = FloatFormat.BF16.round(approx, 0, Rounding.RZ);
        break;
      case F32:
        guess = Float.floatToRawIntBits((float) approx) & 0xffffffffL;
        break;
      default:
        guess = Double.doubleToRawLongBits(approx);
        break;
    }
    if (!fmt.isFinite(guess)) {
      guess = (guess & fmt.signBit) | (fmt.infBits - 1);
    }
    return Ref.round(fmt, Ref.of(v), negative, guess, rnd);
  }
}
