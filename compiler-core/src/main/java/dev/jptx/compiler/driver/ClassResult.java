package dev.jptx.compiler.driver;

import dev.jptx.compiler.frontend.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import java.util.List;
import java.util.Map;

/**
 * What compiling one class produced.
 *
 * @param className the binary class name with dots
 * @param kernels the class's valid kernels
 * @param modules the PTX text per target; empty if the class had errors
 */
public record ClassResult(
    String className, List<KernelSpec> kernels, Map<SmTarget, String> modules) {
  /** Copies the collections. */
  public ClassResult {
    kernels = List.copyOf(kernels);
    modules = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(modules));
  }

  /** True if every kernel compiled. */
  public boolean succeeded() {
    return !modules.isEmpty();
  }
}
