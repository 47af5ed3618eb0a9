package dev.jptx.runtime.cuda;

import dev.jptx.runtime.AbstractDevice;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.DeviceInfo;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.KernelMethod;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.LaunchStats;
import dev.jptx.runtime.NoDeviceException;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.Stream;
import dev.jptx.runtime.internal.HostArrayBytes;
import dev.jptx.runtime.internal.JptxModules;
import dev.jptx.runtime.internal.ModuleTargets;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The {@code cuda} device: one CUDA context on one GPU, driven through {@link CudaDriver}. A jptx
 * kernel runs the module of the highest target its {@code kernels.list} line names that is not
 * above the device's compute capability, JIT-compiled by the driver on first use. Launches without
 * a stream are synchronous; elapsed times come from CUDA events around each launch.
 *
 * <p>The context is made current on the calling thread before every driver call, so a device may be
 * used from several Java threads.
 */
public final class CudaDevice extends AbstractDevice {
  /** The dynamic shared memory a function may use without opting in: 48 KiB. */
  private static final int DEFAULT_DYNAMIC_SHARED_LIMIT = 48 * 1024;

  private final CudaDriver driver;
  private final int ordinal;
  private final long context;
  private final DeviceInfo info;
  private final int registersPerBlock;
  private final int sharedPerBlock;
  private final List<Path> moduleRoots;
  private final ModuleCache modules;
  private final EntryParams entryParams = new EntryParams();
  private final Set<CudaStream> streams = ConcurrentHashMap.newKeySet();
  private final Map<Long, CudaErrors.Resources> resources = new ConcurrentHashMap<>();
  private volatile LaunchStats lastStats = new LaunchStats(0, -1, Map.of());
  private volatile boolean closed;
  private volatile String unusable;

  private CudaDevice(
      CudaDriver driver, int ordinal, int device, long context, List<Path> moduleRoots) {
    this.driver = driver;
    this.ordinal = ordinal;
    this.context = context;
    int[] cc = driver.computeCapability(device);
    this.sharedPerBlock = sharedMemoryPerBlock(driver, device);
    this.info =
        new DeviceInfo(
            driver.deviceName(device),
            cc[0],
            cc[1],
            driver.deviceAttribute(device, CudaDriver.DEVICE_MULTIPROCESSOR_COUNT),
            driver.totalMemory(device),
            sharedPerBlock);
    this.registersPerBlock =
        driver.deviceAttribute(device, CudaDriver.DEVICE_MAX_REGISTERS_PER_BLOCK);
    this.moduleRoots = List.copyOf(moduleRoots);
    this.modules = new ModuleCache(driver);
  }

  /**
   * The device's opt-in maximum of shared memory per block, as the driver reports it (attribute 97,
   * in every driver JCuda 12 binds); a driver that cannot say gets the 48 KiB every device allows
   * without opting in, rather than a figure guessed from the compute capability.
   */
  private static int sharedMemoryPerBlock(CudaDriver driver, int device) {
    try {
      return driver.deviceAttribute(device, CudaDriver.DEVICE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    } catch (CudaError e) {
      return DEFAULT_DYNAMIC_SHARED_LIMIT;
    }
  }

  @Override
  protected int maxSharedMemoryPerBlock() {
    return sharedPerBlock;
  }

  /**
   * Opens CUDA device {@code ordinal} with an initialised driver.
   *
   * @param driver the driver, after {@code cuInit}
   * @param ordinal 0 for the first device
   * @param moduleRoots directories holding {@code META-INF/jptx}, searched before the classpath
   * @return the device, with its own context
   * @throws NoDeviceException if there is no such device or it cannot be opened
   */
  public static CudaDevice open(CudaDriver driver, int ordinal, List<Path> moduleRoots) {
    if (ordinal < 0) {
      throw new IllegalArgumentException("device ordinal must not be negative: " + ordinal);
    }
    try {
      int count = driver.deviceCount();
      if (ordinal >= count) {
        throw new NoDeviceException(
            "CUDA device "
                + ordinal
                + " requested, but the driver reports "
                + count
                + " device(s)");
      }
      int device = driver.device(ordinal);
      long context = driver.createContext(device);
      try {
        return new CudaDevice(driver, ordinal, device, context, moduleRoots);
      } catch (CudaError e) {
        driver.destroyContext(context);
        throw e;
      }
    } catch (CudaError e) {
      throw new NoDeviceException(
          "CUDA device " + ordinal + " cannot be opened: " + e.getMessage(), e);
    }
  }

  CudaDriver driver() {
    return driver;
  }

  boolean isClosed() {
    return closed;
  }

  /** Makes this device's context current on the calling thread. */
  void bind() {
    if (closed) {
      throw new IllegalStateException(describe() + " is closed");
    }
    String why = unusable;
    if (why != null) {
      throw new IllegalStateException(
          describe()
              + " is unusable: "
              + why
              + ", and a CUDA context runs nothing after a fault; a new process can use the GPU"
              + " again");
    }
    driver.setCurrentContext(context);
  }

  /**
   * Whether a kernel's fault has made the context unusable: a CUDA fault is sticky, every later
   * driver call of the context fails with it. Resources of such a device are only marked closed
   * (the context's destruction releases them), so that closing them does not hide the fault.
   */
  boolean isUnusable() {
    return unusable != null;
  }

  /** The device for messages, e.g. {@code CUDA device 0 (NVIDIA A100)}. */
  String describe() {
    return "CUDA device " + ordinal + " (" + info.name() + ")";
  }

  @Override
  protected void launchKernel(Launch launch, KernelMethod kernel, Object[] args) {
    bind();
    JptxModules.Located m = JptxModules.locate(kernel, moduleRoots, this::chooseTarget);
    long function;
    try {
      function = modules.function(modules.module(m.ptx()), m.entry());
    } catch (CudaError e) {
      throw CudaErrors.moduleFailed(kernel.displayName(), m.resource(), describe(), e);
    }
    boolean[] readOnly = new boolean[args.length];
    for (int i = 0; i < args.length; i++) {
      readOnly[i] = kernel.isReadOnly(i);
    }
    Optional<List<Long>> sizes = entryParams.sizes(m.ptx(), m.entry());
    run(
        launch,
        kernel.displayName(),
        function,
        params ->
            sizes.ifPresent(s -> EntryParams.check(kernel.displayName(), m.entry(), s, params)),
        a -> a.addKernelArguments(args, readOnly));
  }

  /**
   * The system property that forces the module target, e.g. {@code -Djptx.cuda.target=sm_75} on an
   * sm_90 device: to run, time and compare an older target's PTX on a newer GPU (the GPU report
   * runs both). A kernel without a module for that target, or a target above the device's compute
   * capability, is an error naming both, never a silent fallback.
   */
  public static final String TARGET_PROPERTY = "jptx.cuda.target";

  /**
   * The highest target not above this device's compute capability, or the one {@value
   * #TARGET_PROPERTY} forces.
   */
  @Override
  protected java.util.Optional<dev.jptx.spi.ModuleResources> occupancyFigures(KernelMethod kernel) {
    return JptxModules.figures(kernel, moduleRoots, this::chooseTarget);
  }

  String chooseTarget(KernelMethod kernel, List<String> targets) {
    int major = info.computeCapabilityMajor();
    int minor = info.computeCapabilityMinor();
    String forced = System.getProperty(TARGET_PROPERTY, "").strip();
    if (!forced.isEmpty()) {
      return forcedTarget(kernel, targets, forced, major, minor);
    }
    return ModuleTargets.forCapability(targets, major, minor)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "kernel "
                        + kernel.displayName()
                        + " has PTX modules for "
                        + String.join(", ", targets)
                        + ", none of which runs on "
                        + describe()
                        + " of compute capability "
                        + major
                        + "."
                        + minor
                        + ": add the target sm_"
                        + major
                        + minor
                        + " (or a lower one) to the jptx plugin's <targets>"));
  }

  private String forcedTarget(
      KernelMethod kernel, List<String> targets, String forced, int major, int minor) {
    if (!targets.contains(forced)) {
      throw new IllegalArgumentException(
          "kernel "
              + kernel.displayName()
              + " has PTX modules for "
              + String.join(", ", targets)
              + ", but "
              + TARGET_PROPERTY
              + "="
              + forced
              + " asks for "
              + forced);
    }
    if (ModuleTargets.forCapability(List.of(forced), major, minor).isEmpty()) {
      throw new IllegalArgumentException(
          TARGET_PROPERTY
              + "="
              + forced
              + " does not run on "
              + describe()
              + " of compute capability "
              + major
              + "."
              + minor);
    }
    return forced;
  }

  /** The parameter sizes of an entry of a module, if the PTX parser can read it. */
  Optional<List<Long>> entryParams(String ptx, String entry) {
    return entryParams.sizes(ptx, entry);
  }

  /**
   * Marshals, launches and finishes one launch: synchronously, or queued on the launch's stream
   * with the host-side steps left to its synchronisation.
   *
   * @param check refuses parameter values that do not fit the entry
   * @param marshal adds the arguments
   */
  void run(
      Launch launch,
      String kernel,
      long function,
      Consumer<byte[][]> check,
      Consumer<LaunchArguments> marshal) {
    checkSharedMemory(launch, kernel);
    bind();
    // static shared memory alone is at most 48 KiB (ptxas refuses more): it only matters with
    // dynamic memory beside it
    int staticShared = launch.sharedMemoryBytes() == 0 ? 0 : staticSharedBytes(function);
    checkSharedMemory(launch, kernel, staticShared);
    CudaStream stream = launch.stream().map(this::own).orElse(null);
    long handle = stream == null ? 0 : stream.handle();
    var args = new LaunchArguments(this, handle, stream != null);
    long start = 0;
    long end = 0;
    boolean handedOver = false;
    boolean ok = false;
    try {
      try {
        marshal.accept(args);
      } catch (CudaError e) {
        throw CudaErrors.memoryFailed(
            "copying the arguments of kernel " + kernel + " to the device", describe(), e);
      }
      byte[][] params = args.params();
      check.accept(params);
      optInToSharedMemory(function, launch.sharedMemoryBytes(), staticShared);
      start = driver.createEvent();
      end = driver.createEvent();
      driver.recordEvent(start, handle);
      launchOrExplain(launch, kernel, function, handle, params);
      driver.recordEvent(end, handle);
      if (stream != null) {
        args.queueCopyBack();
        queueCompletion(stream, kernel, args, start, end);
        handedOver = true;
        return;
      }
      try {
        if (launch.timeout().isPresent()) {
          if (!awaitWithin(end, launch.timeout().get())) {
            handedOver = true; // freeing memory the kernel still uses would wait for it
            throw stopWaiting(
                kernel, "did not finish within " + launch.timeout().get() + " (Launch.timeout)");
          }
        } else {
          driver.synchronizeEvent(end);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        handedOver = true;
        throw stopWaiting(kernel, "was interrupted");
      } catch (CudaError e) {
        unusable = "kernel " + kernel + " failed with " + CudaError.name(e.code());
        throw CudaErrors.executionFailed(kernel, describe(), e);
      }
      lastStats = stats(start, end);
      ok = true;
    } catch (CudaError e) {
      // any other driver call of the launch (events, the shared memory opt-in, queued copies)
      throw CudaErrors.launchFailed(
          kernel, describe(), launch.block().count(), launch.sharedMemoryBytes(), null, e);
    } finally {
      if (!handedOver) {
        finishUnqueued(stream, args, ok, start, end);
      }
    }
  }

  /**
   * Waits for {@code event} by polling it until {@code timeout} has passed: {@code
   * cuEventSynchronize} cannot be given a timeout, nor be interrupted.
   *
   * @return false if the timeout passed first
   * @throws InterruptedException if the waiting thread is interrupted
   */
  private boolean awaitWithin(long event, java.time.Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + Math.min(timeout.toNanos(), Long.MAX_VALUE / 2);
    long pause = 10_000; // ns: short kernels finish within the first polls
    while (!driver.queryEvent(event)) {
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (System.nanoTime() - deadline > 0) {
        return false;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(pause);
      pause = Math.min(pause * 2, 1_000_000);
    }
    return true;
  }

  /**
   * A synchronous launch given up: a running kernel cannot be stopped, so the context stays busy
   * (and its memory in use) until the kernel ends; the device is unusable from now on.
   */
  private KernelException stopWaiting(String kernel, String reason) {
    unusable = "kernel " + kernel + " " + reason + " and may still be running";
    return new KernelException(
        "kernel "
            + kernel
            + " "
            + reason
            + " on "
            + describe()
            + ": a running kernel cannot be stopped, so the launch is abandoned and the device is"
            + " unusable from now on; close it (the GPU runs the kernel until it ends, the driver's"
            + " watchdog stops it or the process exits)",
        null);
  }

  @Override
  protected void applyStackSize(long bytesPerThread) {
    bind();
    try {
      driver.setStackSize(bytesPerThread);
    } catch (CudaError e) {
      throw new IllegalArgumentException(
          "the driver refused a stack size of "
              + bytesPerThread
              + " bytes per thread on "
              + describe()
              + ": "
              + CudaError.name(e.code()),
          e);
    }
  }

  /** {@code cuLaunchKernel}; a refusal names the kernel and, if out of resources, its registers. */
  private void launchOrExplain(
      Launch launch, String kernel, long function, long stream, byte[][] params) {
    try {
      driver.launch(
          function, launch.grid(), launch.block(), launch.sharedMemoryBytes(), stream, params);
    } catch (CudaError e) {
      throw CudaErrors.launchFailed(
          kernel,
          describe(),
          launch.block().count(),
          launch.sharedMemoryBytes(),
          resources(function),
          e);
    }
  }

  /** Leaves a queued launch's host-side steps (stats, copies back, freeing) to synchronisation. */
  private void queueCompletion(
      CudaStream stream, String kernel, LaunchArguments args, long start, long end) {
    stream.onSynchronize(
        kernel,
        done -> {
          try {
            if (done) {
              lastStats = stats(start, end);
            }
            args.finish(done);
          } finally {
            driver.destroyEvent(start);
            driver.destroyEvent(end);
          }
        });
  }

  /**
   * Dynamic shared memory above 48 KiB must be allowed per function before the launch (sm_70 and
   * newer have up to 227 KiB); without it the launch fails with {@code CUDA_ERROR_INVALID_VALUE}.
   */
  /**
   * Raises the function's dynamic shared memory limit where the block's shared memory, static and
   * dynamic together, passes the 48 KiB every device allows without it: 16 KiB of static arrays and
   * 40 KiB of dynamic memory need it as much as 100 KiB of dynamic memory alone.
   */
  private void optInToSharedMemory(long function, int dynamicBytes, int staticBytes) {
    if ((long) dynamicBytes + staticBytes > DEFAULT_DYNAMIC_SHARED_LIMIT) {
      driver.setFunctionAttribute(
          function, CudaDriver.FUNCTION_MAX_DYNAMIC_SHARED_SIZE_BYTES, dynamicBytes);
    }
  }

  private final Map<Long, Integer> staticShared = new ConcurrentHashMap<>();

  /**
   * The function's static shared memory ({@code CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES}), asked once
   * per function.
   */
  private int staticSharedBytes(long function) {
    Integer known = staticShared.get(function);
    if (known != null) {
      return known;
    }
    try {
      int bytes = driver.functionAttribute(function, CudaDriver.FUNCTION_SHARED_SIZE_BYTES);
      staticShared.put(function, bytes);
      return bytes;
    } catch (CudaError e) {
      throw new IllegalStateException(
          "reading the static shared memory of a function on "
              + describe()
              + " failed: "
              + CudaError.name(e.code()),
          e);
    }
  }

  private void finishUnqueued(
      CudaStream stream, LaunchArguments args, boolean ok, long start, long end) {
    if (!ok) {
      // The launch has failed with a message naming the kernel; after a fault the context fails
      // every call, and an exception of this clean-up would replace that message (the GPU run
      // reported "cuEventDestroy failed with CUDA_ERROR_ILLEGAL_ADDRESS" instead).
      quietly(() -> release(stream, args, false, start, end));
      return;
    }
    release(stream, args, true, start, end);
  }

  private static void quietly(Runnable cleanUp) {
    try {
      cleanUp.run();
    } catch (CudaError | IllegalStateException ignored) {
      // see the caller
    }
  }

  private void release(CudaStream stream, LaunchArguments args, boolean ok, long start, long end) {
    if (stream != null) {
      // queued copies may still read the staging memory: let them finish before freeing it
      try {
        driver.synchronizeStream(stream.handle());
      } catch (CudaError ignored) {
        // the launch has already failed with a better message
      }
    }
    try {
      args.finish(ok);
    } finally {
      if (start != 0) {
        driver.destroyEvent(start);
      }
      if (end != 0) {
        driver.destroyEvent(end);
      }
    }
  }

  private LaunchStats stats(long start, long end) {
    float ms = driver.elapsedMillis(start, end);
    return new LaunchStats(Math.round(ms * 1e6), -1, Map.of());
  }

  /** What a function uses, for the message of a launch that ran out of resources. */
  private CudaErrors.Resources resources(long function) {
    try {
      return resources.computeIfAbsent(
          function,
          f ->
              new CudaErrors.Resources(
                  driver.functionAttribute(f, CudaDriver.FUNCTION_NUM_REGS),
                  driver.functionAttribute(f, CudaDriver.FUNCTION_MAX_THREADS_PER_BLOCK),
                  registersPerBlock,
                  driver.functionAttribute(f, CudaDriver.FUNCTION_SHARED_SIZE_BYTES)));
    } catch (CudaError e) {
      return null; // the launch error is reported without the figures
    }
  }

  @Override
  protected DeviceArray upload(Object hostArray) {
    CudaDeviceArray d =
        allocateArray(hostArray.getClass().getComponentType(), Array.getLength(hostArray));
    try {
      d.copyFrom(hostArray);
    } catch (RuntimeException e) {
      d.close();
      throw e;
    }
    return d;
  }

  @Override
  public DeviceArray allocate(Class<?> elementType, int n) {
    checkArrayShape(elementType, n);
    CudaDeviceArray d = allocateArray(elementType, n);
    if (n > 0) {
      try {
        driver.zero(d.address(), (long) n * HostArrayBytes.elementSize(elementType));
      } catch (CudaError e) {
        d.close();
        throw CudaErrors.memoryFailed("zeroing a " + d, describe(), e);
      }
    }
    return d;
  }

  private CudaDeviceArray allocateArray(Class<?> type, int n) {
    bind();
    long bytes = (long) n * HostArrayBytes.elementSize(type);
    long address;
    try {
      address = bytes == 0 ? 0 : driver.allocate(bytes);
    } catch (CudaError e) {
      throw CudaErrors.memoryFailed(
          "allocating a DeviceArray of " + type + "[" + n + "] (" + bytes + " bytes)",
          describe(),
          e);
    }
    return new CudaDeviceArray(this, type, n, address);
  }

  CudaDeviceArray own(DeviceArray array) {
    if (!(array instanceof CudaDeviceArray c) || c.device() != this) {
      throw new IllegalArgumentException(array + " belongs to another device");
    }
    return c;
  }

  CudaStream own(Stream stream) {
    if (!(stream instanceof CudaStream c) || c.device() != this) {
      throw new IllegalArgumentException(stream + " belongs to another device");
    }
    c.ensureOpen();
    return c;
  }

  void forget(CudaStream stream) {
    streams.remove(stream);
  }

  @Override
  public Stream newStream() {
    bind();
    var s = new CudaStream(this, driver.createStream());
    streams.add(s);
    return s;
  }

  @Override
  public LaunchStats lastLaunchStats() {
    return lastStats;
  }

  @Override
  public DeviceInfo info() {
    return info;
  }

  @Override
  public PtxModule loadPtx(String ptxText) {
    bind();
    try {
      return new CudaPtxModule(this, driver.loadModule(ptxText), ptxText);
    } catch (CudaError e) {
      throw CudaErrors.moduleFailed("(raw PTX)", "the PTX text", describe(), e);
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    if (unusable != null) {
      // nothing of a dead context can be released one by one: destroying it releases it all
      closed = true;
      quietly(() -> driver.destroyContext(context));
      return;
    }
    try {
      for (CudaStream s : List.copyOf(streams)) {
        s.close();
      }
      bind();
      modules.unloadAll();
    } finally {
      closed = true;
      driver.destroyContext(context);
    }
  }

  @Override
  public String toString() {
    return "CudaDevice(" + describe() + ")";
  }
}
