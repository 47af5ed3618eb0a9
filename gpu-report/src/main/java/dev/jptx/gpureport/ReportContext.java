package dev.jptx.gpureport;

import dev.jptx.runtime.Device;
import java.nio.file.Path;

/**
 * What every section sees: the bundle, where the report goes, and the device under test ({@code
 * cuda}, or the simulator in the {@code sim} mode that tests the report without a GPU, at small
 * sizes).
 *
 * @param bundle the bundle's files
 * @param out the report's folder
 * @param device the device the sections run on
 * @param simMode true in the {@code --device sim} mode
 * @param fuzzLimit at most this many fuzz kernels
 */
record ReportContext(Bundle bundle, Path out, Device device, boolean simMode, int fuzzLimit) {
  /** {@code cuda} or {@code sim}. */
  String deviceName() {
    return simMode ? "sim" : "cuda";
  }
}
