package dev.jptx.compiler.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
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
    assertTrue(plus.contains(Feature.ATOMICS));
    assertFalse(plus.contains(Feature.LOOPS));
    assertTrue(plus.contains(Feature.SHIFTS));
    assertEquals(EnumSet.of(Feature.LOOPS, Feature.FLOATS), Feature.parse("LOOPS,FLOATS"));
    assertEquals(EnumSet.allOf(Feature.class), Feature.parse("all"));
    assertEquals(EnumSet.allOf(Feature.class), Feature.parse(""));
  }

  /** A text that shows a feature in a kernel's source, for the features with one. */
  private static final Map<Feature, Pattern> MARKERS =
      Map.ofEntries(
          Map.entry(Feature.LOOPS, Pattern.compile("\\b(for|while) \\(")),
          Map.entry(Feature.COUNTED_LOOPS, Pattern.compile("\\bint trip\\d+ = ")),
          Map.entry(Feature.BREAK_CONTINUE, Pattern.compile("\\bcontinue\\b")),
          Map.entry(Feature.READ_ONLY, Pattern.compile("@ReadOnly")),
          Map.entry(Feature.LAUNCH_BOUNDS, Pattern.compile("maxThreadsPerBlock")),
          Map.entry(Feature.SWITCH, Pattern.compile("\\bswitch \\(")),
          Map.entry(Feature.DEVICE_CALLS, Pattern.compile("static \\w+ k\\d+_f\\d+\\(")),
          // a local array's declaration, not a static table's (a field, filled by a loop)
          Map.entry(
              Feature.LOCAL_ARRAYS,
              Pattern.compile("(?m)^(?!\\s*static )\\s*\\w+\\[\\] \\w+ = new \\w+\\[")),
          Map.entry(Feature.RECORDS, Pattern.compile("\\brecord \\w+\\(")),
          Map.entry(Feature.STATIC_FINAL_ARRAYS, Pattern.compile("static final \\w+\\[\\]")),
          Map.entry(
              Feature.MATH,
              Pattern.compile("\\bMath\\.(abs|min|max|fma|sqrt|floor|ceil|rint|multiplyHigh)\\(")),
          Map.entry(
              Feature.JDK_HELPERS,
              Pattern.compile(
                  "\\b(floorMod|floorDiv|highestOneBit|copySign|nextUp|ulp|scalb|compareUnsigned"
                      + "|toUnsignedInt|logicalXor)\\(")),
          Map.entry(
              Feature.STRICT_MATH,
              Pattern.compile("\\bStrictMath\\.(cos|tan|log|atan2|pow|hypot)\\(")),
          Map.entry(
              Feature.BIT_INTRINSICS, Pattern.compile("\\b(bitCount|numberOfLeadingZeros)\\(")),
          Map.entry(Feature.SHARED_MEMORY, Pattern.compile("\\bsyncThreads\\w*\\(")),
          Map.entry(Feature.ATOMICS, Pattern.compile("\\batomic\\w+\\(")),
          Map.entry(
              Feature.WARP_OPS, Pattern.compile("\\b(shfl\\w*Sync|ballotSync|activeMask)\\(")),
          Map.entry(
              Feature.HALF_PRECISION, Pattern.compile("\\b(hfma2|hadd2|floatToHalf|packHalf2)\\(")),
          Map.entry(Feature.RECURSION, Pattern.compile("static \\w+ k\\d+_r\\d+\\(int depth")),
          Map.entry(Feature.ARRAYS_OF_ARRAYS, Pattern.compile("\\w+\\[\\]\\[\\] \\w+")),
          Map.entry(Feature.ARRAY_RETURNS, Pattern.compile("static \\w+\\[\\] k\\d+_ar\\d+\\(")));

  /**
   * Aliasing: with the feature, some kernels of 40 receive one array as two parameters (the same
   * object, of an input or an output kind, never atomic); without it, none does.
   */
  @Test
  void aliasing_passesOneArrayForTwoParameters() {
    int aliased = 0;
    for (GeneratedKernel k : kernels(Feature.DEFAULTS)) {
      Object[] args = k.arguments(k.seed());
      for (int i = 0; i < args.length; i++) {
        GeneratedKernel.Param p = k.params().get(i);
        if (p.aliasOf() != null) {
          aliased++;
          assertTrue(p.kind() == Scope.Kind.INPUT || p.kind() == Scope.Kind.OUTPUT, p::toString);
          int target = -1;
          for (int j = 0; j < args.length; j++) {
            target = k.params().get(j).name().equals(p.aliasOf()) ? j : target;
          }
          assertSame(args[target], args[i], p::toString);
          // one array may not be both @ReadOnly and not: the launch refuses that
          assertEquals(readOnly(k, p.name()), readOnly(k, p.aliasOf()), k::source);
        }
      }
    }
    assertTrue(aliased > 3, "too few aliased parameters: " + aliased);
    EnumSet<Feature> without = EnumSet.allOf(Feature.class);
    without.remove(Feature.ALIASING);
    for (GeneratedKernel k : kernels(without)) {
      assertTrue(k.params().stream().allMatch(p -> p.aliasOf() == null), k::source);
    }
  }

  /**
   * Arrays of arrays: the inputs of 40 kernels have ragged rows, each non-empty and of a
   * power-of-two length (the generated index masks rely on it), and some rows are the same array as
   * another row or as a one-dimensional input argument; without aliasing no row is shared. An
   * output's rows hold the slots of every thread.
   */
  @Test
  void arraysOfArrays_raggedRowsSometimesShared() {
    int[] shared = new int[2];
    int ragged = 0;
    for (GeneratedKernel k : kernels(Feature.DEFAULTS)) {
      Object[] args = k.arguments(k.seed());
      for (int i = 0; i < args.length; i++) {
        GeneratedKernel.Param p = k.params().get(i);
        if (p.kind() == Scope.Kind.INPUT_ROWS) {
          Object[] rows = (Object[]) args[i];
          assertEquals(p.rows().size(), rows.length);
          assertEquals(1, Integer.bitCount(rows.length), p::toString);
          Set<Integer> lengths = new java.util.HashSet<>();
          for (int r = 0; r < rows.length; r++) {
            int n = java.lang.reflect.Array.getLength(rows[r]);
            assertEquals(1, Integer.bitCount(n), () -> p + " row length");
            lengths.add(n);
            for (int q = 0; q < r; q++) {
              shared[0] += rows[q] == rows[r] ? 1 : 0;
            }
            for (Object a : args) {
              shared[1] += a == rows[r] ? 1 : 0;
            }
          }
          ragged += lengths.size() > 1 ? 1 : 0;
        } else if (p.kind() == Scope.Kind.OUTPUT_ROWS) {
          Object[] rows = (Object[]) args[i];
          int perRow = (k.threads() + rows.length - 1) / rows.length * p.length();
          for (Object row : rows) {
            assertTrue(java.lang.reflect.Array.getLength(row) >= perRow, p::toString);
          }
        }
      }
    }
    assertTrue(ragged > 3, "too few ragged arrays of arrays: " + ragged);
    assertTrue(shared[0] > 0 && shared[1] > 0, "rows shared: " + shared[0] + ", " + shared[1]);
    EnumSet<Feature> without = EnumSet.allOf(Feature.class);
    without.remove(Feature.ALIASING);
    for (GeneratedKernel k : kernels(without)) {
      for (GeneratedKernel.Param p : k.params()) {
        assertTrue(
            p.rows().stream().allMatch(r -> r.sameAs() < 0 && r.shares() == null), k::source);
      }
    }
  }

  /**
   * Array-returning device functions of every shape appear in 120 kernels, some not inlined, and
   * their results are read, and written at the thread's slots where the arguments were outputs.
   */
  @Test
  void arrayReturns_everyShapeAndFamily() {
    KernelGenerator g = new KernelGenerator(Feature.DEFAULTS);
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < 120; i++) {
      all.append(g.generate(DifferentialFuzzTest.kernelSeed(13, i), "k" + i).source());
    }
    String s = all.toString();
    List<String> shapes =
        List.of(
            "\\[\\] k\\d+_ar\\d+\\(\\w+\\[\\] x, \\w+\\[\\] y, int c\\d+\\)",
            "\\[\\] k\\d+_ar\\d+\\(\\w+\\[\\] x, int c\\d+\\)",
            "\\[\\] k\\d+_ar\\d+\\(\\w+\\[\\]\\[\\] m, \\w+\\[\\] y, int c\\d+\\)",
            "@NoInline\\s+static \\w+\\[\\] k\\d+_ar",
            // outputs passed, the result written at one of the thread's slots
            "(?s)(ra\\d+) = k\\d+_ar\\d+\\(out\\d+, out\\d+, .*\\1\\[gid[^\\]]*\\] [-+*/%&|^<>]*= ",
            // a row passed
            "= k\\d+_ar\\d+\\((\\w+, )?in\\d+\\[");
    for (String shape : shapes) {
      assertTrue(Pattern.compile(shape).matcher(s).find(), "never: " + shape);
    }
  }

  /**
   * Counted loops, the pipeliner's candidates, are in most of 40 kernels, and their bodies hold
   * nothing that branches (a condition, a ternary, {@code && ||}, a switch): one block.
   */
  @Test
  void countedLoops_inMostKernelsWithBranchFreeBodies() {
    Pattern head =
        Pattern.compile("for \\(int (i\\d+) = (0|1|trip\\d+ - 1); \\1 (< trip\\d+|>= 0);");
    int kernels = 0;
    int loops = 0;
    for (String s : sources(Feature.DEFAULTS)) {
      List<String> lines = s.lines().toList();
      boolean any = false;
      for (int i = 0; i < lines.size(); i++) {
        if (!head.matcher(lines.get(i)).find()) {
          continue;
        }
        any = true;
        loops++;
        for (int j = i + 1; !lines.get(j).strip().equals("}"); j++) {
          String body = lines.get(j);
          assertFalse(body.matches(".*(\\bif \\(| \\? |&&|\\|\\||\\bswitch\\b).*"), body);
        }
      }
      kernels += any ? 1 : 0;
    }
    assertTrue(kernels > 25, "kernels with counted loops: " + kernels);
    assertTrue(loops > kernels, "counted loops: " + loops);
  }

  /** Recursion is sometimes deep: some recursive functions of 120 kernels go 1023 calls down. */
  @Test
  void recursion_isSometimesDeep() {
    KernelGenerator g = new KernelGenerator(Feature.DEFAULTS);
    long deep = 0;
    for (int i = 0; i < 120; i++) {
      String s = g.generate(DifferentialFuzzTest.kernelSeed(5, i), "k" + i).source();
      deep += s.contains("& 1023;") ? 1 : 0;
    }
    assertTrue(deep > 0, "no deep recursion in 120 kernels");
  }

  /**
   * Each switch does what it says: with every feature on, some of 40 kernels show the feature; with
   * only that one off, none does. So the default run really exercises switch statements, device
   * calls, local arrays, shared memory with barriers, atomics, warp operations and the intrinsics.
   */
  @Test
  void featureSwitches_addAndRemoveTheirConstructs() {
    for (Map.Entry<Feature, Pattern> e : MARKERS.entrySet()) {
      EnumSet<Feature> without = EnumSet.allOf(Feature.class);
      without.remove(e.getKey());
      assertTrue(
          sources(Feature.DEFAULTS).stream().anyMatch(s -> e.getValue().matcher(s).find()),
          e.getKey() + " never appears");
      for (String s : sources(without)) {
        assertFalse(e.getValue().matcher(s).find(), () -> e.getKey() + " is off but:\n" + s);
      }
    }
  }

  private static boolean readOnly(GeneratedKernel k, String param) {
    return Pattern.compile("@ReadOnly \\w+\\[\\] " + param + "[,)]").matcher(k.source()).find();
  }

  private static List<GeneratedKernel> kernels(Set<Feature> features) {
    KernelGenerator g = new KernelGenerator(features);
    List<GeneratedKernel> out = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      out.add(g.generate(DifferentialFuzzTest.kernelSeed(11, i), "k" + i));
    }
    return out;
  }

  private static List<String> sources(Set<Feature> features) {
    KernelGenerator g = new KernelGenerator(features);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      out.add(g.generate(DifferentialFuzzTest.kernelSeed(11, i), "k" + i).source());
    }
    return out;
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
