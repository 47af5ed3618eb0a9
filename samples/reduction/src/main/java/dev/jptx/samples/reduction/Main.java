package dev.jptx.samples.reduction;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Random;

/**
 * Sums {@code n} random floats: the GPU reduces each block of 256 to one partial sum, the host adds
 * the partial sums. Every block adds in the same tree order on every device, and jptx keeps Java's
 * float rounding, so the partial sums of the best device and of the JVM device must be equal bit
 * for bit.
 *
 * <p>Argument: {@code [n]}, default 2^15 elements. The JVM device is the slow one here: every
 * barrier hands over between the block's Java threads.
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
   * Sums {@code n} random floats on {@code device} and on the JVM device and compares the block
   * sums.
   *
   * @return whether every block sum is the same
   */
  static boolean run(Device device, int n, PrintStream out) {
    float[] in = new float[n];
    Random random = new Random(42);
    for (int i = 0; i < n; i++) {
      in[i] = random.nextFloat();
    }
    float[] sums = new float[blocks(n)];
    Timing onDevice = sum(device, in, sums);
    float[] expected = new float[blocks(n)];
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = sum(jvm, in, expected);
    }
    double total = 0;
    for (float s : sums) {
      total += s;
    }
    double exact = 0;
    for (float x : in) {
      exact += x;
    }
    out.println(
        "reduction of " + n + " floats in " + sums.length + " blocks of " + BlockSums.BLOCK);
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    out.printf("  total %.3f (sequential sum in double: %.3f)%n", total, exact);
    int bad = 0;
    for (int b = 0; b < sums.length; b++) {
      // floatToIntBits: bit for bit, and 0.0 differs from -0.0
      if (Float.floatToIntBits(sums[b]) != Float.floatToIntBits(expected[b])) {
        if (bad++ < 10) {
          out.println("  block " + b + ": " + sums[b] + ", the JVM gives " + expected[b]);
        }
      }
    }
    out.println("  " + bad + " of " + sums.length + " block sums differ from the JVM");
    return bad == 0;
  }

  /** The blocks covering {@code n} elements. */
  static int blocks(int n) {
    return (n + BlockSums.BLOCK - 1) / BlockSums.BLOCK;
  }

  private static Timing sum(Device device, float[] in, float[] sums) {
    Timing timing = Timing.start(device);
    device.launch(
        Launch.grid1d(in.length, BlockSums.BLOCK), BlockSums::blockSums, in.length, in, sums);
    return timing.afterLaunch(device).stop();
  }
}
