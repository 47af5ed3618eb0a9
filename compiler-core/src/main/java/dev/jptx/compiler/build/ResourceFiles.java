package dev.jptx.compiler.build;

import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.spi.ModuleResources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code .resources} files of a class's modules, from its kernels' validation results. */
final class ResourceFiles {
  private ResourceFiles() {}

  /**
   * Per target whose every kernel has figures, the file's text, kernels in the class's order;
   * targets with a kernel not validated have none.
   */
  static Map<SmTarget, String> of(List<KernelSpec> kernels, List<KernelResult> results) {
    Map<SmTarget, List<KernelResult>> byTarget = new LinkedHashMap<>();
    results.forEach(r -> byTarget.computeIfAbsent(r.target(), t -> new ArrayList<>()).add(r));
    Map<SmTarget, String> files = new LinkedHashMap<>();
    for (Map.Entry<SmTarget, List<KernelResult>> e : byTarget.entrySet()) {
      List<ModuleResources> lines = new ArrayList<>();
      for (KernelSpec k : kernels) {
        e.getValue().stream()
            .filter(r -> r.kernel().equals(k.qualifiedName()))
            .flatMap(r -> r.resources().stream())
            .findFirst()
            .ifPresent(
                f ->
                    lines.add(
                        new ModuleResources(
                            k.entryName(),
                            f.registers(),
                            f.sharedBytes(),
                            f.spillStoreBytes(),
                            f.spillLoadBytes(),
                            f.stackBytes())));
      }
      if (lines.size() == kernels.size()) {
        files.put(e.getKey(), ModuleResources.format(lines));
      }
    }
    return files;
  }
}
