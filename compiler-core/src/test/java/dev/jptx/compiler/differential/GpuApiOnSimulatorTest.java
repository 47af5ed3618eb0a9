package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.AtomicKernels;
import dev.jptx.compiler.testkernels.BarrierKernels;
import dev.jptx.compiler.testkernels.GpuApi;
import dev.jptx.compiler.testkernels.SharedKernels;
import dev.jptx.compiler.testkernels.WarpKernels;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Gpu}'s device API compiled and run on the PTX simulator gives the JVM's results: shared
 * memory, barriers and fences, atomics, warp operations. Configurations cover -O0 and -O3, a new
 * target, old ones where lowering differs (no {@code atom.add.f64} below sm_60; the module's {@code
 * .version} raised for the {@code .sync} warp instructions), and index checks around shared-memory
 * accesses and atomics.
 */
class GpuApiOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O0 sm_75",
        "-O3 sm_90",
        "-O3 sm_52",
        "-O0 sm_60",
        "-O3 sm_75 checks",
        Configurations.OUTLINED_EVERYWHERE);
  }

  private static final SplittableRandom RANDOM = new SplittableRandom(7);
  private static final RandomArrays ARRAYS = new RandomArrays(RANDOM);

  private static float[] floats(int n) {
    return ARRAYS.floats(n, -100, 100);
  }

  private static double[] doubles(int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = RANDOM.nextInt(1 << 20) * 0.25;
    }
    return a;
  }

  /** Multiples of 1/64 below 100 in magnitude: sums of a few hundred are exact in any order. */
  private static float[] exactFloats(int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = RANDOM.nextInt(-6400, 6400) / 64f;
    }
    return a;
  }

  private static double[] exactDoubles(int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = RANDOM.nextLong(-1L << 40, 1L << 40) / 1024.0;
    }
    return a;
  }

  /** Random floats with NaN, -0.0 and +0.0 among them, for bit-pattern exchanges. */
  private static float[] ownFloats(int n) {
    float[] a = floats(n);
    for (int i = 0; i < n; i += 7) {
      a[i] = i % 3 == 0 ? Float.NaN : i % 3 == 1 ? -0.0f : 0.0f;
    }
    return a;
  }

  private static double[] ownDoubles(int n) {
    double[] a = doubles(n);
    for (int i = 0; i < n; i += 7) {
      a[i] = i % 3 == 0 ? Double.NaN : i % 3 == 1 ? -0.0 : 0.0;
    }
    return a;
  }

  private static void check(CompilerOptions o, Class<?> c, String method, Launch l, Object... a) {
    Differential.check(o, new Differential.Case(c, method, l, 0, a));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void sharedMemory(String name, CompilerOptions o) {
    Class<?> k = SharedKernels.class;
    check(o, k, "reverseTile", Launch.grid1d(256, 64), floats(256), new float[256]);
    check(o, k, "everyType", Launch.grid1d(64, 32), ARRAYS.ints(64), new long[64]);
    check(o, k, "deviceFunctionSites", Launch.grid1d(128, 64), new int[128], true);
    check(o, k, "deviceFunctionSites", Launch.grid1d(128, 64), new int[128], false);
    check(o, k, "twoSitesAndGenericAccess", Launch.grid1d(64, 32), floats(64), new float[64]);
    check(o, k, "blockSum", Launch.grid1d(256, 128), doubles(256), new double[2]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void dynamicSharedMemory(String name, CompilerOptions o) {
    Class<?> k = SharedKernels.class;
    // 48 floats of dynamic memory for blocks of 64: threads 48..63 stay out
    Launch l = Launch.grid1d(128, 64).sharedMemoryBytes(48 * 4);
    check(o, k, "dynamicReverse", l, floats(128), new float[128], new int[1]);
    Launch d = Launch.grid1d(96, 32).sharedMemoryBytes(32 * 8);
    check(o, k, "dynamicDoubles", d, doubles(96), new double[96]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void integerAtomics(String name, CompilerOptions o) {
    Class<?> k = AtomicKernels.class;
    int n = 128;
    Launch l = Launch.grid1d(n, 64);
    check(o, k, "ints", l, ARRAYS.ints(n), ARRAYS.ints(13), ARRAYS.ints(4 * n), new int[4 * n]);
    check(
        o, k, "intsShared", l, ARRAYS.ints(n), ARRAYS.ints(26), ARRAYS.ints(4 * n), new int[4 * n]);
    check(o, k, "longs", l, ARRAYS.longs(n), ARRAYS.longs(9), ARRAYS.longs(3 * n), new long[3 * n]);
    check(o, k, "longsShared", Launch.grid1d(64, 64), ARRAYS.longs(64), ARRAYS.longs(5));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void floatAtomics(String name, CompilerOptions o) {
    floatAtomics(o, 0.0f);
  }

  /**
   * Fast math allows {@code atom.global.add.f32}, which flushes subnormals: the subnormal sum
   * starts at 1.0, where the JVM rounds them away too.
   */
  @org.junit.jupiter.api.Test
  void floatAtomics_fastMath() {
    floatAtomics(CompilerOptions.defaults().withFastMath(true), 1.0f);
  }

  private static void floatAtomics(CompilerOptions o, float subnormalSum) {
    Class<?> k = AtomicKernels.class;
    int n = 128;
    Launch l = Launch.grid1d(n, 64);
    float inf = Float.POSITIVE_INFINITY;
    float[] acc = {0, subnormalSum, inf, Float.NaN, 0.0f, -0.0f, inf};
    check(o, k, "floats", l, exactFloats(n), acc, ownFloats(3 * n), new float[3 * n]);
    double dinf = Double.POSITIVE_INFINITY;
    double[] dacc = {0, subnormalSum, dinf, Double.NaN, 0.0, -0.0, -dinf};
    check(o, k, "doubles", l, exactDoubles(n), dacc, ownDoubles(3 * n), new double[3 * n]);
    Launch one = Launch.grid1d(64, 64);
    float[] sacc = {1.5f, subnormalSum, -inf, subnormalSum, subnormalSum};
    double[] sdacc = {0.25, dinf, 0, 0, 2.5};
    check(o, k, "floatsShared", one, exactFloats(64), sacc, sdacc);
  }

  /** Shuffle operands: in range, out of range, negative. */
  private static int[] operands(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i % 4 == 0 ? RANDOM.nextInt() : RANDOM.nextInt(-40, 70);
    }
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void warpOperations(String name, CompilerOptions o) {
    Class<?> k = WarpKernels.class;
    int n = 64;
    Launch l = Launch.grid1d(n, 64);
    check(o, k, "intShuffles", l, ARRAYS.ints(n), operands(n), new int[8 * n]);
    float[] fs = floats(n);
    fs[3] = Float.intBitsToFloat(0x7fc01234);
    fs[9] = -0.0f;
    check(
        o,
        k,
        "wideShuffles",
        l,
        ARRAYS.longs(n),
        fs,
        doubles(n),
        operands(n),
        new long[4 * n],
        new float[4 * n],
        new double[4 * n]);
    int[] votes = ARRAYS.ints(n);
    votes[40] = 12345;
    votes[33] = 0;
    votes[5] = 7;
    check(o, k, "votes", l, votes, new int[6 * n]);
    check(o, k, "warpSums", Launch.grid1d(96, 32), exactFloats(96), new float[3], new double[96]);
    check(o, k, "warpExchange", l, ARRAYS.ints(n), new int[n]);
    check(o, k, "activeMaskBeforeBarrier", Launch.grid1d(256, 128), new int[512]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void barriers(String name, CompilerOptions o) {
    int n = 3 * 64;
    int[] in = ARRAYS.ints(n);
    in[70] = 12345;
    in[150] = 777;
    check(o, BarrierKernels.class, "reductions", Launch.grid1d(n, 64), in, new int[5 * n]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void typicalKernels(String name, CompilerOptions o) {
    int n = 1000;
    Launch l = Launch.grid1d(n, 128);
    check(o, GpuApi.class, "blockSum", l, exactFloats(n), new double[] {0.5}, new int[1]);
    check(o, GpuApi.class, "histogram", l.sharedMemoryBytes(17 * 4), ARRAYS.ints(n), new int[17]);
  }
}
