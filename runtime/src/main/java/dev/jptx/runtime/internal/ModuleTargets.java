package dev.jptx.runtime.internal;

import java.util.List;
import java.util.Optional;

/**
 * Chooses which of a kernel's PTX modules a device runs, from the targets {@code kernels.list}
 * names ({@code sm_75}, {@code sm_90a}, ...). A CUDA device takes the highest target not above its
 * compute capability, as the driver can JIT-compile PTX for an older target but never for a newer
 * one; the simulator runs any PTX and takes the highest target of all.
 */
public final class ModuleTargets {
  private ModuleTargets() {}

  /**
   * The most capable target.
   *
   * @param targets at least one target
   * @return the highest
   */
  public static String highest(List<String> targets) {
    String best = targets.get(0);
    for (String t : targets) {
      if (rank(t) > rank(best)) {
        best = t;
      }
    }
    return best;
  }

  /**
   * The highest target a device of compute capability {@code major.minor} runs. An arch-specific
   * target ({@code sm_90a}) runs only on exactly its capability, a family-specific one ({@code
   * sm_100f}) on its major version from its minor version up.
   *
   * @param targets the targets built
   * @param major the device's major compute capability
   * @param minor the device's minor compute capability
   * @return the target, or empty if every target is too new for the device
   */
  public static Optional<String> forCapability(List<String> targets, int major, int minor) {
    int device = major * 10 + minor;
    String best = null;
    for (String t : targets) {
      if (runsOn(t, device, major) && (best == null || rank(t) > rank(best))) {
        best = t;
      }
    }
    return Optional.ofNullable(best);
  }

  private static boolean runsOn(String target, int device, int major) {
    int version = version(target);
    if (target.endsWith("a")) {
      return version == device;
    }
    if (target.endsWith("f")) {
      return version / 10 == major && version <= device;
    }
    return version <= device;
  }

  /** {@code sm_86} is 86; {@code sm_100f} is 100. */
  static int version(String target) {
    String digits = target.replaceAll("[^0-9]", "");
    return digits.isEmpty() ? 0 : Integer.parseInt(digits);
  }

  private static int rank(String target) {
    // an arch- or family-specific variant ranks just above its base target
    return version(target) * 2 + (target.endsWith("a") || target.endsWith("f") ? 1 : 0);
  }
}
