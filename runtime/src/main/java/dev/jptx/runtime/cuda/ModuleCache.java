package dev.jptx.runtime.cuda;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The modules and functions a device has loaded: each PTX text is JIT-compiled by the driver once
 * per device (keyed by the text, so a rebuilt module with the same resource name loads afresh).
 * Failures are {@link CudaError}s, translated by the caller, which knows the kernel.
 */
final class ModuleCache {
  private record FunctionKey(long module, String entry) {}

  private final CudaDriver driver;
  private final Map<String, Long> modules = new ConcurrentHashMap<>();
  private final Map<FunctionKey, Long> functions = new ConcurrentHashMap<>();

  ModuleCache(CudaDriver driver) {
    this.driver = driver;
  }

  /** The module of {@code ptx}, loading it on first use. */
  long module(String ptx) {
    return modules.computeIfAbsent(ptx, driver::loadModule);
  }

  /** The function {@code entry} of a module. */
  long function(long module, String entry) {
    return functions.computeIfAbsent(
        new FunctionKey(module, entry), k -> driver.function(k.module(), k.entry()));
  }

  /** Unloads every module. */
  void unloadAll() {
    for (long m : modules.values()) {
      driver.unloadModule(m);
    }
    modules.clear();
    functions.clear();
  }
}
