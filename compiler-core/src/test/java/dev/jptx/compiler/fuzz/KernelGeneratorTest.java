package dev.jptx.compiler.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator itself: deterministic, valid Java for every feature, and the reducer. */
class KernelGeneratorTest {
  @Test
  void generate_sameSeedSameKernel() {
    KernelGenerator g = new KernelGenerator(Feature.DEFAULTS);
    GeneratedKernel a = g.generate(42, "k");
    GeneratedKernel b = g.generate(42, "k");
    assertEquals(a.source(), b.source());
    assertEquals(a.params(), b.params());
    assertFalse(a.source().equals(g.generate(43, "k").source()));
  }

  @Test
  void parse_relativeAbsoluteAndAll() {
    Set<Feature> plus = Feature.parse("+SWITCH,-loops");
    assertTrue(plus.contains(Feature.SWITCH));
    assertFalse(plus.contains(Feature.LOOPS));
    assertTrue(plus.contains(Feature.SHIFTS));
    assertEquals(EnumSet.of(Feature.LOOPS, Feature.FLOATS), Feature.parse("LOOPS,FLOATS"));
    assertEquals(EnumSet.allOf(Feature.class), Feature.parse("all"));
    assertEquals(Feature.DEFAULTS, Feature.parse(""));
  }

  @Test
  void defaults_leaveOutWhatTheCompilerLacks() {
    for (Feature f :
        List.of(
            Feature.SWITCH,
            Feature.DEVICE_CALLS,
            Feature.LOCAL_ARRAYS,
            Feature.STATIC_FINAL_ARRAYS,
            Feature.MATH,
            Feature.BIT_INTRINSICS,
            Feature.SHARED_MEMORY,
            Feature.ATOMICS,
            Feature.WARP_OPS,
            Feature.HALF_PRECISION,
            Feature.FLOAT_REMAINDER)) {
      assertFalse(Feature.DEFAULTS.contains(f), f.name());
    }
  }

  /**
   * Kernels with every feature, the ones the compiler does not support yet included, are valid Java
   * that runs on the JVM device without an exception (no division by zero, no index out of bounds,
   * no deadlock at a barrier or shuffle): they are ready when the compiler is.
   */
  @Test
  void everyFeature_compilesWithJavacAndRunsOnTheJvm(@TempDir Path dir) {
    KernelGenerator g = new KernelGenerator(EnumSet.allOf(Feature.class));
    try (FuzzRunner runner = new FuzzRunner(dir, false)) {
      for (int batch = 0; batch < 2; batch++) {
        List<GeneratedKernel> ks = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          ks.add(g.generate(DifferentialFuzzTest.kernelSeed(7 + batch, i), "k" + i));
        }
        assertNull(runner.runOnJvm("All" + batch, ks));
      }
    }
  }

  /** Kernels of only one type family are valid too: the switches really are independent. */
  @Test
  void fewFeatures_compileWithJavacAndRunOnTheJvm(@TempDir Path dir) {
    KernelGenerator g = new KernelGenerator(EnumSet.of(Feature.LOOPS, Feature.FLOATS));
    try (FuzzRunner runner = new FuzzRunner(dir, false)) {
      List<GeneratedKernel> ks = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        ks.add(g.generate(DifferentialFuzzTest.kernelSeed(3, i), "k" + i));
      }
      assertNull(runner.runOnJvm("Few", ks));
    }
  }

  @Test
  void reduce_keepsWhatThePredicateNeeds() {
    KernelGenerator g = new KernelGenerator(Feature.DEFAULTS);
    GeneratedKernel k = null;
    for (int seed = 0; k == null; seed++) {
      GeneratedKernel c = g.generate(seed, "k");
      if (c.source().contains(" % ") && c.source().length() > 1500) {
        k = c;
      }
    }
    Reducer r = new Reducer(x -> x.source().contains(" % "), 60_000);
    GeneratedKernel small = r.reduce(k);
    assertTrue(small.source().contains(" % "));
    assertTrue(
        small.source().length() < k.source().length() / 2, () -> "not reduced:\n" + small.source());
  }
}
