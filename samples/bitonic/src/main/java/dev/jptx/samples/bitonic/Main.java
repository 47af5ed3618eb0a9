package dev.jptx.samples.bitonic;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Random;

/**
 * Sorts {@code n} random ints with bitonic sort on the best device and on the JVM device. The data
 * stays on the device between the steps in a {@link DeviceArray} (copied in once, out once),
 * launched through {@code launch(Launch, Class, String, Object...)}, which accepts device arrays.
 * The check: the result is sorted, equals the JVM device's, and equals {@link Arrays#sort}'s.
 *
 * <p>Argument: {@code [n]}, default 2^14; padded with {@code Integer.MAX_VALUE} up to a power of
 * two, which the network needs.
 */
public final class Main {
  /** The default element count. */
  static final int DEFAULT_N = 1 << 14;

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
   * Sorts {@code n} random ints on {@code device} and on the JVM device.
   *
   * @return whether both are sorted and equal to {@link Arrays#sort}'s result
   */
  static boolean run(Device device, int n, PrintStream out) {
    int[] input = new Random(9).ints(n).toArray();
    int[] sorted = input.clone();
    Timing onDevice = sort(device, sorted);
    int[] expected = input.clone();
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = sort(jvm, expected);
    }
    int[] reference = input.clone();
    Arrays.sort(reference);
    int padded = paddedLength(n);
    int log = Integer.numberOfTrailingZeros(padded);
    int steps = log * (log + 1) / 2;
    out.println(
        "bitonic sort of " + n + " ints (padded to " + padded + "), " + steps + " launches");
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    int unsorted = 0;
    for (int i = 1; i < n; i++) {
      if (sorted[i - 1] > sorted[i]) {
        unsorted++;
      }
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
      if (sorted[i] != expected[i] || sorted[i] != reference[i]) {
        if (bad++ < 10) {
          out.println(
              "  element "
                  + i
                  + ": "
                  + sorted[i]
                  + ", the JVM gives "
                  + expected[i]
                  + ", Arrays.sort "
                  + reference[i]);
        }
      }
    }
    out.println(
        "  "
            + unsorted
            + " descents; "
            + bad
            + " of "
            + n
            + " elements differ from the JVM or Arrays.sort");
    return unsorted == 0 && bad == 0;
  }

  /** The length the network sorts: {@code n} rounded up to a power of two. */
  static int paddedLength(int n) {
    int length = 1;
    while (length < n) {
      length *= 2;
    }
    return length;
  }

  /** Sorts {@code data} in place on {@code device}: one copy in, every step, one copy out. */
  static Timing sort(Device device, int[] data) {
    int n = paddedLength(data.length);
    int[] padded = Arrays.copyOf(data, n);
    Arrays.fill(padded, data.length, n, Integer.MAX_VALUE); // sorts to the end, cut off below
    Timing timing = Timing.start(device);
    try (DeviceArray onDevice = device.copyOf(padded)) {
      for (int k = 2; k <= n; k *= 2) {
        for (int j = k / 2; j > 0; j /= 2) {
          device.launch(Launch.grid1d(n, BLOCK), BitonicSort.class, "step", n, j, k, onDevice);
          timing = timing.afterLaunch(device);
        }
      }
      onDevice.copyTo(padded);
    }
    System.arraycopy(padded, 0, data, 0, data.length);
    return timing.stop();
  }
}
