package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bench.suite.Compare;
import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.SizeOptimization;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hand-written size corpus runs right when outlined: built at {@code -O3} as by default and at
 * {@code -Os} with the outliner forced as issue #23 asks (threshold 1, three reruns, every verifier
 * and the allocation checker after each pass, ptxas validating), every kernel's results on {@code
 * sim} are bit for bit the same in both builds and within 1e-5 (relative) of the JVM's, whose
 * {@code GpuMath} rounds through {@code double}; and the outliner did outline from the corpus.
 */
class SizeCorpusTest {
  @TempDir Path work;

  @Test
  void corpus_outlinedAtOs_runsAsAtO3AndOnTheJvm() throws Exception {
    Path testClasses =
        Path.of(SizeCorpusTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path hand = SizeCorpus.hand(testClasses, work);
    Path plain = build(hand, work.resolve("o3"), CompilerOptions.defaults());
    Path outlined =
        build(
            hand,
            work.resolve("os"),
            CompilerOptions.defaults()
                .withOptLevel(SizeOptimization.LEVEL)
                .withOptimizeForSize(true)
                .withVerifyEachPass(true)
                .withKnobs(
                    SizeOptimization.knobs(
                        List.of(
                            "enable-machine-outliner=enable",
                            "outliner-benefit-threshold=1",
                            "machine-outliner-reruns=3"))));
    assertTrue(outlinedModules(outlined) >= 3, "the outliner outlined from too few modules");
    List<Class<?>> classes =
        List.of(
            dev.jptx.bench.size.FftStage.class,
            dev.jptx.bench.size.MathChain.class,
            dev.jptx.bench.size.Mlp.class,
            dev.jptx.bench.size.Stencil7.class);
    try (Device o3 = SimDevice.withModuleRoots(List.of(plain));
        Device os = SimDevice.withModuleRoots(List.of(outlined));
        Device jvm = Device.jvm()) {
      int kernels = 0;
      for (Class<?> c : classes) {
        for (Method m : SizeCorpus.kernels(c)) {
          Object[] expected = SizeCorpus.launch(jvm, m);
          Object[] atO3 = SizeCorpus.launch(o3, m);
          Object[] atOs = SizeCorpus.launch(os, m);
          for (int k = 0; k < expected.length; k++) {
            if (expected[k] instanceof float[] e) {
              String what = m.getName() + " argument " + k;
              Compare.bitExact(what + ": -Os outlined vs -O3", atO3[k], atOs[k]);
              float[] got = (float[]) atO3[k];
              for (int i = 0; i < e.length; i++) {
                float tolerance = 1e-5f * Math.max(1f, Math.abs(e[i]));
                assertTrue(
                    Math.abs(e[i] - got[i]) <= tolerance,
                    what + "[" + i + "]: jvm " + e[i] + ", sim " + got[i]);
              }
            }
          }
          kernels++;
        }
      }
      assertEquals(4, kernels);
    }
  }

  private static Path build(Path classes, Path out, CompilerOptions options) {
    BuildReport report =
        Build.run(
            new BuildRequest(List.of(classes), List.of(), out, options, ValidationMode.TRUE, null),
            DumpSink.NONE);
    assertTrue(!report.failed(), () -> report.diagnostics() + " " + report.internalErrors());
    return out;
  }

  private static long outlinedModules(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.toString().endsWith(".ptx"))
          .filter(
              p -> {
                try {
                  return Files.readString(p, StandardCharsets.UTF_8).contains("OUTLINED_FUNCTION_");
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .count();
    }
  }
}
