package dev.jptx.compiler.libdevice.fdlibm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The FDLIBM library's Java form gives the JVM's {@code StrictMath} results bit for bit: special
 * values, every threshold, trigonometric arguments next to multiples of pi/2 and in the Payne–Hanek
 * range, and random inputs (100,000 per function; 10^7 with {@code -Djptx.tests.exhaustive=true},
 * or {@code -Djptx.tests.count=N}).
 */
class FdlibmMatchesStrictMathTest {
  private static final int RANDOM =
      Integer.getInteger(
          "jptx.tests.count", Boolean.getBoolean("jptx.tests.exhaustive") ? 10_000_000 : 100_000);

  static Stream<StrictFunctions.Pair> functions() {
    return StrictFunctions.ALL.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("functions")
  void chosenInputs_matchStrictMath(StrictFunctions.Pair f) {
    List<Double> xs = new ArrayList<>(StrictInputs.specials());
    xs.addAll(StrictInputs.boundaries());
    xs.addAll(StrictInputs.trigHard());
    Mismatches m = new Mismatches(f);
    if (f.binary()) {
      List<Double> ys = new ArrayList<>(StrictInputs.specials());
      ys.addAll(StrictInputs.boundaries());
      for (double x : xs) {
        for (double y : ys) {
          m.check(x, y);
          m.check(y, x);
        }
      }
    } else {
      for (double x : xs) {
        m.check(x, 0.0);
      }
    }
    m.assertNone();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("functions")
  void thresholdNeighbourhoods_matchStrictMath(StrictFunctions.Pair f) {
    double[] others = {1.0, -1.0, 0.5, 2.0, 3.0, -2.5, 1e-300, 1e300, 0x1p-1070};
    Mismatches m = new Mismatches(f);
    for (double x : StrictInputs.thresholdRanges(512)) {
      if (!f.binary()) {
        m.check(x, 0.0);
        continue;
      }
      for (double y : others) {
        m.check(x, y);
        m.check(y, x);
      }
    }
    if (f.name().equals("hypot")) {
      for (double[] p : StrictInputs.hypotPairs()) {
        m.check(p[0], p[1]);
      }
    }
    m.assertNone();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("functions")
  void randomInputs_matchStrictMath(StrictFunctions.Pair f) {
    SplittableRandom r = new SplittableRandom(f.name().hashCode());
    Mismatches m = new Mismatches(f);
    for (int i = 0; i < RANDOM; i++) {
      double x = StrictInputs.random(r, i);
      double y = 0.0;
      if (f.name().equals("pow")) {
        y = StrictInputs.exponent(r, i / 6);
        if (i % 5 == 0) {
          x = -Math.abs(x); // negative bases with integer exponents
        }
      } else if (f.binary()) {
        y = StrictInputs.random(r, i / 6 + r.nextInt(6));
      }
      m.check(x, y);
    }
    m.assertNone();
  }

  /** Counts differences from the JVM and keeps the first few for the message. */
  private static final class Mismatches {
    private final StrictFunctions.Pair f;
    private final List<String> first = new ArrayList<>();
    private int count;
    private int total;

    Mismatches(StrictFunctions.Pair f) {
      this.f = f;
    }

    void check(double x, double y) {
      total++;
      double mine = f.library().applyAsDouble(x, y);
      double jvm = f.jvm().applyAsDouble(x, y);
      if (Double.doubleToLongBits(mine) != Double.doubleToLongBits(jvm)) {
        count++;
        if (first.size() < 5) {
          String args = f.binary() ? Double.toHexString(x) + ", " + Double.toHexString(y) : "";
          args = f.binary() ? args : Double.toHexString(x);
          first.add(f.name() + "(" + args + ") = " + mine + ", StrictMath: " + jvm);
        }
      }
    }

    void assertNone() {
      assertEquals(0, count, count + " of " + total + " differ: " + first);
    }
  }
}
