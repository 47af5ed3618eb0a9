package dev.jptx.runtime;

import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The {@link DeviceProvider} of each kind, loaded once through the runtime's own class loader (not
 * the thread's context loader, which a build tool or an application server may have set to one that
 * cannot see the runtime).
 */
final class DeviceProviders {
  private static final Map<String, DeviceProvider> BY_KIND = load();

  private DeviceProviders() {}

  /** A new device of {@code kind}; see {@link DeviceProvider#open(int)}. */
  static Device open(String kind, int ordinal) {
    DeviceProvider p = BY_KIND.get(kind);
    if (p == null) {
      String message =
          "no "
              + kind
              + " device provider on the class path: jptx-runtime's META-INF/services/"
              + DeviceProvider.class.getName()
              + " was lost (a repackaged jar must keep or merge it)";
      if (kind.equals(DeviceProvider.CUDA)) {
        throw new NoDeviceException(message);
      }
      throw new IllegalStateException(message);
    }
    return p.open(ordinal);
  }

  private static Map<String, DeviceProvider> load() {
    Map<String, DeviceProvider> byKind = new HashMap<>();
    ClassLoader loader = DeviceProvider.class.getClassLoader();
    for (DeviceProvider p : ServiceLoader.load(DeviceProvider.class, loader)) {
      byKind.putIfAbsent(p.kind(), p);
    }
    return Map.copyOf(byKind);
  }
}
