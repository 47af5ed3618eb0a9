package dev.jptx.compiler.build;

import dev.jptx.compiler.target.RegisterBudgets;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.KernelResources;
import java.util.Optional;

/**
 * One kernel compiled for one target, as a build reports it.
 *
 * @param kernel the qualified Java name, {@code dev.example.Saxpy.saxpy}
 * @param target the target
 * @param resources what the validator reported, or empty if the module was not validated
 * @param millis the time spent compiling the kernel's class for all targets
 * @param maxRegisters the kernel's register budget ({@code .maxnreg}), 0 if none
 * @param pressure our register pressure after allocation ({@code 14 units (b32 9, ...)}), or ""
 */
public record KernelResult(
    String kernel,
    SmTarget target,
    Optional<KernelResources> resources,
    long millis,
    int maxRegisters,
    String pressure) {

  /** A result without a register budget or pressure figures. */
  public KernelResult(
      String kernel, SmTarget target, Optional<KernelResources> resources, long millis) {
    this(kernel, target, resources, millis, 0, "");
  }

  /** True if validation reported spill stores or loads. */
  public boolean spills() {
    return resources.map(r -> r.spillStoreBytes() > 0 || r.spillLoadBytes() > 0).orElse(false);
  }

  /** The build-output line: {@code jptx: dev.example.Saxpy.saxpy [sm_90]: 10 registers, ...}. */
  public String line() {
    String figures =
        resources
            .map(
                r ->
                    r.registers()
                        + " registers, "
                        + r.spillStoreBytes()
                        + " B spill stores, "
                        + r.spillLoadBytes()
                        + " B spill loads, "
                        + r.stackBytes()
                        + " B stack")
            .orElse("not validated");
    int floor = RegisterBudgets.ptxasMinimumMaxRegisters(target);
    String raised =
        resources.isPresent() && maxRegisters > 0 && maxRegisters < floor
            ? " (maxRegisters "
                + maxRegisters
                + " is below ptxas's lower bound; it allocates up to "
                + floor
                + ")"
            : "";
    return "jptx: " + kernel + " [" + target + "]: " + figures + ", " + millis + " ms" + raised;
  }

  /** {@link #line()} with our own pressure figures after register allocation, if known. */
  public String verboseLine() {
    return pressure.isEmpty() ? line() : line() + "; jptx pressure: " + pressure;
  }
}
