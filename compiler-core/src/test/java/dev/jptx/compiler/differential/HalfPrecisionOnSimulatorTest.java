package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Gpu;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.compiler.testkernels.Halves;
import dev.jptx.compiler.testkernels.HighHalves;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The half-precision {@code Gpu} methods give the JVM's results bit for bit on every path: native
 * (sm_90: everything; sm_80: bf16 and f16x2 min/max), mixed (sm_75, sm_60: native f16x2 arithmetic,
 * emulated bf16 and min/max) and emulated (sm_52: everything but the conversions), on random
 * patterns, every special value, and inputs chosen so that a sum rounded twice would be wrong.
 */
class HalfPrecisionOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O0 sm_75",
        "-O3 sm_90",
        "-O3 sm_80",
        "-O3 sm_60",
        "-O3 sm_52",
        "-O0 sm_52",
        // halves carried as patterns (SoftenFloat) instead of floats: f16 and bf16 on sm_52,
        // bf16 on sm_60
        "-O3 sm_52 soften-float",
        "-O0 sm_60 soften-float");
  }

  static Stream<Arguments> fastMathConfigurations() {
    return Configurations.of("-O3 sm_90 fast-math", "-O3 sm_75 fast-math", "-O3 sm_52 fast-math");
  }

  /** binary16 patterns of every kind: zeros, subnormals, the extremes, infinities, NaNs. */
  private static final int[] HALF_SPECIALS = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3bff, 0x3c01,
    0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff, 0xffff, 0x5bff, 0x0200, 0x3800
  };

  /** bfloat16 patterns of every kind. */
  private static final int[] BF16_SPECIALS = {
    0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x7f81,
    0x0100, 0x4000, 0x3f81, 0x2000
  };

  private static final SplittableRandom RANDOM = new SplittableRandom(16);

  /** One 16-bit lane: a random pattern, a moderate value, a special, or a small value. */
  private static int lane() {
    return switch (RANDOM.nextInt(5)) {
      case 0 -> RANDOM.nextInt(0x10000);
      case 1 -> Gpu.floatToHalf((float) (RANDOM.nextDouble(-64, 64))) & 0xffff;
      case 2 -> HALF_SPECIALS[RANDOM.nextInt(HALF_SPECIALS.length)];
      case 3 -> BF16_SPECIALS[RANDOM.nextInt(BF16_SPECIALS.length)];
      default -> RANDOM.nextInt(0x1000) | (RANDOM.nextBoolean() ? 0x8000 : 0);
    };
  }

  private static int[] pairs(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = lane() | lane() << 16;
    }
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void conversions(String name, CompilerOptions o) {
    // every 16-bit pattern, and floats around every rounding boundary of both formats
    short[] bits = new short[0x10000];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = (short) i;
    }
    float[] values = new float[0x20000];
    for (int i = 0; i < values.length; i += 2) {
      float v = Gpu.halfToFloat((short) (i / 2));
      values[i] = v + Math.ulp(v) * (float) RANDOM.nextInt(-4, 5) * 0x1p10f;
      values[i + 1] = Float.intBitsToFloat((i / 2) << 16 | 0x8000 + RANDOM.nextInt(-2, 3));
    }
    values[0] = Float.MAX_VALUE;
    values[2] = Float.MIN_VALUE;
    values[4] = 65520f; // rounds to infinity as binary16
    values[6] = Math.nextDown(65520f);
    values[8] = Float.intBitsToFloat(0x7f7f8000); // a bfloat16 tie that carries to infinity
    values[10] = Float.intBitsToFloat(0x7fa00001); // a NaN whose upper half looks finite
    Launch l = Launch.grid1d(values.length, 256);
    Differential.check(
        o,
        new Differential.Case(
            Halves.class,
            "conversions",
            l,
            0,
            bits,
            values,
            new float[bits.length],
            new float[bits.length],
            new short[values.length],
            new short[values.length]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void packing(String name, CompilerOptions o) {
    int n = 2000;
    float[] lo = new float[n];
    float[] hi = new float[n];
    for (int i = 0; i < n; i++) {
      lo[i] = Gpu.halfToFloat((short) lane()) * (float) RANDOM.nextDouble(0.99, 1.01);
      hi[i] = (float) RANDOM.nextDouble(-70000, 70000);
    }
    hi[7] = Float.NaN;
    lo[8] = Float.NEGATIVE_INFINITY;
    Differential.check(
        o,
        new Differential.Case(
            Halves.class,
            "packing",
            Launch.grid1d(n, 128),
            0,
            lo,
            hi,
            new int[n],
            new float[n],
            new float[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void arithmetic_randomAndSpecialLanes(String name, CompilerOptions o) {
    int n = 20000;
    arithmetic(o, pairs(n), pairs(n), pairs(n));
    // every special against every special, in both lanes
    int s = HALF_SPECIALS.length + BF16_SPECIALS.length;
    int[] specials = new int[s];
    for (int k = 0; k < s; k++) {
      specials[k] =
          k < HALF_SPECIALS.length ? HALF_SPECIALS[k] : BF16_SPECIALS[k - HALF_SPECIALS.length];
    }
    int[] a = new int[s * s];
    int[] b = new int[s * s];
    int[] c = new int[s * s];
    for (int i = 0; i < s * s; i++) {
      a[i] = specials[i / s] | specials[i % s] << 16;
      b[i] = specials[i % s] | specials[(i / s + 3) % s] << 16;
      c[i] = specials[(i * 7) % s] | specials[(i * 11 + 5) % s] << 16;
    }
    arithmetic(o, a, b, c);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void fma_doubleRoundingProneLanes(String name, CompilerOptions o) {
    FmaCases half = FmaCases.half(RANDOM, 4000);
    FmaCases bf16 = FmaCases.bf16(RANDOM, 4000);
    // the cases are the hard ones: a float (half) or double (bf16) sum rounded to nearest gets
    // many of them wrong
    assertTrue(half.twiceRoundedWrong() > 500, "half cases: " + half.twiceRoundedWrong());
    assertTrue(bf16.twiceRoundedWrong() > 500, "bf16 cases: " + bf16.twiceRoundedWrong());
    arithmetic(o, half.a(), half.b(), half.c());
    arithmetic(o, bf16.a(), bf16.b(), bf16.c());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void constants(String name, CompilerOptions o) {
    int n = 3000;
    Differential.check(
        o,
        new Differential.Case(
            Halves.class, "constants", Launch.grid1d(n, 128), 0, pairs(n), new int[4 * n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void haxpy2_benchKernel(String name, CompilerOptions o) {
    int n = 5000;
    int[] x = new int[n];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      x[i] = Gpu.packHalf2((float) RANDOM.nextDouble(-4, 4), (float) RANDOM.nextDouble(-4, 4));
      y[i] = Gpu.packHalf2((float) RANDOM.nextDouble(-4, 4), (float) RANDOM.nextDouble(-4, 4));
    }
    int a2 = Gpu.packHalf2(1.5f, -0.333f);
    Differential.check(
        o,
        new Differential.Case(Halves.class, "haxpy2", Launch.grid1d(n + 100, 256), 0, n, a2, x, y));
    Differential.check(
        o,
        new Differential.Case(
            Halves.class, "haxpy2", Launch.grid1d(n, 256), 0, n, pairs(1)[0], pairs(n), pairs(n)));
  }

  /**
   * Fast math keeps binary16 subnormals, as CUDA's does ({@code __hfma2} is {@code fma.rn.f16x2}
   * under every flag): {@code haxpy2}'s FMA on pairs full of subnormals, zeros and the extremes is
   * still the JVM's exact result (the bench suite's fast-math check of {@code haxpy2}).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("fastMathConfigurations")
  void hfma2_fastMath_keepsSubnormals(String name, CompilerOptions o) {
    int n = HALF_SPECIALS.length * HALF_SPECIALS.length;
    int[] x = new int[n];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      x[i] = HALF_SPECIALS[i % HALF_SPECIALS.length] | 0x0001 << 16;
      y[i] = HALF_SPECIALS[i / HALF_SPECIALS.length] | 0x8001 << 16;
    }
    int a2 = 0x3c00 | 0x0200 << 16;
    Differential.check(
        o, new Differential.Case(Halves.class, "haxpy2", Launch.grid1d(n, 256), 0, n, a2, x, y));
  }

  /**
   * With fast math {@code ptxas} may contract the packed add and multiply; on operands whose lanes
   * and results stay normal (magnitudes 2^-4 to 2^4) the results are still the JVM's.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("fastMathConfigurations")
  void arithmetic_fastMath_onNormalLanes(String name, CompilerOptions o) {
    int n = 5000;
    int[][] ops = new int[3][n];
    for (int[] op : ops) {
      for (int i = 0; i < n; i++) {
        op[i] = normalLane() | normalLane() << 16;
      }
    }
    arithmetic(o, ops[0], ops[1], ops[2]);
  }

  /**
   * Every target has a row for every half-precision intrinsic, native or emulated, in both modes:
   * the whole class compiles, keeps the lint, and assembles for each (ptxas, or JCuda's PTX
   * compiler below sm_75).
   */
  @ParameterizedTest(name = "fast math {0}")
  @ValueSource(booleans = {false, true})
  void everyTarget_compilesAndAssembles(boolean fastMath) {
    CompilerOptions o =
        CompilerOptions.defaults().withTargets(SmTargets.all()).withFastMath(fastMath);
    Diagnostics d = new Diagnostics();
    ClassResult r =
        new Pipeline(o.withVerifyEachPass(true), DumpSink.NONE)
            .compile(TestClasses.node(Halves.class.getName()), TestClasses.classPath(), d);
    assertTrue(r.succeeded(), () -> d.all().toString());
    assertEquals(SmTargets.all().size(), r.modules().size());
    r.modules().forEach((target, ptx) -> Tools.assertAssembles(ptx, target, fastMath));
  }

  /**
   * {@code HighHalves}: high halves of values merged from a constant and a loaded {@code char},
   * widened to float (k0245, a ptxas bug the compiler avoids with {@code bfe}): 0.0 for every
   * loaded char, the constant's high half for the others; the harness lints the PTX too.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void highHalvesOfMerges(String name, CompilerOptions o) {
    int n = 256;
    byte[] sel = new byte[n];
    char[] in = new char[n];
    int[] nanOrOne = {0xffa4, 0xfffe, 0x3c00, 0x8000, 0xffff, 0x0001};
    for (int i = 0; i < n; i++) {
      sel[i] = (byte) (i % 3 == 0 ? 0 : RANDOM.nextInt(-128, 128));
      in[i] = (char) (i % 2 == 0 ? nanOrOne[i / 2 % nanOrOne.length] : RANDOM.nextInt(0x10000));
    }
    Launch l = Launch.grid1d(n, 64);
    for (int i : new int[] {0, 5, 200}) {
      for (String k : new String[] {"ofMerge", "ofMergeIndexed", "shortOfShift"}) {
        Differential.check(
            o, new Differential.Case(HighHalves.class, k, l, 0, sel, in, i, new float[n]));
      }
      Differential.check(
          o,
          new Differential.Case(
              HighHalves.class, "maxOfMerge", l, 0, sel, in, i, pairs(1)[0], new float[2 * n]));
    }
  }

  private static int normalLane() {
    int exponent = 15 + RANDOM.nextInt(-4, 4); // 2^-4 <= |x| < 2^4
    return (RANDOM.nextBoolean() ? 0x8000 : 0) | exponent << 10 | RANDOM.nextInt(0x400);
  }

  private static void arithmetic(CompilerOptions o, int[] a, int[] b, int[] c) {
    Differential.check(
        o,
        new Differential.Case(
            Halves.class,
            "arithmetic",
            Launch.grid1d(a.length, 256),
            0,
            a,
            b,
            c,
            new int[7 * a.length]));
  }
}
