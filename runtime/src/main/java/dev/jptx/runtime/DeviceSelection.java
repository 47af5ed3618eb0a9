package dev.jptx.runtime;

import java.lang.System.Logger.Level;

/** {@link Device#best()}: tries the devices from fastest to slowest, logging each decision. */
final class DeviceSelection {
  private static final System.Logger LOG = System.getLogger("dev.jptx.runtime");

  private DeviceSelection() {}

  static Device best() {
    try {
      Device cuda = Device.open();
      LOG.log(Level.INFO, "jptx: using CUDA device {0}", cuda.info().name());
      return cuda;
    } catch (NoDeviceException e) {
      LOG.log(Level.INFO, "jptx: no CUDA device ({0}); trying the PTX simulator", e.getMessage());
    }
    Device sim = Device.simulator();
    LOG.log(Level.INFO, "jptx: using the PTX simulator");
    return sim;
  }
}
