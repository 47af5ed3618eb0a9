package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The math section's comparison: planted errors, NaN and infinities, and fast-mode flushing. */
class UlpTallyTest {
  private static final long STEP = 1_048_583;

  /** Every result correctly rounded: what the comparison must accept. */
  private static float[] rounded(MathSweep sweep) {
    float[] got = new float[sweep.size()];
    for (int i = 0; i < got.length; i++) {
      got[i] = (float) sweep.reference(i);
    }
    return got;
  }

  /** The first input whose result is a normal float (not zero, subnormal, infinite or NaN). */
  private static int normalResult(MathSweep sweep, int from) {
    for (int i = from; ; i++) {
      float r = (float) sweep.reference(i);
      if (Float.isFinite(r) && Math.abs(r) >= Float.MIN_NORMAL) {
        return i;
      }
    }
  }

  @Test
  void of_correctlyRoundedResultsAreWithinHalfAnUlp() {
    MathSweep sweep = MathSweep.of(MathFunction.SIN, MathPairing.UNARY, STEP);
    UlpTally t = UlpTally.of(sweep, rounded(sweep), false);
    assertTrue(t.maxUlps() <= 0.5, t.toString());
    assertEquals(4096, t.inputs());
    assertEquals(0, t.flushed());
  }

  @Test
  void of_findsAPlantedThreeUlpErrorAndItsInput() {
    MathSweep sweep = MathSweep.of(MathFunction.EXP, MathPairing.UNARY, STEP);
    float[] got = rounded(sweep);
    int planted = normalResult(sweep, 1234);
    got[planted] = Math.nextUp(Math.nextUp(Math.nextUp(got[planted])));
    UlpTally t = UlpTally.of(sweep, got, false);
    assertTrue(t.maxUlps() > 2.5 && t.maxUlps() <= 3.5, t.toString());
    assertEquals(sweep.first()[planted], t.worstFirst());
    assertTrue(!MathFunction.EXP.withinBound(t.maxUlps()));
  }

  @Test
  void of_twoArgumentsReportBothOperandsOfThePlantedInput() {
    MathPairing rotated = MathFunction.ATAN2.pairings().get(1);
    MathSweep sweep = MathSweep.of(MathFunction.ATAN2, rotated, STEP);
    float[] got = rounded(sweep);
    int planted = normalResult(sweep, 2000);
    got[planted] = -got[planted];
    UlpTally t = UlpTally.of(sweep, got, false);
    assertEquals(sweep.first()[planted], t.worstFirst());
    assertEquals(sweep.second()[planted], t.worstSecond());
    assertEquals(MathPairing.rotated(sweep.second()[planted]), sweep.first()[planted]);
  }

  @Test
  void of_aNaNForAFiniteResultOrAWrongInfinityIsInfinitelyWrong() {
    MathSweep sweep = MathSweep.of(MathFunction.LOG, MathPairing.UNARY, STEP);
    float[] got = rounded(sweep);
    got[normalResult(sweep, 100)] = Float.NaN;
    assertEquals(Double.POSITIVE_INFINITY, UlpTally.of(sweep, got, true).maxUlps());
    assertEquals(0, FloatUlps.ulps(Float.NaN, Math.log(-1)));
    assertEquals(0, FloatUlps.ulps(Float.POSITIVE_INFINITY, 1e300));
    assertEquals(Double.POSITIVE_INFINITY, FloatUlps.ulps(Float.MAX_VALUE, 1e300));
  }

  @Test
  void of_flushedSubnormalResultsCountApartInFastModeAndAsErrorsOtherwise() {
    // sin(x) = x for subnormal x: a flushing build returns zero
    MathSweep sweep = MathSweep.of(MathFunction.SIN, MathPairing.UNARY, STEP);
    float[] got = rounded(sweep);
    int flushed = 0;
    for (int i = 0; i < got.length; i++) {
      if (FloatUlps.subnormal(got[i])) {
        got[i] = Math.copySign(0f, got[i]);
        flushed++;
      }
    }
    assertTrue(flushed > 0, "the sweep has subnormal results");
    UlpTally fast = UlpTally.of(sweep, got, true);
    assertEquals(flushed, fast.flushed());
    assertTrue(fast.maxUlps() <= 0.5, fast.toString());
    UlpTally strict = UlpTally.of(sweep, got, false);
    assertEquals(0, strict.flushed());
    assertTrue(strict.maxUlps() > 1000, strict.toString());
  }

  @Test
  void of_aFlushedOperandIsMeasuredAtZeroInFastMode() {
    // log of a subnormal read as zero: -infinity
    MathSweep sweep = MathSweep.of(MathFunction.LOG, MathPairing.UNARY, STEP);
    float[] got = rounded(sweep);
    int subnormals = 0;
    for (int i = 0; i < got.length; i++) {
      if (FloatUlps.subnormal(sweep.first()[i])) {
        got[i] = Float.NEGATIVE_INFINITY;
        subnormals++;
      }
    }
    assertTrue(subnormals > 0, "the sweep has subnormal inputs");
    UlpTally fast = UlpTally.of(sweep, got, true);
    assertEquals(subnormals, fast.flushed());
    assertTrue(fast.maxUlps() <= 0.5, fast.toString());
    assertEquals(Double.POSITIVE_INFINITY, UlpTally.of(sweep, got, false).maxUlps());
  }

  @Test
  void merge_keepsTheEarlierWorstOnEqualErrors() {
    UlpTally a = new UlpTally(2, 1f, 0, 1, 10);
    UlpTally b = new UlpTally(2, 5f, 0, 2, 10);
    UlpTally c = new UlpTally(3, 7f, 8f, 0, 10);
    assertEquals(new UlpTally(2, 1f, 0, 3, 20), a.merge(b));
    assertEquals(new UlpTally(3, 7f, 8f, 3, 30), a.merge(b).merge(c));
  }

  @Test
  void count_coversAllPatternsAtStepOneAndRefusesMoreThanAnArrayHolds() {
    assertEquals(4096, MathSweep.count(1_048_583));
    assertEquals(16_711_936, MathSweep.count(MathSection.GPU_STEP));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> MathSweep.count(1));
  }
}
