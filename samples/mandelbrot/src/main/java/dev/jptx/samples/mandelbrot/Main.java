package dev.jptx.samples.mandelbrot;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.Png;
import dev.jptx.samples.support.SizeArgument;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The showcase sample: renders the Mandelbrot set on the best device (CUDA, else the PTX
 * simulator), renders it again with the Java method itself on the JVM device, checks that every
 * pixel's iteration count is the same (the kernel uses only {@code + - *} on floats, which jptx
 * compiles with Java's rounding, so the counts agree exactly), and writes the image as a PNG.
 *
 * <p>Arguments: {@code [width [output.png]]}; the default width of 320 pixels runs in about two
 * seconds on the simulator; a GPU takes thousands. The image goes to {@code target/mandelbrot.png}
 * unless named.
 */
public final class Main {
  /** The default image width in pixels; the height is three quarters of it. */
  static final int DEFAULT_WIDTH = 320;

  /** Iterations after which a point counts as inside the set. */
  static final int MAX_ITER = 256;

  /** Threads per block along x and y. */
  private static final int TILE = 16;

  private Main() {}

  /**
   * Runs the sample; prints {@code verified} and exits 0, or exits 1 on a mismatch, 2 on bad
   * arguments.
   *
   * @param args {@code [width [output.png]]}
   */
  public static void main(String[] args) {
    int width =
        SizeArgument.parse(
            args, DEFAULT_WIDTH, "usage: Main [width [output.png]]: width must be a positive int");
    Path png = Path.of(args.length > 1 ? args[1] : "target/mandelbrot.png");
    boolean ok;
    try (Device device = Device.best()) {
      ok = run(device, width, png, System.out);
    }
    System.out.println(ok ? "verified" : "FAILED");
    if (!ok) {
      System.exit(1);
    }
  }

  /**
   * Renders a {@code width}-pixel-wide image on {@code device} and on the JVM device, prints both
   * timings, writes {@code device}'s image to {@code png}.
   *
   * @return whether every pixel agrees
   */
  static boolean run(Device device, int width, Path png, PrintStream out) {
    int height = Math.max(1, width * 3 / 4);
    Timed onDevice = render(device, width, height);
    Timed onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = render(jvm, width, height);
    }
    out.println("mandelbrot " + width + " x " + height + ", at most " + MAX_ITER + " iterations");
    out.println("  " + onDevice.describe());
    out.println("  " + onJvm.describe());
    int bad = 0;
    for (int i = 0; i < onDevice.iters.length; i++) {
      if (onDevice.iters[i] != onJvm.iters[i]) {
        if (bad++ < 10) {
          out.println(
              "  pixel ("
                  + i % width
                  + ", "
                  + i / width
                  + "): "
                  + onDevice.iters[i]
                  + " iterations, the JVM gives "
                  + onJvm.iters[i]);
        }
      }
    }
    out.println("  " + bad + " of " + onDevice.iters.length + " pixels differ from the JVM");
    writePng(onDevice.iters, width, height, png);
    out.println("  wrote " + png.toAbsolutePath());
    return bad == 0;
  }

  /** One 2D launch over the image; the viewport shows the whole set. */
  private static Timed render(Device device, int width, int height) {
    float x0 = -2.2f;
    float y0 = -1.2f;
    float dx = 3.2f / width;
    float dy = 2.4f / height;
    int[] iters = new int[width * height];
    Launch launch =
        Launch.of(
            Dim3.of((width + TILE - 1) / TILE, (height + TILE - 1) / TILE), Dim3.of(TILE, TILE));
    long start = System.nanoTime();
    device.launch(launch, Mandelbrot::escapeTime, width, height, MAX_ITER, x0, y0, dx, dy, iters);
    long wall = System.nanoTime() - start;
    return new Timed(
        iters,
        device.info().name(),
        wall,
        device.lastLaunchStats().elapsedNanos(),
        device.lastLaunchStats().instructions());
  }

  /** Colours by iteration count: black inside the set, a blue-to-gold ramp outside. */
  private static void writePng(int[] iters, int width, int height, Path png) {
    int[] rgb = new int[width * height];
    for (int i = 0; i < rgb.length; i++) {
      int it = iters[i];
      if (it < MAX_ITER) {
        double t = Math.sqrt((double) it / MAX_ITER); // spreads the many low counts
        int r = (int) (255 * Math.min(1, 2 * t));
        int g = (int) (200 * t);
        int b = (int) (255 * (1 - t));
        rgb[i] = r << 16 | g << 8 | b;
      }
    }
    try {
      Png.write(png, width, height, rgb);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + png, e);
    }
  }

  /** A result with its wall time and, on the simulator, its dynamic instruction count. */
  private record Timed(
      int[] iters, String device, long wallNanos, long kernelNanos, long instructions) {
    String describe() {
      String line =
          String.format(
              "%-36s %8.1f ms (kernels %.3f ms)", device + ":", wallNanos / 1e6, kernelNanos / 1e6);
      return instructions < 0
          ? line
          : line + String.format(", %,d thread-instructions", instructions);
    }
  }
}
