package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Gpu;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testkernels.Half2Kernels;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Packed half pairs through type legalization, bit for bit against the JVM: v2f16 legal with packed
 * arithmetic (sm_75, sm_90), legal but computed per lane in f16 (sm_60), and scalarized with its
 * lanes promoted to f32 (sm_52); v2bf16 legal on sm_90, scalarized and promoted below sm_80. Every
 * configuration runs the type legalizer's expensive checks.
 */
class PackedHalvesOnSimulatorTest {
  private static final String CHECKS = " enable-legalize-types-checking";

  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O3 sm_75" + CHECKS,
        "-O0 sm_75" + CHECKS,
        "-O3 sm_52" + CHECKS,
        "-O0 sm_52" + CHECKS,
        "-O3 sm_52 soften-float" + CHECKS,
        "-O3 sm_60" + CHECKS,
        "-O3 sm_90" + CHECKS);
  }

  private static final SplittableRandom RANDOM = new SplittableRandom(2);

  /** binary16 patterns of every kind, and moderate values. */
  private static final int[] SPECIALS = {
    0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x3c00, 0xbc00, 0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
    0x7e00, 0x7c01, 0xffff
  };

  private static int lane() {
    return switch (RANDOM.nextInt(4)) {
      case 0 -> RANDOM.nextInt(0x10000);
      case 1 -> SPECIALS[RANDOM.nextInt(SPECIALS.length)];
      default -> Gpu.floatToHalf((float) RANDOM.nextDouble(-4, 4)) & 0xffff;
    };
  }

  private static int pair() {
    return lane() | lane() << 16;
  }

  private static int[] pairs(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = pair();
    }
    return a;
  }

  /** bfloat16 pairs of moderate values: products and sums stay finite and exact-ish. */
  private static int[] bf16Pairs(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      int lo = Gpu.floatToBf16((float) RANDOM.nextDouble(-3, 3)) & 0xffff;
      int hi = RANDOM.nextInt(8) == 0 ? RANDOM.nextInt(0x10000) : Gpu.floatToBf16(0.5f) & 0xffff;
      a[i] = lo | hi << 16;
    }
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void dot2_loopWithInvariantPair(String name, CompilerOptions o) {
    int n = 700;
    int k = 12;
    Differential.check(
        o,
        new Differential.Case(
            Half2Kernels.class,
            "dot2",
            Launch.grid1d(n, 128),
            0,
            pairs(n * k),
            pairs(k),
            Gpu.packHalf2(0.75f, -1.25f),
            new int[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void polynomial_hfma2Chain(String name, CompilerOptions o) {
    int n = 3000;
    Differential.check(
        o,
        new Differential.Case(
            Half2Kernels.class,
            "polynomial",
            Launch.grid1d(n, 256),
            0,
            pairs(n),
            pair(),
            Gpu.packHalf2(-0.5f, 2.0f),
            Gpu.packHalf2(0.25f, 1.0f),
            Gpu.packHalf2(1.5f, -0.125f),
            new int[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void clamp_addSubMaxMin(String name, CompilerOptions o) {
    int n = 3000;
    int[] lo = {Gpu.packHalf2(-1.0f, 0.0f), 0x7e008000, pair()};
    int[] hi = {Gpu.packHalf2(1.0f, 2.0f), 0x00007e00, pair()};
    for (int c = 0; c < lo.length; c++) {
      Differential.check(
          o,
          new Differential.Case(
              Half2Kernels.class,
              "clamp",
              Launch.grid1d(n, 256),
              0,
              pairs(n),
              lo[c],
              hi[c],
              new int[n]));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void bf16Dot_loop(String name, CompilerOptions o) {
    int n = 500;
    int k = 9;
    Differential.check(
        o,
        new Differential.Case(
            Half2Kernels.class,
            "bf16Dot",
            Launch.grid1d(n, 128),
            0,
            bf16Pairs(n * k),
            bf16Pairs(k),
            new int[n]));
  }

  @Test
  void sm75_computesPacked() {
    String ptx = ptx("-O3 sm_75" + CHECKS);
    assertTrue(ptx.contains("add.rn.f16x2"), ptx);
    assertTrue(ptx.contains("fma.rn.f16x2"), ptx);
    assertTrue(ptx.contains("mul.rn.f16x2"), ptx);
  }

  @Test
  void sm60_computesPerLaneInF16() {
    String ptx = ptx("-O3 sm_60" + CHECKS);
    assertTrue(ptx.contains("fma.rn.f16 "), ptx);
    assertTrue(ptx.contains("mov.b32 {%h"), ptx);
    assertFalse(ptx.contains("f16x2"), ptx);
  }

  @Test
  void sm52_promotesToF32() {
    String ptx = ptx("-O3 sm_52" + CHECKS);
    assertTrue(ptx.contains("cvt.f32.f16"), ptx);
    assertTrue(ptx.contains("cvt.rn.f16.f32"), ptx);
    assertFalse(ptx.contains("f16x2"), ptx);
    assertFalse(ptx.contains("fma.rn.bf16"), ptx);
  }

  private static String ptx(String configuration) {
    CompilerOptions o = Configurations.options(configuration);
    Differential.modules(Half2Kernels.class, o);
    return new Pipeline(o, DumpSink.NONE)
        .compile(
            TestClasses.node(Half2Kernels.class.getName()),
            TestClasses.classPath(),
            new Diagnostics())
        .modules()
        .values()
        .iterator()
        .next();
  }
}
