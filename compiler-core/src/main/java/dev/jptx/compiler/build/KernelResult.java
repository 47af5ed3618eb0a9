package dev.jptx.compiler.build;

import dev.jptx.compiler.target.RegisterBudgets;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.KernelResources;
import dev.jptx.spi.Occupancy;
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
 * @param threadsPerBlock the block size occupancy is given for: the kernel's {@code
 *     maxThreadsPerBlock}, {@value #DEFAULT_THREADS} when it sets none
 */
public record KernelResult(
    String kernel,
    SmTarget target,
    Optional<KernelResources> resources,
    long millis,
    int maxRegisters,
    String pressure,
    int threadsPerBlock) {

  /** The block size occupancy is given for when a kernel sets no {@code maxThreadsPerBlock}. */
  public static final int DEFAULT_THREADS = Occupancy.DEFAULT_BLOCK;

  /** A result without a register budget or pressure figures. */
  public KernelResult(
      String kernel, SmTarget target, Optional<KernelResources> resources, long millis) {
    this(kernel, target, resources, millis, 0, "", DEFAULT_THREADS);
  }

  /** A result for blocks of {@value #DEFAULT_THREADS} threads. */
  public KernelResult(
      String kernel,
      SmTarget target,
      Optional<KernelResources> resources,
      long millis,
      int maxRegisters,
      String pressure) {
    this(kernel, target, resources, millis, maxRegisters, pressure, DEFAULT_THREADS);
  }

  /**
   * The kernel's theoretical occupancy on its target at {@link #threadsPerBlock}, from the
   * registers and static shared memory the validator reported; empty without validation.
   */
  public Optional<Occupancy.Result> occupancy() {
    return resources.map(
        r ->
            Occupancy.of(
                Occupancy.limits(target.capability()),
                threadsPerBlock,
                r.registers(),
                r.sharedBytes()));
  }

  /**
   * True if the kernel's occupancy is known and below {@code percent}; never with {@code percent}
   * 0.
   */
  public boolean belowOccupancy(int percent) {
    return percent > 0 && occupancy().map(o -> o.percent() < percent).orElse(false);
  }

  /** True if validation reported spill stores or loads. */
  public boolean spills() {
    return resources.map(r -> r.spillStoreBytes() > 0 || r.spillLoadBytes() > 0).orElse(false);
  }

  /**
   * The build-output line: {@code jptx: dev.example.Saxpy.saxpy [sm_90]: 10 registers, ..., 3 ms,
   * occupancy 100% (warps)}; {@code occupancy unknown} without validation.
   */
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
    String occupancy = occupancy().map(Occupancy.Result::describe).orElse("occupancy unknown");
    return "jptx: " + kernel + " [" + target + "]: " + figures + ", " + millis + " ms" + raised
        + ", " + occupancy;
  }

  /** {@link #line()} with our own pressure figures after register allocation, if known. */
  public String verboseLine() {
    return pressure.isEmpty() ? line() : line() + "; jptx pressure: " + pressure;
  }
}
