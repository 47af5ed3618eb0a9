package dev.jptx.samples.blackscholes;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Random;

/**
 * Prices {@code n} random options on the best device and on the JVM device. Here the results may
 * legitimately differ: {@code GpuMath.exp} and {@code log} are within CUDA's documented error (2
 * ulp for {@code expf}, 1 for {@code logf}) of the exact result, and the GPU's and the JVM's
 * implementations need not round alike. A price is the difference of two terms of the size of the
 * spot and the strike, so an ulp of error in them is an ulp of {@code spot + strike} in the price,
 * however small the price: the check allows {@link #TOLERANCE} relative to {@code spot + strike}.
 *
 * <p>Argument: {@code [n]}, default 2^16 options.
 */
public final class Main {
  /** The default option count. */
  static final int DEFAULT_N = 1 << 16;

  /** The largest difference allowed, relative to {@code spot + strike}: about 8 float ulp. */
  static final float TOLERANCE = 1e-6f;

  /** The riskless rate. */
  static final float RATE = 0.02f;

  /** The volatility. */
  static final float VOLATILITY = 0.30f;

  private static final int BLOCK = 128;

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

  /** The inputs and results of one run. */
  record Options(float[] spot, float[] strike, float[] years, float[] call, float[] put) {
    static Options random(int n, long seed) {
      Random random = new Random(seed);
      float[] s = new float[n];
      float[] x = new float[n];
      float[] t = new float[n];
      for (int i = 0; i < n; i++) {
        s[i] = 5 + 25 * random.nextFloat();
        x[i] = 1 + 99 * random.nextFloat();
        t[i] = 0.25f + 9.75f * random.nextFloat();
      }
      return new Options(s, x, t, new float[n], new float[n]);
    }
  }

  /**
   * Prices {@code n} options on {@code device} and on the JVM device.
   *
   * @return whether every price agrees within {@link #TOLERANCE}
   */
  static boolean run(Device device, int n, PrintStream out) {
    Options onDevice = Options.random(n, 11);
    Timing deviceTime = price(device, onDevice);
    Options onJvm = Options.random(n, 11);
    Timing jvmTime;
    try (Device jvm = Device.jvm()) {
      jvmTime = price(jvm, onJvm);
    }
    out.println("black-scholes: " + n + " options, r = " + RATE + ", v = " + VOLATILITY);
    out.println("  " + deviceTime);
    out.println("  " + jvmTime);
    out.printf("  option 0: call %.6f, put %.6f%n", onDevice.call[0], onDevice.put[0]);
    float[] scale = new float[n];
    for (int i = 0; i < n; i++) {
      scale[i] = onDevice.spot[i] + onDevice.strike[i];
    }
    Check call = compare("call", onDevice.call, onJvm.call, scale, out);
    Check put = compare("put", onDevice.put, onJvm.put, scale, out);
    out.printf(
        "  largest relative difference from the JVM %.2e (tolerance %.0e); %d bit-exact of %d%n",
        Math.max(call.worst, put.worst), TOLERANCE, call.exact + put.exact, 2 * n);
    out.println("  " + (call.bad + put.bad) + " of " + 2 * n + " prices outside the tolerance");
    return call.bad + put.bad == 0;
  }

  /** The outcome of comparing one array of prices. */
  record Check(int bad, int exact, double worst) {}

  private static Check compare(
      String what, float[] actual, float[] expected, float[] scale, PrintStream out) {
    int bad = 0;
    int exact = 0;
    double worst = 0;
    for (int i = 0; i < actual.length; i++) {
      double difference = Math.abs((double) actual[i] - expected[i]) / scale[i];
      worst = Math.max(worst, difference);
      if (Float.floatToIntBits(actual[i]) == Float.floatToIntBits(expected[i])) {
        exact++;
      } else if (!(difference <= TOLERANCE)) { // also catches NaN
        if (bad++ < 10) {
          out.println(
              "  " + what + "[" + i + "] = " + actual[i] + ", the JVM gives " + expected[i]);
        }
      }
    }
    return new Check(bad, exact, worst);
  }

  private static Timing price(Device device, Options o) {
    int n = o.spot.length;
    Timing timing = Timing.start(device);
    device.launch(
        Launch.grid1d(n, BLOCK),
        BlackScholes::price,
        n,
        RATE,
        VOLATILITY,
        o.spot,
        o.strike,
        o.years,
        o.call,
        o.put);
    return timing.afterLaunch(device).stop();
  }
}
