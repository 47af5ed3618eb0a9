package dev.jptx.samples.histogram;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Random;

/**
 * Counts the byte values of {@code n} bytes (skewed, so the bins differ) on the best device and on
 * the JVM device. Atomic additions may happen in any order, but integer counts do not depend on it:
 * the histograms must be equal, and equal to a sequential count.
 *
 * <p>Argument: {@code [n]}, default 2^20 bytes.
 */
public final class Main {
  /** The default byte count. */
  static final int DEFAULT_N = 1 << 20;

  /** A fixed grid: the kernel strides over the data, so more blocks only add merges. */
  static final int BLOCKS = 32;

  /** Threads per block. */
  static final int BLOCK = 256;

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
   * Counts {@code n} random bytes on {@code device}, on the JVM device and sequentially.
   *
   * @return whether the three histograms are equal
   */
  static boolean run(Device device, int n, PrintStream out) {
    byte[] data = new byte[n];
    Random random = new Random(3);
    for (int i = 0; i < n; i++) {
      // the product of two uniform bytes: small values are far more common
      data[i] = (byte) (random.nextInt(256) * random.nextInt(256) >> 8);
    }
    int[] bins = new int[Histogram.BINS];
    Timing onDevice = count(device, data, bins);
    int[] expected = new int[Histogram.BINS];
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = count(jvm, data, expected);
    }
    int[] sequential = new int[Histogram.BINS];
    for (byte b : data) {
      sequential[b & 0xff]++;
    }
    out.println("histogram of " + n + " bytes, " + BLOCKS + " blocks of " + BLOCK + " threads");
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    out.println("  bins 0..7: " + Arrays.toString(Arrays.copyOf(bins, 8)));
    int bad = 0;
    for (int v = 0; v < Histogram.BINS; v++) {
      if (bins[v] != expected[v] || bins[v] != sequential[v]) {
        if (bad++ < 10) {
          out.println(
              "  bin "
                  + v
                  + ": "
                  + bins[v]
                  + ", the JVM gives "
                  + expected[v]
                  + ", a loop "
                  + sequential[v]);
        }
      }
    }
    out.println("  " + bad + " of " + Histogram.BINS + " bins differ from the JVM or the loop");
    return bad == 0;
  }

  private static Timing count(Device device, byte[] data, int[] bins) {
    Timing timing = Timing.start(device);
    device.launch(
        Launch.grid1d(BLOCKS * BLOCK, BLOCK), Histogram::histogram, data.length, data, bins);
    return timing.afterLaunch(device).stop();
  }
}
