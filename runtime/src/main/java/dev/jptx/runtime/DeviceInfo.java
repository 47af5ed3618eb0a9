package dev.jptx.runtime;

/**
 * What a device reports about itself.
 *
 * @param name a human-readable name, e.g. {@code "NVIDIA GeForce RTX 4090"}
 * @param computeCapabilityMajor the major compute capability (9 for the simulator, 0 for the JVM)
 * @param computeCapabilityMinor the minor compute capability
 * @param multiprocessors streaming multiprocessors (on the JVM: available processors)
 * @param totalMemoryBytes device memory (on the JVM: the heap limit)
 */
public record DeviceInfo(
    String name,
    int computeCapabilityMajor,
    int computeCapabilityMinor,
    int multiprocessors,
    long totalMemoryBytes) {}
