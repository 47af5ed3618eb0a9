package dev.jptx.samples.support;

import dev.jptx.runtime.Device;
import java.io.PrintStream;

/**
 * What every sample's {@code main} does around its kernels: reads the size argument, runs the
 * sample on the best device (a GPU, else the PTX simulator), where it compares its results with the
 * JVM device's, prints {@code verified} or {@code FAILED}, and exits 1 on failure (2 on a bad
 * argument). A sample's {@code Main} holds only its kernels' data and checks.
 */
public final class SampleMain {
  private SampleMain() {}

  /** One run of a sample on {@code device} with size {@code n}; true if its results matched. */
  @FunctionalInterface
  public interface Run {
    boolean on(Device device, int n, PrintStream out);
  }

  /**
   * Runs {@code run} as a sample's {@code main}, with {@code defaultSize} when no size is given.
   */
  public static void main(String[] args, int defaultSize, Run run) {
    int n = SizeArgument.parse(args, defaultSize);
    boolean ok;
    try (Device device = Device.best()) {
      ok = run.on(device, n, System.out);
    }
    System.out.println(ok ? "verified" : "FAILED");
    if (!ok) {
      System.exit(1);
    }
  }
}
