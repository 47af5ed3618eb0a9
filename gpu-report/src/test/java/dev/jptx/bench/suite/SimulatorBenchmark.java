package dev.jptx.bench.suite;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.LaunchStats;
import dev.jptx.runtime.PtxModule;
import java.util.SplittableRandom;

/**
 * The simulator's speed, printed (a benchmark, not a test): thread-instructions per second for
 * nvcc's {@code saxpy} on 2^20 elements and {@code sgemmTiled} at n = 256, on the calling thread
 * (the simulator runs a launch on one core). Each kernel runs a few times to warm the JIT; the best
 * run counts. Run with {@code ./mvnw -B -pl runtime -P simulator-benchmark test}.
 */
public final class SimulatorBenchmark {
  private SimulatorBenchmark() {}

  /** Prints one line per kernel. */
  public static void main(String[] args) {
    String ptx = NvccPtx.ptx(NvccPtx.Config.SM90_FMAD);
    SplittableRandom random = new SplittableRandom(1);
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx)) {
      int n = 1 << 20;
      float[] x = new float[n];
      float[] y = new float[n];
      for (int i = 0; i < n; i++) {
        x[i] = (float) random.nextDouble();
        y[i] = (float) random.nextDouble();
      }
      report(sim, "saxpy, n = 2^20", () -> m.launch("saxpy", Launch.grid1d(n, 256), n, 2.0f, x, y));
      int s = 256;
      float[] a = new float[s * s];
      float[] b = new float[s * s];
      float[] c = new float[s * s];
      for (int i = 0; i < a.length; i++) {
        a[i] = (float) random.nextDouble();
        b[i] = (float) random.nextDouble();
      }
      Launch tiles = Launch.of(Dim3.of(s / 16, s / 16), Dim3.of(16, 16));
      report(sim, "sgemmTiled, n = 256", () -> m.launch("sgemmTiled", tiles, s, a, b, c));
    }
  }

  private static void report(Device sim, String name, Runnable launch) {
    double best = 0;
    long instructions = 0;
    for (int run = 0; run < 5; run++) {
      launch.run();
      LaunchStats st = sim.lastLaunchStats();
      instructions = st.instructions();
      best = Math.max(best, st.instructions() / (st.elapsedNanos() / 1e9));
    }
    System.out.printf(
        "%-22s %,14d thread-instructions per launch, best %6.1f million per second%n",
        name, instructions, best / 1e6);
  }
}
