package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The runtime's service file names one provider for each of {@code Device}'s factories. */
class DeviceProvidersTest {
  @Test
  void serviceFile_namesOneProviderPerKind() {
    List<String> kinds =
        ServiceLoader.load(DeviceProvider.class, DeviceProvider.class.getClassLoader()).stream()
            .map(p -> p.get().kind())
            .sorted()
            .toList();
    assertEquals(List.of(DeviceProvider.CUDA, DeviceProvider.JVM, DeviceProvider.SIMULATOR), kinds);
  }
}
