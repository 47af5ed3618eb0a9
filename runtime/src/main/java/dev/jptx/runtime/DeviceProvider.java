package dev.jptx.runtime;

/**
 * How a device package plugs into {@link Device}'s factories: each of {@code cuda}, {@code sim} and
 * {@code jvm} implements this once and names its implementation in {@code
 * META-INF/services/dev.jptx.runtime.DeviceProvider}, and {@link Device#open(int)}, {@link
 * Device#simulator()} and {@link Device#jvm()} find it through {@link java.util.ServiceLoader}. So
 * the API package names no device class, and the device packages use the API, never the reverse.
 * Applications call the factories, not this.
 */
public interface DeviceProvider {
  /** The CUDA devices, through JCuda: {@link Device#open(int)}. */
  String CUDA = "cuda";

  /** The PTX simulator: {@link Device#simulator()}. */
  String SIMULATOR = "sim";

  /** The kernels' Java methods themselves: {@link Device#jvm()}. */
  String JVM = "jvm";

  /**
   * Which factory this serves.
   *
   * @return {@link #CUDA}, {@link #SIMULATOR} or {@link #JVM}
   */
  String kind();

  /**
   * A new device, as the factory of {@link #kind()} documents it.
   *
   * @param ordinal the CUDA device's ordinal, at least 0; 0 for the other kinds, which have one
   * @return the device
   * @throws NoDeviceException for {@link #CUDA} without a usable driver or device
   */
  Device open(int ordinal);
}
