package dev.jptx.samples.scan;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Random;

/**
 * Computes the exclusive prefix sums of {@code n} random ints on the best device and on the JVM
 * device, and checks both against a sequential loop: integer sums wrap alike everywhere, so they
 * must be equal.
 *
 * <p>Argument: {@code [n]}, default 2^15. The JVM device is the slow one here: every barrier hands
 * over between the block's Java threads.
 */
public final class Main {
  /** The default element count. */
  static final int DEFAULT_N = 1 << 15;

  private Main() {}

  /**
   * Runs the sample; prints {@code verified} and exits 0, or exits 1 on a mismatch, 2 on bad
   * arguments.
   *
   * @param args {@code [n]}
   */
  public static void main(String[] args) {
    SampleMain.main(args, DEFAULT_N, Main::run);
  }

  /**
   * Scans {@code n} random ints on {@code device}, on the JVM device and sequentially.
   *
   * @return whether the three agree
   */
  static boolean run(Device device, int n, PrintStream out) {
    int[] in = new Random(13).ints(n, 0, 1000).toArray();
    int[] sums = new int[n];
    Timing onDevice = scan(device, in, sums);
    int[] expected = new int[n];
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = scan(jvm, in, expected);
    }
    int[] sequential = new int[n];
    for (int i = 1; i < n; i++) {
      sequential[i] = sequential[i - 1] + in[i - 1];
    }
    out.println(
        "exclusive scan of " + n + " ints in " + segments(n) + " segments of " + PrefixSum.SEGMENT);
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    int bad = 0;
    for (int i = 0; i < n; i++) {
      if (sums[i] != expected[i] || sums[i] != sequential[i]) {
        if (bad++ < 10) {
          out.println(
              "  element "
                  + i
                  + ": "
                  + sums[i]
                  + ", the JVM gives "
                  + expected[i]
                  + ", a loop "
                  + sequential[i]);
        }
      }
    }
    out.println("  " + bad + " of " + n + " sums differ from the JVM or the loop");
    return bad == 0;
  }

  static int segments(int n) {
    return (n + PrefixSum.SEGMENT - 1) / PrefixSum.SEGMENT;
  }

  /** Both kernels with the carry pass on the host in between. */
  static Timing scan(Device device, int[] in, int[] out) {
    int n = in.length;
    int[] totals = new int[segments(n)];
    Timing timing = Timing.start(device);
    device.launch(
        Launch.grid1d(totals.length * PrefixSum.THREADS, PrefixSum.THREADS),
        PrefixSum::scanBlocks,
        n,
        in,
        out,
        totals);
    timing = timing.afterLaunch(device);
    // the carries are an exclusive scan of the segment totals: few enough for the host
    int[] carries = new int[totals.length];
    for (int b = 1; b < totals.length; b++) {
      carries[b] = carries[b - 1] + totals[b - 1];
    }
    device.launch(Launch.grid1d(n, 256), PrefixSum::addCarries, n, carries, out);
    return timing.afterLaunch(device).stop();
  }
}
