package dev.jptx.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * The geometry of one launch: grid and block extents, dynamic shared memory bytes and an optional
 * stream. Immutable: {@link #sharedMemoryBytes(int)} and {@link #stream(Stream)} return modified
 * copies. A launch without a stream is synchronous.
 */
public final class Launch {
  private final Dim3 grid;
  private final Dim3 block;
  private final int sharedMemoryBytes;
  private final Stream stream;

  private Launch(Dim3 grid, Dim3 block, int sharedMemoryBytes, Stream stream) {
    this.grid = Objects.requireNonNull(grid, "grid");
    this.block = Objects.requireNonNull(block, "block");
    this.sharedMemoryBytes = sharedMemoryBytes;
    this.stream = stream;
  }

  /**
   * A one-dimensional launch of at least {@code totalThreads} threads in blocks of {@code
   * blockSize}: the grid is {@code ceil(totalThreads / blockSize)} blocks, and at least one, so
   * that kernels that write one result per block still run for empty input.
   *
   * @param totalThreads the threads wanted, at least 0
   * @param blockSize threads per block, 1..1024
   * @return the launch
   */
  public static Launch grid1d(int totalThreads, int blockSize) {
    if (totalThreads < 0) {
      throw new IllegalArgumentException("totalThreads must not be negative: " + totalThreads);
    }
    if (blockSize < 1 || blockSize > 1024) {
      throw new IllegalArgumentException("blockSize must be in 1..1024: " + blockSize);
    }
    long blocks = ((long) totalThreads + blockSize - 1) / blockSize;
    return new Launch(Dim3.of((int) Math.max(1, blocks)), Dim3.of(blockSize), 0, null);
  }

  /**
   * A launch of the given grid of blocks.
   *
   * @param grid blocks along x, y and z
   * @param block threads per block along x, y and z
   * @return the launch
   */
  public static Launch of(Dim3 grid, Dim3 block) {
    return new Launch(grid, block, 0, null);
  }

  /**
   * This launch with {@code bytes} of dynamic shared memory per block ({@code
   * Gpu.dynamicSharedFloats()} and its siblings).
   *
   * @param bytes at least 0
   * @return a modified copy
   */
  public Launch sharedMemoryBytes(int bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("sharedMemoryBytes must not be negative: " + bytes);
    }
    return new Launch(grid, block, bytes, stream);
  }

  /**
   * This launch on {@code stream}: asynchronous until {@link Stream#synchronize()}.
   *
   * @param stream a stream of the device that runs the launch, or null for a synchronous launch
   * @return a modified copy
   */
  public Launch stream(Stream stream) {
    return new Launch(grid, block, sharedMemoryBytes, stream);
  }

  /**
   * The grid extent in blocks.
   *
   * @return the grid
   */
  public Dim3 grid() {
    return grid;
  }

  /**
   * The block extent in threads.
   *
   * @return the block
   */
  public Dim3 block() {
    return block;
  }

  /**
   * The dynamic shared memory per block.
   *
   * @return bytes, 0 unless set
   */
  public int sharedMemoryBytes() {
    return sharedMemoryBytes;
  }

  /**
   * The stream the launch runs on.
   *
   * @return the stream, or empty for a synchronous launch
   */
  public Optional<Stream> stream() {
    return Optional.ofNullable(stream);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Launch
        && ((Launch) o).grid.equals(grid)
        && ((Launch) o).block.equals(block)
        && ((Launch) o).sharedMemoryBytes == sharedMemoryBytes
        && ((Launch) o).stream == stream;
  }

  @Override
  public int hashCode() {
    return Objects.hash(grid, block, sharedMemoryBytes, System.identityHashCode(stream));
  }

  @Override
  public String toString() {
    return "Launch[grid="
        + grid
        + ", block="
        + block
        + (sharedMemoryBytes != 0 ? ", sharedMemoryBytes=" + sharedMemoryBytes : "")
        + (stream != null ? ", stream=" + stream : "")
        + "]";
  }
}
