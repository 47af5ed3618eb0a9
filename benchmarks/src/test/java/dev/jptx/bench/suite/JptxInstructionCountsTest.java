package dev.jptx.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bench.KernelClasses;
import dev.jptx.bench.SimulatorModules;
import dev.jptx.runtime.Device;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The optimizer's effect on the whole suite: jptx's 22 kernels run the runtime's bench cases (the
 * README's inputs, launch shapes and checks, unfused) on the simulator, compiled at {@code -O0} and
 * at {@code -O3}; {@code -O3} must execute fewer thread-instructions than {@code -O0} on every
 * kernel (issue #5) and 20% fewer over the suite (geometric mean). Prints the table (kernel, -O0,
 * -O3, ratio) that the issue notes quote. Counts are deterministic: they are what the simulator
 * executed, not a time.
 */
class JptxInstructionCountsTest {
  @Test
  void optimized_executesFewerOnEveryKernel() {
    Map<String, long[]> counts = new LinkedHashMap<>();
    int[] levels = {0, 3};
    for (int l = 0; l < levels.length; l++) {
      try (Device sim = SimulatorModules.device(levels[l])) {
        for (BenchCases.Case c : BenchCases.ALL) {
          BenchCases.Run run =
              new BenchCases.Run(launcher(sim), Contraction.UNFUSED, "-O" + levels[l]);
          c.body().accept(run);
          counts.computeIfAbsent(c.kernel(), k -> new long[2])[l] = run.instructions();
        }
      }
    }
    assertEquals(22, counts.size());
    StringBuilder table =
        new StringBuilder("| kernel | -O0 | -O3 | -O3/-O0 |\n|---|---:|---:|---:|\n");
    double logSum = 0;
    for (Map.Entry<String, long[]> e : counts.entrySet()) {
      long o0 = e.getValue()[0];
      long o3 = e.getValue()[1];
      logSum += Math.log((double) o3 / o0);
      table.append(
          String.format("| %s | %d | %d | %.3f |%n", e.getKey(), o0, o3, (double) o3 / o0));
    }
    table.append(
        String.format("| geometric mean | | | %.3f |%n", Math.exp(logSum / counts.size())));
    System.out.print(table);
    for (Map.Entry<String, long[]> e : counts.entrySet()) {
      assertTrue(
          e.getValue()[1] < e.getValue()[0],
          e.getKey()
              + ": -O3 executes "
              + e.getValue()[1]
              + " instructions, -O0 "
              + e.getValue()[0]);
    }
    assertTrue(
        Math.exp(logSum / counts.size()) < 0.8,
        "-O3 executes less than 20% fewer instructions than -O0 over the suite");
  }

  /** Launches the jptx kernel of the CUDA entry's name; returns the simulator's count. */
  private static BenchCases.Launcher launcher(Device sim) {
    return (entry, launch, args) -> {
      sim.launch(launch, KernelClasses.declaring(entry), entry, args);
      return sim.lastLaunchStats().instructions();
    };
  }
}
