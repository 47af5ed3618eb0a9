package dev.jptx.compiler.validate;

import java.util.List;

/**
 * The verdict on one PTX module.
 *
 * @param validator which validator checked it ({@code ptxas 13.0}, {@code JCuda nvPTXCompiler
 *     12.0})
 * @param accepted true if the module assembled
 * @param resources per-function figures from the assembler's verbose output
 * @param log the assembler's messages (errors when rejected)
 */
public record ValidationResult(
    String validator, boolean accepted, List<KernelResources> resources, String log) {
  /** Copies the list. */
  public ValidationResult {
    resources = List.copyOf(resources);
  }

  /** The figures of one function, or null. */
  public KernelResources resourcesOf(String function) {
    return resources.stream().filter(r -> r.function().equals(function)).findFirst().orElse(null);
  }
}
