package dev.jptx.bench.quality;

import dev.jptx.bench.KernelClasses;
import dev.jptx.bench.suite.BenchCaseCounts;
import dev.jptx.bench.suite.BenchCaseCounts.Count;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Dynamic thread-instruction counts on the {@code sim} device: every bench case of the runtime's
 * test-jar (fixed inputs, the README's launch shapes and checks) run once on jptx's modules and
 * once on nvcc's PTX, each on a fresh simulator. The simulator runs blocks one after another on one
 * thread, so the counts are the same on every run.
 */
final class SimulatorCounts {
  private SimulatorCounts() {}

  /**
   * Runs the cases on the jptx modules under {@code moduleRoot}.
   *
   * @param moduleRoot a directory holding {@code META-INF/jptx}, looked at before the classpath
   * @param mode gives the reference the results are checked against
   * @return one count per kernel, in the README's order
   */
  static List<Count> jptx(Path moduleRoot, Mode mode) {
    try (Device sim = SimDevice.withModuleRoots(List.of(moduleRoot))) {
      return BenchCaseCounts.runAll(
          (entry, launch, args) -> {
            sim.launch(launch, KernelClasses.declaring(entry), entry, args);
            return sim.lastLaunchStats();
          },
          mode.contraction(),
          "jptx/" + mode.label());
    }
  }

  /**
   * Runs the cases on nvcc's module {@code ptx}.
   *
   * @param ptx the PTX of {@code kernels.cu}
   * @param mode gives the reference the results are checked against
   * @return one count per kernel, in the README's order
   */
  static List<Count> nvcc(Path ptx, Mode mode) {
    String text;
    try {
      text = Files.readString(ptx, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (Device sim = Device.simulator();
        PtxModule module = sim.loadPtx(text)) {
      return BenchCaseCounts.runAll(
          (entry, launch, args) -> {
            module.launch(entry, launch, args);
            return sim.lastLaunchStats();
          },
          mode.contraction(),
          "nvcc/" + mode.label());
    }
  }
}
