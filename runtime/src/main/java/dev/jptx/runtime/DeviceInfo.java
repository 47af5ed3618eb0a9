package dev.jptx.runtime;

/**
 * What a device reports about itself.
 *
 * @param name a human-readable name, e.g. {@code "NVIDIA GeForce RTX 4090"}
 * @param computeCapabilityMajor the major compute capability (9 for the simulator, 0 for the JVM)
 * @param computeCapabilityMinor the minor compute capability
 * @param multiprocessors streaming multiprocessors (on the JVM: available processors)
 * @param totalMemoryBytes device memory (on the JVM: the heap limit)
 * @param maxSharedMemoryPerBlockOptin the most shared memory one block may have, static and dynamic
 *     together, when a launch opts in above 48 KiB as the runtime does (the driver's {@code
 *     CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN}; 227 KiB on the simulator and the JVM
 *     device, as compute capability 9.0)
 */
public record DeviceInfo(
    String name,
    int computeCapabilityMajor,
    int computeCapabilityMinor,
    int multiprocessors,
    long totalMemoryBytes,
    int maxSharedMemoryPerBlockOptin) {
  /** The 48 KiB every device allows without opting in. */
  public static final int SHARED_MEMORY_PER_BLOCK_DEFAULT = 48 * 1024;

  /**
   * A device that allows no more than {@link #SHARED_MEMORY_PER_BLOCK_DEFAULT} per block.
   *
   * @param name the name
   * @param computeCapabilityMajor the major compute capability
   * @param computeCapabilityMinor the minor compute capability
   * @param multiprocessors the multiprocessors
   * @param totalMemoryBytes the memory
   */
  public DeviceInfo(
      String name,
      int computeCapabilityMajor,
      int computeCapabilityMinor,
      int multiprocessors,
      long totalMemoryBytes) {
    this(
        name,
        computeCapabilityMajor,
        computeCapabilityMinor,
        multiprocessors,
        totalMemoryBytes,
        SHARED_MEMORY_PER_BLOCK_DEFAULT);
  }
}
