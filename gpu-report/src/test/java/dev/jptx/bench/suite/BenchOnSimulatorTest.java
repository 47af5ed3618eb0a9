package dev.jptx.bench.suite;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.PtxModule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestReporter;

/**
 * The PTX simulator's proof on PTX that NVIDIA's compiler wrote: the 22 kernels of {@code
 * benchmarks/cuda/kernels.cu}, compiled by {@link NvccPtx} for sm_75 and sm_90 with and without FMA
 * contraction, run on {@code Device.simulator()} and compared with {@link BenchReference} as {@code
 * benchmarks/cuda/README.md} prescribes. 88 dynamic tests named {@code
 * <arch>/<fmad|no-fmad>/<kernel>}, e.g. {@code sm_90/fmad/saxpy}.
 *
 * <p>Skipped (aborted) where nvcc or the simulator is missing, unless {@code CI=true}, where that
 * fails. Each configuration's module is loaded once; every launch must report a positive
 * instruction count, and each test publishes its total as a report entry.
 */
class BenchOnSimulatorTest {
  private static final Map<NvccPtx.Config, PtxModule> MODULES = new EnumMap<>(NvccPtx.Config.class);
  private static final Duration CASE_TIMEOUT = Duration.ofMinutes(2);
  private static Device simulator;
  private static long totalInstructions;
  private static long totalMillis;
  private static int passed;

  @TestFactory
  List<DynamicTest> nvccSuite_matchesReferences(TestReporter reporter) {
    List<DynamicTest> tests = new ArrayList<>();
    for (NvccPtx.Config config : NvccPtx.Config.values()) {
      for (BenchCases.Case c : BenchCases.ALL) {
        String name = config.label() + "/" + c.kernel();
        tests.add(dynamicTest(name, () -> run(config, c, name, reporter)));
      }
    }
    return tests;
  }

  @AfterAll
  static synchronized void closeSimulator() {
    if (passed > 0) {
      // One line for whoever tunes the simulator: the suite's size and speed on this machine.
      System.out.printf(
          "nvcc bench suite on the simulator: %d tests passed, %d thread-instructions, %d ms%n",
          passed, totalInstructions, totalMillis);
    }
    MODULES.values().forEach(PtxModule::close);
    MODULES.clear();
    if (simulator != null) {
      simulator.close();
      simulator = null;
    }
  }

  private static void run(
      NvccPtx.Config config, BenchCases.Case c, String name, TestReporter reporter) {
    String ptx = NvccPtx.ptx(config);
    Device device = simulator();
    PtxModule module = module(config, device, ptx);
    BenchCases.Launcher launcher =
        (entry, launch, args) -> {
          module.launch(entry, launch, args);
          long counted = device.lastLaunchStats().instructions();
          assertTrue(
              counted > 0,
              name + ": lastLaunchStats().instructions() is " + counted + " after " + launch);
          return counted;
        };
    var run = new BenchCases.Run(launcher, config.contraction(), name);
    long start = System.nanoTime();
    // A simulator that loops forever on one kernel must fail that test, not hang the build.
    assertTimeoutPreemptively(CASE_TIMEOUT, () -> c.body().accept(run), name + " timed out");
    long millis = (System.nanoTime() - start) / 1_000_000;
    record(run.instructions(), millis);
    reporter.publishEntry(
        name,
        run.instructions()
            + " thread-instructions in "
            + run.launches()
            + " launches, "
            + millis
            + " ms");
  }

  private static synchronized void record(long instructions, long millis) {
    totalInstructions += instructions;
    totalMillis += millis;
    passed++;
  }

  private static synchronized PtxModule module(NvccPtx.Config config, Device device, String ptx) {
    PtxModule module = MODULES.get(config);
    if (module == null) {
      module = device.loadPtx(ptx);
      MODULES.put(config, module);
    }
    return module;
  }

  private static synchronized Device simulator() {
    if (simulator == null) {
      try {
        simulator = Device.simulator();
      } catch (UnsupportedOperationException e) {
        // Issue #3: the simulator is being written. Skip until it exists, but a CI job must not
        // go green without having run the proof.
        if ("true".equals(System.getenv("CI"))) {
          throw new AssertionError("Device.simulator() is unavailable under CI=true", e);
        }
        Assumptions.abort("Device.simulator() is not available: " + e.getMessage());
      }
    }
    return simulator;
  }
}
