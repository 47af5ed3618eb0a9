package dev.jptx.runtime;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The geometry of one launch: grid and block extents, dynamic shared memory bytes, an optional
 * stream and an optional timeout. Immutable: {@link #sharedMemoryBytes(int)}, {@link
 * #stream(Stream)} and {@link #timeout(Duration)} return modified copies. A launch without a stream
 * is synchronous.
 */
public final class Launch {
  private final Dim3 grid;
  private final Dim3 block;
  private final int sharedMemoryBytes;
  private final Stream stream;
  private final Duration timeout;

  private Launch(Dim3 grid, Dim3 block, int sharedMemoryBytes, Stream stream, Duration timeout) {
    this.grid = Objects.requireNonNull(grid, "grid");
    this.block = Objects.requireNonNull(block, "block");
    this.sharedMemoryBytes = sharedMemoryBytes;
    this.stream = stream;
    this.timeout = timeout;
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
    return new Launch(Dim3.of((int) Math.max(1, blocks)), Dim3.of(blockSize), 0, null, null);
  }

  /**
   * A one-dimensional launch of at least {@code n} threads in the block size that gives {@code
   * kernel} the highest theoretical occupancy on {@code device} ({@code dev.jptx.spi.Occupancy}),
   * the largest such block size, up to the kernel's {@code maxThreadsPerBlock}: from the registers
   * and static shared memory a validated build recorded for the module the device runs, and the
   * device's compute capability (9.0 on {@code sim} and {@code jvm}). Without recorded figures (a
   * module built unvalidated) it is 256 threads, or the kernel's maximum if lower.
   *
   * @param device where the kernel will run
   * @param kernel a method reference to a {@code @Kernel public static void} method without
   *     parameters; the overloads below take those of 1 to 12, as {@code launch} does
   * @param n the threads wanted, at least 0
   * @return the launch
   */
  public static Launch forOccupancy(Device device, Kernel0 kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 1 parameter. */
  public static <A> Launch forOccupancy(Device device, Kernel1<A> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 2 parameters. */
  public static <A, B> Launch forOccupancy(Device device, Kernel2<A, B> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 3 parameters. */
  public static <A, B, C> Launch forOccupancy(Device device, Kernel3<A, B, C> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 4 parameters. */
  public static <A, B, C, D> Launch forOccupancy(Device device, Kernel4<A, B, C, D> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 5 parameters. */
  public static <A, B, C, D, E> Launch forOccupancy(
      Device device, Kernel5<A, B, C, D, E> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 6 parameters. */
  public static <A, B, C, D, E, F> Launch forOccupancy(
      Device device, Kernel6<A, B, C, D, E, F> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 7 parameters. */
  public static <A, B, C, D, E, F, G> Launch forOccupancy(
      Device device, Kernel7<A, B, C, D, E, F, G> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 8 parameters. */
  public static <A, B, C, D, E, F, G, H> Launch forOccupancy(
      Device device, Kernel8<A, B, C, D, E, F, G, H> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 9 parameters. */
  public static <A, B, C, D, E, F, G, H, I> Launch forOccupancy(
      Device device, Kernel9<A, B, C, D, E, F, G, H, I> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 10 parameters. */
  public static <A, B, C, D, E, F, G, H, I, J> Launch forOccupancy(
      Device device, Kernel10<A, B, C, D, E, F, G, H, I, J> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 11 parameters. */
  public static <A, B, C, D, E, F, G, H, I, J, K> Launch forOccupancy(
      Device device, Kernel11<A, B, C, D, E, F, G, H, I, J, K> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  /** As {@link #forOccupancy(Device, Kernel0, int)} for a kernel of 12 parameters. */
  public static <A, B, C, D, E, F, G, H, I, J, K, L> Launch forOccupancy(
      Device device, Kernel12<A, B, C, D, E, F, G, H, I, J, K, L> kernel, int n) {
    return forOccupancyOf(device, kernel, n);
  }

  private static Launch forOccupancyOf(Device device, java.io.Serializable kernel, int n) {
    return grid1d(n, OccupancyBlockSize.of(device, KernelReferences.resolve(kernel)));
  }

  /**
   * As {@link #forOccupancy(Device, Kernel0, int)} for the kernel named {@code methodName} of
   * {@code kernelClass}.
   *
   * @throws IllegalArgumentException if the class has no such kernel, or several of that name
   */
  public static Launch forOccupancy(Device device, Class<?> kernelClass, String methodName, int n) {
    return grid1d(
        n, OccupancyBlockSize.of(device, OccupancyBlockSize.find(kernelClass, methodName)));
  }

  /**
   * A launch of the given grid of blocks.
   *
   * @param grid blocks along x, y and z
   * @param block threads per block along x, y and z
   * @return the launch
   */
  public static Launch of(Dim3 grid, Dim3 block) {
    return new Launch(grid, block, 0, null, null);
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
    return new Launch(grid, block, bytes, stream, timeout);
  }

  /**
   * This launch on {@code stream}: asynchronous until {@link Stream#synchronize()}.
   *
   * @param stream a stream of the device that runs the launch, or null for a synchronous launch
   * @return a modified copy
   */
  public Launch stream(Stream stream) {
    return new Launch(grid, block, sharedMemoryBytes, stream, timeout);
  }

  /**
   * This launch, ended with a {@link KernelException} naming the kernel if it runs longer than
   * {@code timeout}: the simulator stops its threads; the JVM device cannot stop running Java code,
   * so it abandons the launch and leaves its threads running as daemon threads; the {@code cuda}
   * device cannot stop a running kernel either, so it stops waiting and the device is unusable
   * afterwards (see docs/runtime.md). On the {@code cuda} device a timeout applies to launches
   * without a stream.
   *
   * @param timeout positive, or null for none (the default)
   * @return a modified copy
   */
  public Launch timeout(Duration timeout) {
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    return new Launch(grid, block, sharedMemoryBytes, stream, timeout);
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
   * How long the launch may run.
   *
   * @return the timeout, or empty for none
   */
  public Optional<Duration> timeout() {
    return Optional.ofNullable(timeout);
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
        && ((Launch) o).stream == stream
        && Objects.equals(((Launch) o).timeout, timeout);
  }

  @Override
  public int hashCode() {
    return Objects.hash(grid, block, sharedMemoryBytes, System.identityHashCode(stream), timeout);
  }

  @Override
  public String toString() {
    return "Launch[grid="
        + grid
        + ", block="
        + block
        + (sharedMemoryBytes != 0 ? ", sharedMemoryBytes=" + sharedMemoryBytes : "")
        + (stream != null ? ", stream=" + stream : "")
        + (timeout != null ? ", timeout=" + timeout : "")
        + "]";
  }
}
