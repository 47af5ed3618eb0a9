package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * sin, cos and tan against the BigDecimal reference: within 1 ulp (java.lang.Math's bound) on
 * random arguments of every magnitude, on doubles next to multiples of pi/2, and on the doubles
 * closest to multiples of pi/2 in every binade (found from the continued fraction of 2^e * 2/pi,
 * which is how 6381956970095103 * 2^797 is known to be the worst case).
 */
class TrigAccuracyTest {
  private static final double HARD = 6381956970095103.0 * 0x1p797;
  private static final List<Double> CLOSEST = closestToMultiplesOfHalfPi();

  @Test
  void twoOverPiTableIsTheBitsOfTwoOverPi() {
    long[] table = TrigReduction.TWO_OVER_PI_BITS;
    int words = table.length - 1;
    BigInteger bits = TrigReference.twoOverPiFractionBits(words);
    assertEquals(0L, table[0]);
    for (int i = 1; i <= words; i++) {
      assertEquals(bits.shiftRight(64 * (words - i)).longValue(), table[i], "word " + i);
    }
  }

  @Test
  void reductionIsAccurateOnTheHardestArguments() {
    List<Double> hard = new ArrayList<>(CLOSEST);
    hard.add(HARD);
    double minR = Double.POSITIVE_INFINITY;
    double minAt = 0;
    double worstRel = 0;
    double[] out = new double[2];
    int[] q = new int[1];
    for (double x : hard) {
      for (double s : new double[] {x, -x}) {
        BigDecimal r = TrigReference.reduce(s, q);
        int n = TrigReduction.reduce(s, out);
        BigDecimal mine = new BigDecimal(out[0]).add(new BigDecimal(out[1]));
        assertEquals(q[0], n & 3, "quadrant of " + s);
        double rel = mine.subtract(r).divide(r, TrigReference.MC).abs().doubleValue();
        worstRel = Math.max(worstRel, rel);
        if (Math.abs(r.doubleValue()) < minR) {
          minR = Math.abs(r.doubleValue());
          minAt = Math.abs(s);
        }
      }
    }
    System.out.printf(
        "reduction: %d hard arguments, smallest |r| = %s at %s, worst relative error %s%n",
        hard.size(), minR, minAt, worstRel);
    assertEquals(HARD, minAt);
    assertTrue(worstRel < 0x1p-70, "relative error of the reduced argument " + worstRel);
  }

  @Test
  void sinCosTanAreWithinOneUlp() {
    UlpTracker sin = new UlpTracker("sin");
    UlpTracker cos = new UlpTracker("cos");
    UlpTracker tan = new UlpTracker("tan");
    for (double x : inputs()) {
      for (double s : new double[] {x, -x}) {
        sin.record(Trig.sin(s), TrigReference.sin(s), s, 0);
        cos.record(Trig.cos(s), TrigReference.cos(s), s, 0);
        tan.record(Trig.tan(s), TrigReference.tan(s), s, 0);
      }
    }
    sin.check(1.0, false);
    cos.check(1.0, false);
    tan.check(1.0, false);
  }

  private static List<Double> inputs() {
    SplittableRandom r = new SplittableRandom(20261122);
    int n = UlpTracker.count(2500);
    List<Double> xs = new ArrayList<>();
    double[] fixed = {
      HARD,
      1e300,
      Double.MAX_VALUE,
      0x1p1023,
      1e22,
      0x1p28,
      Math.nextDown(0x1p28),
      0x1.921fb54442d18p-1,
      0x1.921fb54442d18p0,
      0x1.921fb54442d18p1,
      Double.MIN_VALUE,
      Double.MIN_NORMAL,
      0x1p-27,
      Math.nextDown(0x1p-27),
      0.5,
      1.0,
      2.0
    };
    for (double x : fixed) {
      xs.add(x);
    }
    for (int i = 0; i < n; i++) {
      // uniform in exponent (finite bit patterns), then uniform in value on a few ranges
      double x = Double.longBitsToDouble(r.nextLong() & 0x7FFFFFFFFFFFFFFFL);
      if (x < Double.POSITIVE_INFINITY) {
        xs.add(x);
      }
      xs.add(r.nextDouble() * 4);
      xs.add(r.nextDouble() * 100);
      xs.add(r.nextDouble() * 0x1p28);
    }
    // next to multiples of pi/2: k up to 2^40, the nearest double and its neighbours
    for (int i = 0; i < n / 2; i++) {
      long k = i < n / 4 ? 1 + r.nextInt(1 << 12) : r.nextLong(1L << 40);
      double x = new BigDecimal(k).multiply(TrigReference.HALF_PI).doubleValue();
      for (int j = -2; j <= 2; j++) {
        xs.add(Math.abs(x + j * Math.ulp(x)));
      }
    }
    xs.addAll(CLOSEST);
    return xs;
  }

  /**
   * For every binade 2^e (e from -52 to 971) the doubles {@code q * 2^e} with q a convergent
   * denominator of 2^e * 2/pi below 2^53: the best rational approximations, hence the doubles that
   * come closest to multiples of pi/2.
   */
  private static List<Double> closestToMultiplesOfHalfPi() {
    MathContext mc = new MathContext(400, RoundingMode.HALF_EVEN);
    BigInteger limit = BigInteger.ONE.shiftLeft(53);
    List<Double> out = new ArrayList<>();
    for (int e = -52; e <= 971; e++) {
      BigDecimal alpha = TrigReference.TWO_OVER_PI.multiply(new BigDecimal(2).pow(e, mc), mc);
      alpha = alpha.subtract(new BigDecimal(alpha.toBigInteger()));
      // continued fraction of alpha: q(k) = a(k) q(k-1) + q(k-2)
      BigInteger qPrev = BigInteger.ZERO;
      BigInteger q = BigInteger.ONE;
      BigDecimal rest = alpha;
      List<BigInteger> denominators = new ArrayList<>();
      for (int step = 0; step < 80 && rest.signum() != 0; step++) {
        BigDecimal inv = BigDecimal.ONE.divide(rest, mc);
        BigInteger a = inv.toBigInteger();
        rest = inv.subtract(new BigDecimal(a));
        BigInteger next = a.multiply(q).add(qPrev);
        if (next.compareTo(limit) >= 0) {
          break;
        }
        qPrev = q;
        q = next;
        denominators.add(q);
      }
      int size = denominators.size();
      for (int i = Math.max(0, size - 2); i < size; i++) {
        double x = Math.scalb(denominators.get(i).doubleValue(), e);
        if (x > 1.0 && x < Double.POSITIVE_INFINITY) {
          out.add(x);
        }
      }
    }
    return out;
  }
}
