package dev.jptx.runtime.jvm;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceProvider;

/** {@link Device#jvm()}: a new {@link JvmDevice}. */
public final class JvmDeviceProvider implements DeviceProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public JvmDeviceProvider() {}

  @Override
  public String kind() {
    return JVM;
  }

  @Override
  public Device open(int ordinal) {
    return JvmDevice.create();
  }
}
