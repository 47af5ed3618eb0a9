package dev.jptx.samples.support;

import dev.jptx.runtime.Device;

/**
 * A device's wall time over the sample's launches, the kernels' own time as the device measures it
 * (CUDA events on a GPU) and, on the simulator, its instructions.
 */
public record Timing(String device, long wallNanos, long kernelNanos, long instructions) {
  /** Starts timing launches on {@code device}. */
  public static Timing start(Device device) {
    return new Timing(device.info().name(), -System.nanoTime(), 0, 0);
  }

  /**
   * Adds the last launch's kernel time and instruction count ({@code -1} where the device does not
   * count).
   */
  public Timing afterLaunch(Device gpu) {
    long count = gpu.lastLaunchStats().instructions();
    long kernel = kernelNanos + gpu.lastLaunchStats().elapsedNanos();
    return new Timing(
        device, wallNanos, kernel, count < 0 || instructions < 0 ? -1 : instructions + count);
  }

  /** Leaves out {@code nanos} spent on the host (nbody's energy sums). */
  public Timing pause(long nanos) {
    return new Timing(device, wallNanos - nanos, kernelNanos, instructions);
  }

  /** Stops the clock. */
  public Timing stop() {
    return new Timing(device, wallNanos + System.nanoTime(), kernelNanos, instructions);
  }

  @Override
  public String toString() {
    String line =
        String.format(
            "%-36s %9.1f ms (kernels %.3f ms)", device + ":", wallNanos / 1e6, kernelNanos / 1e6);
    return instructions < 0
        ? line
        : line + String.format(", %,d thread-instructions", instructions);
  }
}
