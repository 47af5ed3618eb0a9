package dev.jptx.samples.matmul;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Random;

/**
 * Multiplies two random {@code n x n} matrices with the tiled kernel on the best device and on the
 * JVM device. jptx never fuses {@code acc + a * b} into an FMA (Java rounds the product and the sum
 * separately), and both devices add in the same order, so the products must be equal bit for bit.
 *
 * <p>Argument: {@code [n]}, default 128 (about a second on the simulator).
 */
public final class Main {
  /** The default matrix edge. */
  static final int DEFAULT_N = 128;

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
   * Multiplies two random {@code n x n} matrices on {@code device} and on the JVM device.
   *
   * @return whether every element is the same
   */
  static boolean run(Device device, int n, PrintStream out) {
    Random random = new Random(7);
    float[] a = new float[n * n];
    float[] b = new float[n * n];
    for (int i = 0; i < n * n; i++) {
      a[i] = random.nextFloat() * 2 - 1;
      b[i] = random.nextFloat() * 2 - 1;
    }
    float[] c = new float[n * n];
    Timing onDevice = multiply(device, n, a, b, c);
    float[] expected = new float[n * n];
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = multiply(jvm, n, a, b, expected);
    }
    out.println(
        "matmul "
            + n
            + " x "
            + n
            + " in "
            + TiledMatMul.TILE
            + " x "
            + TiledMatMul.TILE
            + " tiles");
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    int bad = 0;
    for (int i = 0; i < c.length; i++) {
      if (Float.floatToIntBits(c[i]) != Float.floatToIntBits(expected[i])) {
        if (bad++ < 10) {
          out.println(
              "  c[" + i / n + "][" + i % n + "] = " + c[i] + ", the JVM gives " + expected[i]);
        }
      }
    }
    out.println("  " + bad + " of " + c.length + " elements differ from the JVM");
    return bad == 0;
  }

  private static Timing multiply(Device device, int n, float[] a, float[] b, float[] c) {
    int tiles = (n + TiledMatMul.TILE - 1) / TiledMatMul.TILE;
    Launch launch = Launch.of(Dim3.of(tiles, tiles), Dim3.of(TiledMatMul.TILE, TiledMatMul.TILE));
    Timing timing = Timing.start(device);
    device.launch(launch, TiledMatMul::matMul, n, a, b, c);
    return timing.afterLaunch(device).stop();
  }
}
