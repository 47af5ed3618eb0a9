package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceProvider;

/** {@link Device#open(int)}: a CUDA device, after {@link CudaProbe} has found a usable driver. */
public final class CudaDeviceProvider implements DeviceProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public CudaDeviceProvider() {}

  @Override
  public String kind() {
    return CUDA;
  }

  @Override
  public Device open(int ordinal) {
    return CudaProbe.open(ordinal);
  }
}
