package dev.jptx.compiler.driver;

import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import java.util.List;
import java.util.Map;

/**
 * What compiling one class produced.
 *
 * @param className the binary class name with dots
 * @param kernels the class's valid kernels
 * @param modules the PTX text per target; empty if the class had errors
 * @param pressure per target and kernel (PTX name), our register pressure after allocation ({@link
 *     dev.jptx.compiler.codegen.analysis.RegisterPressure#summary})
 * @param remarks every optimization remark the passes reported, of every family, merged across
 *     targets; the {@code remarks} option decides which the build prints
 */
public record ClassResult(
    String className,
    List<KernelSpec> kernels,
    Map<SmTarget, String> modules,
    Map<SmTarget, Map<String, String>> pressure,
    List<ReportedRemark> remarks) {
  /** Copies the collections. */
  public ClassResult {
    kernels = List.copyOf(kernels);
    modules = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(modules));
    pressure = Map.copyOf(pressure);
    remarks = List.copyOf(remarks);
  }

  /** A result without remarks. */
  public ClassResult(
      String className,
      List<KernelSpec> kernels,
      Map<SmTarget, String> modules,
      Map<SmTarget, Map<String, String>> pressure) {
    this(className, kernels, modules, pressure, List.of());
  }

  /** A result without pressure figures. */
  public ClassResult(String className, List<KernelSpec> kernels, Map<SmTarget, String> modules) {
    this(className, kernels, modules, Map.of(), List.of());
  }

  /** Our pressure figures of the kernel with PTX name {@code entry} for {@code target}, or "". */
  public String pressureOf(SmTarget target, String entry) {
    return pressure.getOrDefault(target, Map.of()).getOrDefault(entry, "");
  }

  /** True if every kernel compiled. */
  public boolean succeeded() {
    return !modules.isEmpty();
  }
}
