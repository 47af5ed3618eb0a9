package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bench.suite.NvccPtx;
import dev.jptx.runtime.Device;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The math section's launches on the simulator, with nvcc's twins (math.cu compiled here): the
 * operands reach the kernels in order, both sweeps of a two-argument function are compared, and
 * nvcc's default build is within CUDA's bounds where the approximations are correctly rounded.
 * jptx's modules, which need the compiler, run in the bundle test's {@code --device sim} report.
 */
class MathSectionTest {
  private static final long STEP = 67_108_879;

  @TempDir Path dir;

  private Path nvcc(String mode) throws Exception {
    if (!NvccPtx.nvccOnPath()) {
      org.junit.jupiter.api.Assumptions.assumeTrue(
          "true".equals(System.getenv("CI")), "nvcc is not on PATH");
      throw new AssertionError("nvcc is not on PATH (CI=true)");
    }
    Path cu = NvccPtx.kernelsCu().getParent().resolveSibling("math/math.cu");
    Path ptx = dir.resolve("math-" + mode + ".ptx");
    List<String> command = new java.util.ArrayList<>(List.of("nvcc", "-ptx", "-O3", "-arch=sm_75"));
    if (mode.equals("fast")) {
      command.add("-use_fast_math");
    }
    command.addAll(List.of(cu.toString(), "-o", ptx.toString()));
    Process p = new ProcessBuilder(command).inheritIO().start();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0, "nvcc failed");
    assertTrue(Files.isRegularFile(ptx));
    return ptx;
  }

  @Test
  void measure_nvccDefaultOnTheSimulatorIsWithinCudasBounds() throws Exception {
    Path strict = nvcc("default");
    Path fast = nvcc("fast");
    try (Device sim = Device.simulator();
        SuiteModules d = SuiteModules.nvcc(sim, strict);
        SuiteModules f = SuiteModules.nvcc(sim, fast)) {
      Map<MathVariant, SuiteModules> modules = new EnumMap<>(MathVariant.class);
      modules.put(MathVariant.NVCC_DEFAULT, d);
      modules.put(MathVariant.NVCC_FAST, f);
      for (MathFunction fn :
          List.of(MathFunction.ATAN2, MathFunction.POW, MathFunction.HYPOT, MathFunction.EXP)) {
        MathRow row = MathSection.measure(fn, modules, STEP);
        UlpTally t = row.tally(MathVariant.NVCC_DEFAULT);
        assertEquals(64L * fn.pairings().size(), t.inputs(), row.markdown());
        assertTrue(fn.withinBound(t.maxUlps()), row.markdown());
        assertEquals(64L * fn.pairings().size(), row.tally(MathVariant.NVCC_FAST).inputs());
        // the variants not given stay empty
        assertEquals(UlpTally.EMPTY, row.tally(MathVariant.JPTX_DEFAULT));
      }
    }
  }
}
