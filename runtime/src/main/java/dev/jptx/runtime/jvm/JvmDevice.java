package dev.jptx.runtime.jvm;

import dev.jptx.runtime.AbstractDevice;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.DeviceInfo;
import dev.jptx.runtime.KernelMethod;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.LaunchStats;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.Stream;
import dev.jptx.runtime.internal.WorkQueueStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code jvm} device: runs each kernel's Java method once per GPU thread. This execution is the
 * reference semantics of jptx.
 *
 * <p>Scheduling: blocks run in parallel, one per processor. Within a block every GPU thread that
 * has to wait is a real Java thread parked at a real rendezvous (barriers, warp operations), and
 * the threads take turns: one runs until it finishes or waits, then hands over to the next. A block
 * without barriers therefore runs on a single Java thread, and a barrier costs one direct hand-over
 * per thread (on JDK 21 and later between virtual threads, which is fast; on Java 17 between OS
 * threads). If a block makes no progress for 100 ms (for example a thread spinning on memory
 * another thread must write), another thread is let run alongside. A thread that would wait forever
 * (every other thread of its block waits too) fails the launch with a deadlock error, and a warp
 * operation whose mask names an exited lane fails with an error naming the lane.
 *
 * <p>Arrays: a Java array argument is passed to the kernel itself (the copy in and copy back of a
 * GPU launch would leave the same result), except that {@code @ReadOnly} arrays are passed as a
 * copy, so that a kernel breaking that promise cannot change the caller's array, as on a GPU where
 * a read-only array is not copied back. A {@link DeviceArray} is a private Java array.
 *
 * <p>It reports compute capability 0.0, elapsed wall time and no instruction counts, and cannot
 * load PTX.
 */
public final class JvmDevice extends AbstractDevice {
  /**
   * The figures of the module the simulator would run (the classpath's highest target): the JVM
   * device answers {@code Launch.forOccupancy} as the simulator does, at compute capability 9.0.
   */
  @Override
  protected java.util.Optional<dev.jptx.spi.ModuleResources> occupancyFigures(
      dev.jptx.runtime.KernelMethod kernel) {
    return dev.jptx.runtime.internal.JptxModules.figures(
        kernel,
        java.util.List.of(),
        (k, targets) -> dev.jptx.runtime.internal.ModuleTargets.highest(targets));
  }

  private static final AtomicInteger WORKER_NUMBERS = new AtomicInteger();
  private static final AtomicInteger STREAM_NUMBERS = new AtomicInteger();

  private final ExecutorService pool =
      Executors.newCachedThreadPool(
          task -> {
            var thread = new Thread(task, "jptx-jvm-worker-" + WORKER_NUMBERS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
          });
  private final Map<KernelMethod, MethodHandle> invokers = new ConcurrentHashMap<>();
  private final Set<WorkQueueStream> streams = ConcurrentHashMap.newKeySet();
  private volatile LaunchStats lastStats = new LaunchStats(0, -1, Map.of());
  private volatile boolean closed;

  private JvmDevice() {}

  /** Java's thread stacks hold Java frames, not PTX's: the size is checked and otherwise moot. */
  @Override
  protected void applyStackSize(long bytesPerThread) {}

  /**
   * A new JVM device; {@code Device.jvm()} calls this.
   *
   * @return the device
   */
  public static JvmDevice create() {
    return new JvmDevice();
  }

  @Override
  protected void launchKernel(Launch launch, KernelMethod kernel, Object[] args) {
    ensureOpen();
    MethodHandle invoker = invokers.computeIfAbsent(kernel, JvmDevice::invoker);
    Object[] prepared = prepare(kernel, args);
    Runnable work = () -> execute(kernel, invoker, launch, prepared);
    Optional<Stream> stream = launch.stream();
    if (stream.isPresent()) {
      own(stream.get()).submit(work);
    } else {
      work.run();
    }
  }

  private void execute(KernelMethod kernel, MethodHandle invoker, Launch launch, Object[] args) {
    long start = System.nanoTime();
    try {
      new JvmLaunch(kernel, invoker, launch, args, pool).run();
    } finally {
      lastStats = new LaunchStats(System.nanoTime() - start, -1, Map.of());
    }
  }

  /** Kernels with more parameters than this run through reflection (see {@link #invoker}). */
  private static final int MAX_SPREAD = 250;

  private static final MethodHandle REFLECTIVE;

  static {
    try {
      REFLECTIVE =
          MethodHandles.lookup()
              .findStatic(
                  JvmDevice.class,
                  "invokeReflectively",
                  MethodType.methodType(void.class, Method.class, Object[].class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Calls a static kernel by reflection, throwing what the kernel threw. */
  private static void invokeReflectively(Method method, Object[] args) throws Throwable {
    try {
      method.invoke(null, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** The kernel as a handle taking its arguments as one {@code Object[]}. */
  private static MethodHandle invoker(KernelMethod kernel) {
    Method method = kernel.method();
    try {
      method.trySetAccessible(); // lets a kernel of a non-public class run, where modules allow
      if (method.getParameterCount() > MAX_SPREAD) {
        // a method handle takes at most 255 argument slots, and spreading needs a few more
        return MethodHandles.insertArguments(REFLECTIVE, 0, method)
            .asType(MethodType.methodType(void.class, Object[].class));
      }
      // asFixedArity: a varargs kernel's last parameter is the array passed, not collected
      MethodHandle handle = MethodHandles.lookup().unreflect(method).asFixedArity();
      return handle
          .asSpreader(Object[].class, method.getParameterCount())
          .asType(MethodType.methodType(void.class, Object[].class));
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException("kernel " + kernel.signature() + " is not accessible", e);
    }
  }

  private Object[] prepare(KernelMethod kernel, Object[] args) {
    Object[] prepared = args.clone();
    for (int i = 0; i < args.length; i++) {
      if (args[i] instanceof DeviceArray) {
        prepared[i] = own((DeviceArray) args[i]).data();
      } else if (args[i] != null && args[i].getClass().isArray() && kernel.isReadOnly(i)) {
        prepared[i] = copy(args[i]);
      }
    }
    return prepared;
  }

  private static Object copy(Object array) {
    int length = Array.getLength(array);
    Object copy = Array.newInstance(array.getClass().getComponentType(), length);
    System.arraycopy(array, 0, copy, 0, length);
    return copy;
  }

  private JvmDeviceArray own(DeviceArray array) {
    if (!(array instanceof JvmDeviceArray) || ((JvmDeviceArray) array).device() != this) {
      throw new IllegalArgumentException(array + " belongs to another device");
    }
    return (JvmDeviceArray) array;
  }

  WorkQueueStream own(Stream stream) {
    if (!(stream instanceof WorkQueueStream) || ((WorkQueueStream) stream).owner() != this) {
      throw new IllegalArgumentException(stream + " belongs to another device");
    }
    return (WorkQueueStream) stream;
  }

  void forget(WorkQueueStream stream) {
    streams.remove(stream);
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the jvm device is closed");
    }
  }

  @Override
  protected DeviceArray upload(Object hostArray) {
    ensureOpen();
    return new JvmDeviceArray(this, copy(hostArray));
  }

  @Override
  public DeviceArray allocate(Class<?> elementType, int n) {
    ensureOpen();
    checkArrayShape(elementType, n);
    try {
      return new JvmDeviceArray(this, Array.newInstance(elementType, n));
    } catch (OutOfMemoryError e) {
      throw outOfMemory("allocating a DeviceArray of " + elementType + "[" + n + "]", e);
    }
  }

  @Override
  public Stream newStream() {
    ensureOpen();
    var stream =
        new WorkQueueStream(
            this, "jptx-jvm-stream-" + STREAM_NUMBERS.incrementAndGet(), this::forget);
    streams.add(stream);
    return stream;
  }

  @Override
  public LaunchStats lastLaunchStats() {
    return lastStats;
  }

  /** As compute capability 9.0: 227 KiB. */
  @Override
  protected int maxSharedMemoryPerBlock() {
    return MAX_SHARED_MEMORY_PER_BLOCK_SM90;
  }

  @Override
  public DeviceInfo info() {
    int cpus = Runtime.getRuntime().availableProcessors();
    return new DeviceInfo(
        "jptx JVM device (" + cpus + " processors)",
        0,
        0,
        cpus,
        Runtime.getRuntime().maxMemory(),
        maxSharedMemoryPerBlock());
  }

  @Override
  public PtxModule loadPtx(String ptxText) {
    throw new UnsupportedOperationException(
        "the jvm device runs the kernels' Java methods and cannot load PTX; use Device.open() or"
            + " Device.simulator() for PTX modules");
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    try {
      for (WorkQueueStream stream : streams) {
        stream.close();
      }
    } finally {
      closed = true;
      pool.shutdown();
    }
  }

  @Override
  public String toString() {
    return "jvm device";
  }
}
