package dev.jptx.runtime;

import java.io.Serializable;
import java.util.Objects;

/**
 * The part every device shares: resolving a kernel from a method reference or a name, checking
 * arguments and launch geometry, and the {@code copyOf} overloads. A backend implements {@link
 * #launchKernel} and the transfers; users never see this class, only {@link Device}.
 */
public abstract class AbstractDevice implements Device {
  /** The most threads a block may have on every device, as on CUDA hardware. */
  public static final int MAX_THREADS_PER_BLOCK = 1024;

  /**
   * The most shared memory a block may have on compute capability 9.0 (227 KiB), which the
   * simulator and the JVM device accept as dynamic shared memory.
   */
  public static final int MAX_SHARED_MEMORY_PER_BLOCK_SM90 = 227 * 1024;

  /** Creates the shared part. */
  protected AbstractDevice() {}

  /**
   * Runs a checked launch: the kernel is valid, {@code args} fit its parameters exactly (boxed
   * primitives of the parameter's type, arrays of its type or {@link DeviceArray}s of its element
   * type) and the geometry is within its bounds.
   *
   * @param launch the geometry, with its stream if asynchronous
   * @param kernel the kernel
   * @param args one per parameter
   */
  protected abstract void launchKernel(Launch launch, KernelMethod kernel, Object[] args);

  /**
   * A device array holding a copy of {@code hostArray}.
   *
   * @param hostArray a primitive array
   * @return the device array
   */
  protected abstract DeviceArray upload(Object hostArray);

  /**
   * The most dynamic shared memory ({@link Launch#sharedMemoryBytes}) one block may have on this
   * device; a launch asking for more is refused before it runs.
   *
   * @return bytes per block
   */
  protected abstract int maxSharedMemoryPerBlock();

  /** The largest stack size {@link #setStackSize} accepts. */
  public static final long MAX_STACK_SIZE = 1L << 30;

  @Override
  public final void setStackSize(long bytesPerThread) {
    if (bytesPerThread < 1 || bytesPerThread > MAX_STACK_SIZE) {
      throw new IllegalArgumentException(
          "the stack size must be 1 byte to 1 GiB per thread: " + bytesPerThread);
    }
    applyStackSize(bytesPerThread);
  }

  /**
   * Applies a checked {@link #setStackSize}.
   *
   * @param bytesPerThread 1 to {@link #MAX_STACK_SIZE}
   */
  protected abstract void applyStackSize(long bytesPerThread);

  private void launchTyped(Launch launch, Serializable kernel, Object... args) {
    Objects.requireNonNull(launch, "launch");
    KernelMethod method = KernelReferences.resolve(kernel);
    Object[] checked = KernelArguments.typed(method, args);
    checkGeometry(launch, method);
    checkAliases(method, checked);
    launchGuarded(launch, method, checked);
  }

  /** {@link #launchKernel}, the Java heap running out while it copies reported as device memory. */
  private void launchGuarded(Launch launch, KernelMethod method, Object[] args) {
    try {
      launchKernel(launch, method, args);
    } catch (OutOfMemoryError e) {
      throw outOfMemory("launching kernel " + method.displayName(), e);
    }
  }

  /**
   * The exception for device memory that ran out, as the cuda device words it: {@code <what> on
   * <device> failed: out of device memory}. The simulator and the JVM device keep device memory in
   * the Java heap, so for them an {@link OutOfMemoryError} of the heap is that.
   *
   * @param what what was being done
   * @param e the heap's error
   * @return the exception to throw
   */
  protected final IllegalStateException outOfMemory(String what, OutOfMemoryError e) {
    return new IllegalStateException(
        what
            + " on "
            + info().name()
            + " failed: out of device memory (this device keeps device memory in the Java heap:"
            + " give the JVM more with -Xmx)",
        e);
  }

  private DeviceArray uploadGuarded(Object hostArray) {
    try {
      return upload(hostArray);
    } catch (OutOfMemoryError e) {
      throw outOfMemory(
          "copying a "
              + hostArray.getClass().getComponentType()
              + "["
              + java.lang.reflect.Array.getLength(hostArray)
              + "] to the device",
          e);
    }
  }

  /**
   * What the assembler reported for {@code kernel} in the module this device would run, for {@link
   * Launch#forOccupancy}; none by default.
   */
  protected java.util.Optional<dev.jptx.spi.ModuleResources> occupancyFigures(KernelMethod kernel) {
    return java.util.Optional.empty();
  }

  /**
   * The compute capability whose limits {@link Launch#forOccupancy} uses ({@code 90} for 9.0): the
   * device's own; 9.0 for a device that reports none (the JVM device), as the simulator.
   */
  protected int occupancyCapability() {
    int cc = info().computeCapabilityMajor() * 10 + info().computeCapabilityMinor();
    return cc < 52 ? 90 : cc;
  }

  @Override
  public final void launch(Launch launch, Class<?> kernelClass, String methodName, Object... args) {
    Objects.requireNonNull(launch, "launch");
    Object[] actual = args == null ? new Object[] {null} : args;
    KernelMethod method = KernelArguments.select(kernelClass, methodName, actual);
    checkGeometry(launch, method);
    checkAliases(method, actual);
    launchGuarded(launch, method, actual);
  }

  /**
   * One array may be passed as several arguments (every device then shares one buffer between them,
   * as Java does), but not as a {@code @ReadOnly} one and a written one: the read-only parameter's
   * loads may be cached ({@code ld.global.nc}) while the other parameter writes.
   */
  private static void checkAliases(KernelMethod kernel, Object[] args) {
    checkRows(kernel, args);
    for (int i = 0; i < args.length; i++) {
      for (int j = i + 1; j < args.length; j++) {
        if (args[i] != null
            && args[i] == args[j]
            && (args[i].getClass().isArray() || args[i] instanceof DeviceArray)
            && kernel.isReadOnly(i) != kernel.isReadOnly(j)) {
          throw new IllegalArgumentException(
              "launch of kernel "
                  + kernel.displayName()
                  + ": arguments "
                  + i
                  + " and "
                  + j
                  + " are the same array, one @ReadOnly and one written; pass a copy for the"
                  + " read-only parameter");
        }
      }
    }
  }

  /**
   * An array of arrays is passed as tables of its rows, so every row must exist: a null row is
   * refused before any device copies anything. A row is written back, so it may not also be a
   * {@code @ReadOnly} argument, for the reason {@link #checkAliases} gives.
   */
  private static void checkRows(KernelMethod kernel, Object[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i] instanceof Object[] rows) {
        for (int k = 0; k < rows.length; k++) {
          int readOnly = readOnlyArgument(kernel, args, rows[k]);
          if (readOnly >= 0) {
            throw new IllegalArgumentException(
                "launch of kernel "
                    + kernel.displayName()
                    + ": row "
                    + k
                    + " of argument "
                    + i
                    + " is argument "
                    + readOnly
                    + ", which is @ReadOnly; pass a copy for the read-only parameter");
          }
          if (rows[k] == null) {
            throw new IllegalArgumentException(
                "launch of kernel "
                    + kernel.displayName()
                    + ": row "
                    + k
                    + " of argument "
                    + i
                    + " ("
                    + kernel.parameterName(i)
                    + ") is null; every row of an array of arrays must be an array");
          }
        }
      }
    }
  }

  /** The index of the {@code @ReadOnly} argument that is {@code row}, or -1. */
  private static int readOnlyArgument(KernelMethod kernel, Object[] args, Object row) {
    for (int j = 0; j < args.length; j++) {
      if (row != null && args[j] == row && kernel.isReadOnly(j)) {
        return j;
      }
    }
    return -1;
  }

  /**
   * Checks the block against CUDA's limits, the kernel's {@code maxThreadsPerBlock} and the
   * device's {@link #maxSharedMemoryPerBlock}.
   *
   * @param launch the geometry
   * @param kernel the kernel
   * @throws IllegalArgumentException naming the kernel and the limit
   */
  protected void checkGeometry(Launch launch, KernelMethod kernel) {
    Dim3 block = launch.block();
    Dim3 grid = launch.grid();
    long threads = block.count();
    String prefix = "launch of kernel " + kernel.displayName() + ": ";
    if (threads > MAX_THREADS_PER_BLOCK) {
      throw new IllegalArgumentException(
          prefix + "a block of " + block + " = " + threads + " threads exceeds the limit of 1024");
    }
    if (block.z() > 64) {
      throw new IllegalArgumentException(prefix + "block z extent " + block.z() + " exceeds 64");
    }
    if (grid.y() > 65535 || grid.z() > 65535) {
      throw new IllegalArgumentException(
          prefix + "grid " + grid + " exceeds 65535 blocks along y or z");
    }
    checkSharedMemory(launch, kernel.displayName());
    int bound = kernel.maxThreadsPerBlock();
    if (bound > 0 && threads > bound) {
      throw new IllegalArgumentException(
          prefix
              + "a block of "
              + threads
              + " threads exceeds @Kernel(maxThreadsPerBlock = "
              + bound
              + ")");
    }
  }

  /**
   * Checks the launch's dynamic shared memory against {@link #maxSharedMemoryPerBlock}; the raw
   * {@link PtxModule} launches call it too.
   *
   * @param launch the launch
   * @param kernel the kernel's name, for the message
   * @throws IllegalArgumentException naming the kernel, the bytes asked for and the limit
   */
  protected final void checkSharedMemory(Launch launch, String kernel) {
    checkSharedMemory(launch, kernel, 0);
  }

  /**
   * Checks the launch's dynamic shared memory and the kernel's static shared memory together
   * against {@link #maxSharedMemoryPerBlock}, the limit a block has for both.
   *
   * @param launch the launch
   * @param kernel the kernel's name, for the message
   * @param staticBytes the kernel's static shared memory, 0 where it is not known before the launch
   * @throws IllegalArgumentException naming the kernel, the bytes asked for and the limit
   */
  protected final void checkSharedMemory(Launch launch, String kernel, int staticBytes) {
    long shared = (long) launch.sharedMemoryBytes() + staticBytes;
    int limit = maxSharedMemoryPerBlock();
    if (shared > limit) {
      throw new IllegalArgumentException(
          "launch of kernel "
              + kernel
              + ": sharedMemoryBytes = "
              + launch.sharedMemoryBytes()
              + (staticBytes > 0
                  ? " and the kernel's " + staticBytes + " bytes of static shared memory exceed"
                  : " exceeds")
              + " the "
              + limit
              + " bytes of shared memory a block may have on this device");
    }
  }

  @Override
  public final void launch(Launch launch, Kernel0 kernel) {
    launchTyped(launch, kernel);
  }

  @Override
  public final <A> void launch(Launch launch, Kernel1<A> kernel, A a) {
    launchTyped(launch, kernel, a);
  }

  @Override
  public final <A, B> void launch(Launch launch, Kernel2<A, B> kernel, A a, B b) {
    launchTyped(launch, kernel, a, b);
  }

  @Override
  public final <A, B, C> void launch(Launch launch, Kernel3<A, B, C> kernel, A a, B b, C c) {
    launchTyped(launch, kernel, a, b, c);
  }

  @Override
  public final <A, B, C, D> void launch(
      Launch launch, Kernel4<A, B, C, D> kernel, A a, B b, C c, D d) {
    launchTyped(launch, kernel, a, b, c, d);
  }

  @Override
  public final <A, B, C, D, E> void launch(
      Launch launch, Kernel5<A, B, C, D, E> kernel, A a, B b, C c, D d, E e) {
    launchTyped(launch, kernel, a, b, c, d, e);
  }

  @Override
  public final <A, B, C, D, E, F> void launch(
      Launch launch, Kernel6<A, B, C, D, E, F> kernel, A a, B b, C c, D d, E e, F f) {
    launchTyped(launch, kernel, a, b, c, d, e, f);
  }

  @Override
  public final <A, B, C, D, E, F, G> void launch(
      Launch launch, Kernel7<A, B, C, D, E, F, G> kernel, A a, B b, C c, D d, E e, F f, G g) {
    launchTyped(launch, kernel, a, b, c, d, e, f, g);
  }

  @Override
  public final <A, B, C, D, E, F, G, H> void launch(
      Launch launch,
      Kernel8<A, B, C, D, E, F, G, H> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h) {
    launchTyped(launch, kernel, a, b, c, d, e, f, g, h);
  }

  @Override
  public final <A, B, C, D, E, F, G, H, I> void launch(
      Launch launch,
      Kernel9<A, B, C, D, E, F, G, H, I> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i) {
    launchTyped(launch, kernel, a, b, c, d, e, f, g, h, i);
  }

  @Override
  public final <A, B, C, D, E, F, G, H, I, J> void launch(
      Launch launch,
      Kernel10<A, B, C, D, E, F, G, H, I, J> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i,
      J j) {
    launchTyped(launch, kernel, a, b, c, d, e, f, g, h, i, j);
  }

  @Override
  public final <A, B, C, D, E, F, G, H, I, J, K> void launch(
      Launch launch,
      Kernel11<A, B, C, D, E, F, G, H, I, J, K> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i,
      J j,
      K k) {
    launchTyped(launch, kernel, a, b, c, d, e, f, g, h, i, j, k);
  }

  @Override
  public final <A, B, C, D, E, F, G, H, I, J, K, L> void launch(
      Launch launch,
      Kernel12<A, B, C, D, E, F, G, H, I, J, K, L> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i,
      J j,
      K k,
      L l) {
    launchTyped(launch, kernel, a, b, c, d, e, f, g, h, i, j, k, l);
  }

  @Override
  public final DeviceArray copyOf(boolean[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(byte[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(short[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(char[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(int[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(long[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(float[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  @Override
  public final DeviceArray copyOf(double[] x) {
    return uploadGuarded(Objects.requireNonNull(x, "x"));
  }

  /**
   * The checks every device's {@code allocate} makes before it allocates: a primitive element type
   * and a length of at least 0.
   */
  protected static void checkArrayShape(Class<?> elementType, int n) {
    if (elementType == null || !elementType.isPrimitive() || elementType == void.class) {
      throw new IllegalArgumentException(
          "a DeviceArray holds a primitive type such as float.class, not " + elementType);
    }
    if (n < 0) {
      throw new IllegalArgumentException("negative DeviceArray length " + n);
    }
  }
}
