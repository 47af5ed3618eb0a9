package dev.jptx.runtime.sim;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceProvider;

/** {@link Device#simulator()}: a new {@link SimDevice}. */
public final class SimDeviceProvider implements DeviceProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public SimDeviceProvider() {}

  @Override
  public String kind() {
    return SIMULATOR;
  }

  @Override
  public Device open(int ordinal) {
    return SimDevice.create();
  }
}
