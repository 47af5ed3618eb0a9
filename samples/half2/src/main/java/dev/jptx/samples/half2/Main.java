package dev.jptx.samples.half2;

import static dev.jptx.Gpu.highHalf;
import static dev.jptx.Gpu.lowHalf;
import static dev.jptx.Gpu.packHalf2;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Random;

/**
 * Runs half2 axpy over {@code n} halves ({@code n / 2} packed pairs) on the best device and on the
 * JVM device. A fused multiply-add rounded once to binary16 has exactly one right answer, so the
 * results must be equal bit for bit; the sample also prints how far they are from the same axpy in
 * float (half precision keeps about 3 decimal digits).
 *
 * <p>Argument: {@code [n]}, default 2^20 halves.
 */
public final class Main {
  /** The default element count (halves, not pairs). */
  static final int DEFAULT_N = 1 << 20;

  /** The scale factor {@code a}. */
  static final float A = 1.5f;

  private static final int BLOCK = 256;

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
   * Runs half2 axpy on {@code device} and on the JVM device over {@code n} halves ({@code n}
   * rounded up to even).
   *
   * @return whether every pair is the same
   */
  static boolean run(Device device, int n, PrintStream out) {
    int n2 = (n + 1) / 2;
    Random random = new Random(5);
    int[] x = new int[n2];
    int[] y = new int[n2];
    for (int i = 0; i < n2; i++) {
      x[i] = packHalf2(random.nextFloat() * 2 - 1, random.nextFloat() * 2 - 1);
      y[i] = packHalf2(random.nextFloat() * 2 - 1, random.nextFloat() * 2 - 1);
    }
    int a2 = packHalf2(A, A); // the same factor in both halves
    int[] result = y.clone();
    Timing onDevice = axpy(device, a2, x, result);
    int[] expected = y.clone();
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = axpy(jvm, a2, x, expected);
    }
    out.println("half2 axpy: " + 2 * n2 + " halves in " + n2 + " pairs, a = " + A);
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    double worst = 0;
    int bad = 0;
    for (int i = 0; i < n2; i++) {
      float lo = A * lowHalf(x[i]) + lowHalf(y[i]);
      float hi = A * highHalf(x[i]) + highHalf(y[i]);
      worst = Math.max(worst, Math.abs(lowHalf(result[i]) - lo));
      worst = Math.max(worst, Math.abs(highHalf(result[i]) - hi));
      if (result[i] != expected[i]) {
        if (bad++ < 10) {
          out.printf(
              "  pair %d: (%s, %s), the JVM gives (%s, %s)%n",
              i,
              lowHalf(result[i]),
              highHalf(result[i]),
              lowHalf(expected[i]),
              highHalf(expected[i]));
        }
      }
    }
    out.printf(
        "  pair 0: %s * %s + %s = %s in half%n",
        A, lowHalf(x[0]), lowHalf(y[0]), lowHalf(result[0]));
    out.printf("  largest difference from float: %.2e%n", worst);
    out.println("  " + bad + " of " + n2 + " pairs differ from the JVM");
    return bad == 0;
  }

  private static Timing axpy(Device device, int a2, int[] x, int[] y) {
    Timing timing = Timing.start(device);
    device.launch(Launch.grid1d(x.length, BLOCK), HalfAxpy::axpy, x.length, a2, x, y);
    return timing.afterLaunch(device).stop();
  }
}
