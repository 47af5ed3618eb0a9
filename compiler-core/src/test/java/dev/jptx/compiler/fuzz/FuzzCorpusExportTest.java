package dev.jptx.compiler.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.gpureport.fuzz.FuzzCase;
import dev.jptx.gpureport.fuzz.FuzzCorpus;
import dev.jptx.runtime.Device;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzz corpus end to end, as a GPU host would use it: kernels exported here, written, read back
 * and run through the raw-PTX path on the simulator.
 */
class FuzzCorpusExportTest {
  private static final long BASE = 0x5eedL;

  @TempDir static Path dir;
  private static FuzzCorpusExport export;
  private static FuzzCorpus corpus;

  /** Three kernels, exported once for all tests. */
  @BeforeAll
  static void exportThree() {
    export = new FuzzCorpusExport(null, dir.resolve("work"));
    corpus = export.corpus(FuzzCorpusExport.seeds(BASE, 3), 1, "test");
    assertEquals(3, corpus.cases().size(), export.skipped() + " " + export.simDiffers());
  }

  @Test
  void export_readBackRunsOnTheSimulator() throws IOException {
    Path file = dir.resolve(FuzzCorpus.FILE_NAME);
    corpus.write(file);
    FuzzCorpus back = FuzzCorpus.read(file);
    assertEquals(corpus, back);
    try (Device sim = Device.simulator()) {
      for (FuzzCase c : back.cases()) {
        assertEquals(List.of("sm_90", "sm_75"), List.copyOf(c.ptx().keySet()));
        assertEquals(FuzzRunner.LAUNCHES, c.argumentSets().size());
        for (String target : c.ptx().keySet()) {
          FuzzCase.Result r = c.run(sim, target);
          assertTrue(r.passed(), r.toString());
        }
      }
    }
  }

  @Test
  void export_tamperedExpectedValueIsReported() {
    FuzzCase c = corpus.cases().get(0);
    int arg = firstWholeArray(c.argumentSets().get(1).arguments());
    FuzzCase.Result r;
    try (Device sim = Device.simulator()) {
      r = tampered(c, arg).run(sim, "sm_90");
    }
    assertTrue(r.failures().isEmpty(), r.failures().toString());
    assertEquals(1, r.differingElements(), r.toString());
    FuzzCase.Mismatch m = r.mismatches().get(0);
    assertEquals(1, m.argumentSet());
    assertEquals(arg, m.argument());
    assertEquals(0, m.element());
    assertEquals(1L, m.expectedBits() ^ m.actualBits());
    assertTrue(m.reproduce().contains(String.format("-Djptx.fuzz.kernel=0x%x", c.seed())));
  }

  @Test
  void export_oneKernelAloneGivesTheSameCase() {
    FuzzCase inRun = corpus.cases().get(1);
    FuzzCase alone =
        new FuzzCorpusExport(null, dir.resolve("alone"))
            .corpus(List.of(inRun.seed()), 1, "one")
            .cases()
            .get(0);
    assertEquals("k0", alone.entry());
    assertEquals(inRun.ptx(), alone.ptx());
    assertEquals(inRun.argumentSets(), alone.argumentSets());
    String simple =
        FuzzCorpusExport.className(inRun.seed()).replace(GeneratedKernel.PACKAGE + ".", "");
    assertTrue(export.source(inRun.seed()).contains("public final class " + simple + " {"));
  }

  @Test
  void arguments_sinksStartAsZerosAndOutputsRepeatPerWarp() {
    KernelGenerator generator = new KernelGenerator(Feature.DEFAULTS);
    for (long seed : FuzzCorpusExport.seeds(BASE, 40)) {
      GeneratedKernel k = generator.generate(seed, "k0");
      Object[] fuzzer = k.arguments(seed);
      Object[] ours = FuzzCorpusExport.arguments(k, seed);
      for (int i = 0; i < fuzzer.length; i++) {
        GeneratedKernel.Param p = k.params().get(i);
        if (p.kind() != Scope.Kind.OUTPUT) {
          assertTrue(Objects.deepEquals(fuzzer[i], ours[i]), p.name());
        } else if (p.name().startsWith("sink")) {
          assertEquals(0L, Arrays.stream(longs(ours[i])).filter(x -> x != 0).count());
        } else {
          long[] f = longs(fuzzer[i]);
          long[] o = longs(ours[i]);
          int period = FuzzCorpusExport.DISTINCT_THREADS * p.length();
          for (int e = 0; e < o.length; e++) {
            assertEquals(f[e % period], o[e], p.name() + " element " + e);
          }
        }
      }
    }
  }

  /** An array's elements as raw bits. */
  private static long[] longs(Object array) {
    int n = Array.getLength(array);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      Object v = Array.get(array, i);
      out[i] =
          v instanceof Float f
              ? Float.floatToRawIntBits(f)
              : v instanceof Double d
                  ? Double.doubleToRawLongBits(d)
                  : v instanceof Boolean b
                      ? (b ? 1 : 0)
                      : v instanceof Character c ? c : ((Number) v).longValue();
    }
    return out;
  }

  private static int firstWholeArray(Object[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i] instanceof int[] || args[i] instanceof long[]) {
        return i;
      }
    }
    throw new AssertionError("no int[] or long[] argument: every kernel has a sinkI");
  }

  /** {@code c} with the lowest bit of element 0 of argument {@code arg} flipped in launch 1. */
  private static FuzzCase tampered(FuzzCase c, int arg) {
    FuzzCase.ArgumentSet set = c.argumentSets().get(1);
    Object[] expected = set.expected();
    if (expected[arg] instanceof int[] a) {
      a[0] ^= 1;
    } else {
      ((long[]) expected[arg])[0] ^= 1;
    }
    return new FuzzCase(
        c.name(),
        c.seed(),
        c.reproduce(),
        c.entry(),
        c.ptx(),
        c.launch(),
        List.of(c.argumentSets().get(0), new FuzzCase.ArgumentSet(set.arguments(), expected)));
  }
}
