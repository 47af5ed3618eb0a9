package dev.jptx.spi;

import java.util.List;
import java.util.Locale;

/**
 * Theoretical occupancy: the warps of a kernel that can be resident on one multiprocessor at once,
 * over the most it can hold, as CUDA's occupancy calculator ({@code cuda_occupancy.h}, {@code
 * cudaOccMaxActiveBlocksPerMultiprocessor}) computes it for the default cache preference (all of a
 * multiprocessor's shared memory available) and one barrier per block. The build reports it per
 * kernel and target, and the {@code sim} and {@code jvm} devices choose block sizes with it; the
 * {@code cuda} device asks its driver.
 *
 * <p>A block is resident if it fits in every resource at once: threads (whole warps), blocks per
 * multiprocessor, registers (allocated per warp in units of 256, in each of the multiprocessor's
 * sub-partitions) and shared memory (the kernel's static and dynamic bytes plus the per-block
 * reservation of compute capability 8.0 and later, in units of the allocation granularity). The
 * resource that admits the fewest blocks is the limiter; where several admit as few, the one a
 * kernel can change is named (registers, then shared memory, then the block count), and a kernel at
 * 100 % is limited by the warps a multiprocessor holds.
 */
public final class Occupancy {
  /**
   * The block size a kernel's occupancy is given for when it sets no {@code maxThreadsPerBlock}:
   * the build line's, {@code jptx list --verbose}'s, and {@code Launch.forOccupancy}'s without
   * figures.
   */
  public static final int DEFAULT_BLOCK = 256;

  private static final int WARP = 32;
  private static final int REGISTERS_PER_SM = 65536;
  private static final int REGISTERS_PER_BLOCK = 65536;
  private static final int REGISTER_GRANULARITY = 256;
  private static final int SHARED_PER_BLOCK = 48 * 1024;

  /**
   * What a multiprocessor of one compute capability holds (CUDA C++ Programming Guide, "Technical
   * Specifications per Compute Capability"; granularities and sub-partitions from {@code
   * cuda_occupancy.h}).
   *
   * @param capability major * 10 + minor, {@code 90} for 9.0
   * @param maxThreads threads per multiprocessor
   * @param maxBlocks blocks per multiprocessor
   * @param sharedBytes shared memory per multiprocessor
   * @param sharedPerBlockOptIn the most a block may have after opting in
   * @param reservedShared bytes the system reserves per block
   * @param sharedGranularity the unit shared memory is allocated in
   * @param subPartitions the register file's partitions
   * @param maxRegisters the most registers a thread may be allocated
   */
  public record Limits(
      int capability,
      int maxThreads,
      int maxBlocks,
      int sharedBytes,
      int sharedPerBlockOptIn,
      int reservedShared,
      int sharedGranularity,
      int subPartitions,
      int maxRegisters) {
    /** The most warps a multiprocessor holds. */
    public int maxWarps() {
      return maxThreads / WARP;
    }
  }

  // spotless:off
  private static final List<Limits> TABLE = List.of(
      //         cc  threads blocks  shared  opt-in  resv  gran  parts regs
      new Limits(52, 2048,   32,     98304,  49152,  0,    256,  4,    255),
      new Limits(53, 2048,   32,     65536,  49152,  0,    256,  4,    255),
      new Limits(60, 2048,   32,     65536,  49152,  0,    256,  2,    255),
      new Limits(61, 2048,   32,     98304,  49152,  0,    256,  4,    255),
      new Limits(62, 2048,   32,     65536,  49152,  0,    256,  4,    255),
      new Limits(70, 2048,   32,     98304,  98304,  0,    256,  4,    256),
      new Limits(72, 2048,   32,     98304,  98304,  0,    256,  4,    256),
      new Limits(75, 1024,   16,     65536,  65536,  0,    256,  4,    256),
      new Limits(80, 2048,   32,    167936, 166912, 1024,  128,  4,    256),
      new Limits(86, 1536,   16,    102400, 101376, 1024,  128,  4,    256),
      new Limits(87, 1536,   16,    167936, 166912, 1024,  128,  4,    256),
      new Limits(89, 1536,   24,    102400, 101376, 1024,  128,  4,    256),
      new Limits(90, 2048,   32,    233472, 232448, 1024,  128,  4,    256),
      new Limits(100, 2048,  32,    233472, 232448, 1024,  128,  4,    256),
      new Limits(103, 2048,  32,    233472, 232448, 1024,  128,  4,    256),
      new Limits(110, 1536,  24,    233472, 232448, 1024,  128,  4,    256),
      new Limits(120, 1536,  24,    102400, 101376, 1024,  128,  4,    256));
  // spotless:on

  /** What limits the resident blocks. */
  public enum Limiter {
    /** The threads a multiprocessor holds (also named when nothing keeps it below 100 %). */
    WARPS("warps"),
    /** The register file. */
    REGISTERS("registers"),
    /** Shared memory. */
    SHARED_MEMORY("shared memory"),
    /** The blocks a multiprocessor holds. */
    BLOCKS("blocks");

    private final String text;

    Limiter(String text) {
      this.text = text;
    }

    /** The name the build line uses: {@code registers}. */
    public String text() {
      return text;
    }
  }

  /**
   * A kernel's occupancy.
   *
   * @param blocks resident blocks per multiprocessor
   * @param warps resident warps per multiprocessor
   * @param maxWarps the most warps a multiprocessor holds
   * @param limiter what admits the fewest blocks
   */
  public record Result(int blocks, int warps, int maxWarps, Limiter limiter) {
    /** Resident warps over the most, in percent, rounded to the nearest. */
    public int percent() {
      return Math.round(100f * warps / maxWarps);
    }

    /** As the build line ends: {@code occupancy 75% (registers)}. */
    public String describe() {
      return String.format(Locale.ROOT, "occupancy %d%% (%s)", percent(), limiter.text());
    }
  }

  private Occupancy() {}

  /**
   * The limits of compute capability {@code capability} ({@code 86} for 8.6), or of the highest one
   * in the table below it for a newer minor version.
   *
   * @throws IllegalArgumentException for a capability older than 5.2
   */
  public static Limits limits(int capability) {
    Limits found = null;
    for (Limits l : TABLE) {
      if (l.capability() <= capability && l.capability() / 10 == capability / 10) {
        found = l;
      }
    }
    if (found == null) {
      for (Limits l : TABLE) {
        if (l.capability() <= capability) {
          found = l;
        }
      }
    }
    if (found == null) {
      throw new IllegalArgumentException(
          "no occupancy figures for compute capability " + capability);
    }
    return found;
  }

  /**
   * The occupancy of blocks of {@code threads} threads, each using {@code registers} registers,
   * with {@code sharedBytes} of shared memory per block (static and dynamic together).
   */
  public static Result of(Limits l, int threads, int registers, int sharedBytes) {
    int warpsPerBlock = (threads + WARP - 1) / WARP;
    int byWarps = l.maxWarps() / warpsPerBlock;
    int byRegisters = registerLimit(l, warpsPerBlock, registers);
    int bySharedMemory = sharedLimit(l, sharedBytes);
    int blocks = Math.min(Math.min(byWarps, l.maxBlocks()), Math.min(byRegisters, bySharedMemory));
    Limiter limiter;
    if (blocks * warpsPerBlock == l.maxWarps()) {
      limiter = Limiter.WARPS;
    } else if (blocks == byRegisters) {
      limiter = Limiter.REGISTERS;
    } else if (blocks == bySharedMemory) {
      limiter = Limiter.SHARED_MEMORY;
    } else if (blocks == l.maxBlocks()) {
      limiter = Limiter.BLOCKS;
    } else {
      limiter = Limiter.WARPS;
    }
    return new Result(blocks, blocks * warpsPerBlock, l.maxWarps(), limiter);
  }

  private static int registerLimit(Limits l, int warpsPerBlock, int registers) {
    int perWarp = roundUp(registers * WARP, REGISTER_GRANULARITY);
    int perBlock = perWarp * warpsPerBlock;
    // the hardware checks a block's registers as if every partition took whole warps
    int assumed = perWarp * roundUp(warpsPerBlock, l.subPartitions());
    if (REGISTERS_PER_BLOCK < assumed
        || REGISTERS_PER_BLOCK < perBlock
        || registers > l.maxRegisters()) {
      return 0;
    }
    if (perWarp == 0) {
      return Integer.MAX_VALUE;
    }
    int warpsPerPartition = REGISTERS_PER_SM / l.subPartitions() / perWarp;
    return warpsPerPartition * l.subPartitions() / warpsPerBlock;
  }

  private static int sharedLimit(Limits l, int sharedBytes) {
    int reserved = l.capability() >= 80 ? l.reservedShared() : 0;
    int allocated = roundUp(sharedBytes + reserved, l.sharedGranularity());
    // the runtimes opt a kernel in above the default 48 KiB
    int perBlock = (sharedBytes > SHARED_PER_BLOCK ? l.sharedPerBlockOptIn() : SHARED_PER_BLOCK);
    if (allocated > perBlock + reserved) {
      return 0;
    }
    return allocated == 0 ? Integer.MAX_VALUE : l.sharedBytes() / allocated;
  }

  private static int roundUp(int x, int unit) {
    return (x + unit - 1) / unit * unit;
  }
}
