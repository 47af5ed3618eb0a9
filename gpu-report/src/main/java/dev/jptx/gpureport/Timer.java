package dev.jptx.gpureport;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Launch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Times one launch: its arrays copied to the device once ({@link DeviceArray}s, so that no transfer
 * is timed), warm-up launches, then timed ones, each timed by the device ({@code cuda}: CUDA events
 * around the launch); the median.
 */
final class Timer {
  private final int warmUp;
  private final int timed;

  Timer(int warmUp, int timed) {
    this.warmUp = warmUp;
    this.timed = timed;
  }

  /** The median time of {@code entry} in nanoseconds. */
  long medianNanos(Device device, SuiteModules module, String entry, Launch launch, Object[] args) {
    List<DeviceArray> arrays = new ArrayList<>();
    Object[] onDevice = new Object[args.length];
    try {
      for (int i = 0; i < args.length; i++) {
        onDevice[i] =
            args[i] != null && args[i].getClass().isArray()
                ? upload(device, args[i], arrays)
                : args[i];
      }
      for (int i = 0; i < warmUp; i++) {
        module.launch(entry, launch, onDevice);
      }
      long[] times = new long[timed];
      for (int i = 0; i < timed; i++) {
        module.launch(entry, launch, onDevice);
        times[i] = device.lastLaunchStats().elapsedNanos();
      }
      Arrays.sort(times);
      return times[timed / 2];
    } finally {
      arrays.forEach(DeviceArray::close);
    }
  }

  private static DeviceArray upload(Device device, Object a, List<DeviceArray> arrays) {
    DeviceArray d;
    if (a instanceof byte[] x) {
      d = device.copyOf(x);
    } else if (a instanceof short[] x) {
      d = device.copyOf(x);
    } else if (a instanceof char[] x) {
      d = device.copyOf(x);
    } else if (a instanceof int[] x) {
      d = device.copyOf(x);
    } else if (a instanceof long[] x) {
      d = device.copyOf(x);
    } else if (a instanceof float[] x) {
      d = device.copyOf(x);
    } else if (a instanceof double[] x) {
      d = device.copyOf(x);
    } else if (a instanceof boolean[] x) {
      d = device.copyOf(x);
    } else {
      throw new IllegalArgumentException("not an array: " + a);
    }
    arrays.add(d);
    return d;
  }
}
