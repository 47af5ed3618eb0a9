package dev.jptx.runtime.sim;

import dev.jptx.runtime.AbstractDevice;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.DeviceInfo;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.KernelMethod;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.LaunchStats;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.Stream;
import dev.jptx.runtime.internal.HostArrayBytes;
import dev.jptx.runtime.internal.JptxModules;
import dev.jptx.runtime.internal.KernelArguments;
import dev.jptx.runtime.internal.ModuleTargets;
import dev.jptx.runtime.internal.WorkQueueStream;
import dev.jptx.runtime.sim.exec.Decoder;
import dev.jptx.runtime.sim.exec.KernelEntry;
import dev.jptx.runtime.sim.exec.LaunchLimits;
import dev.jptx.runtime.sim.exec.LaunchStopped;
import dev.jptx.runtime.sim.exec.Program;
import dev.jptx.runtime.sim.exec.SimulationError;
import dev.jptx.runtime.sim.exec.Simulator;
import dev.jptx.runtime.sim.memory.GlobalMemory;
import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.PtxParseException;
import dev.jptx.runtime.sim.ptx.PtxParser;
import dev.jptx.spi.KernelAbi;
import java.lang.reflect.Array;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code sim} device: runs PTX modules in the built-in simulator. jptx kernels are found
 * through {@code META-INF/jptx/kernels.list} on the classpath (the module of the highest target is
 * used); raw PTX through {@link #loadPtx}. It reports compute capability 9.0, and after each launch
 * the dynamic thread-instruction counts, in total and per opcode.
 */
public final class SimDevice extends AbstractDevice {
  private static final AtomicInteger STREAMS = new AtomicInteger();

  private final GlobalMemory memory = new GlobalMemory();
  private final Map<String, Program> programs = new ConcurrentHashMap<>();
  private final Set<WorkQueueStream> streams = ConcurrentHashMap.newKeySet();
  private volatile LaunchStats lastStats = new LaunchStats(0, 0, Map.of());
  private volatile boolean closed;
  private final java.util.List<java.nio.file.Path> moduleRoots;

  private SimDevice(java.util.List<java.nio.file.Path> moduleRoots) {
    this.moduleRoots = java.util.List.copyOf(moduleRoots);
  }

  /** A new simulator device; {@code Device.simulator()} calls this. */
  public static SimDevice create() {
    return new SimDevice(java.util.List.of());
  }

  /**
   * A simulator that looks for jptx modules in {@code roots} (directories holding {@code
   * META-INF/jptx}, as {@code jptx compile -o} writes them) before the classpath: for tools and
   * tests that compile kernels on the fly.
   */
  public static SimDevice withModuleRoots(java.util.List<java.nio.file.Path> roots) {
    return new SimDevice(roots);
  }

  @Override
  protected java.util.Optional<dev.jptx.spi.ModuleResources> occupancyFigures(KernelMethod kernel) {
    return JptxModules.figures(kernel, moduleRoots, (k, targets) -> ModuleTargets.highest(targets));
  }

  private volatile long stackBytes = LaunchLimits.DEFAULT_STACK_BYTES;

  @Override
  protected void applyStackSize(long bytesPerThread) {
    stackBytes = bytesPerThread;
  }

  GlobalMemory memory() {
    return memory;
  }

  @Override
  protected void launchKernel(Launch launch, KernelMethod kernel, Object[] args) {
    ensureOpen();
    // the simulator runs any PTX, so it takes the module of the most capable target
    JptxModules.Located m =
        JptxModules.locate(kernel, moduleRoots, (k, targets) -> ModuleTargets.highest(targets));
    // keyed by the text: a rebuilt module with the same resource name is decoded afresh
    Program program;
    try {
      program =
          programs.computeIfAbsent(m.ptx(), text -> Decoder.decode(PtxParser.parse(text), memory));
    } catch (PtxParseException | SimulationError e) {
      // a module cut short or damaged on disk: name the file, not just a line of unnamed PTX
      throw new IllegalArgumentException(
          "the module "
              + m.resource()
              + " in "
              + m.origin()
              + " of kernel "
              + kernel.displayName()
              + " cannot be loaded: "
              + e.getMessage()
              + " (is it cut short or damaged? rebuild it with the jptx Maven plugin or 'jptx"
              + " compile')",
          e);
    }
    KernelEntry entry = program.entry(m.entry());
    if (entry == null) {
      throw new IllegalArgumentException(m.resource() + " has no entry " + m.entry());
    }
    run(launch, entry, program, () -> marshal(kernel, entry, args));
  }

  /** The kernel ABI of API.md: primitives by value, an array as its address and its length. */
  private ParamBuffer marshal(KernelMethod kernel, KernelEntry entry, Object[] args) {
    ParamBuffer p = new ParamBuffer(this, entry);
    int k = 0;
    for (KernelAbi.Slot slot : KernelArguments.slots(args)) {
      if (slot.address()) {
        p.put(k++, 8, p.address(slot.value(), !kernel.isReadOnly(slot.argument())), "an array");
      } else {
        p.putValue(k++, slot.value());
      }
    }
    if (k != entry.paramCount()) {
      throw new IllegalArgumentException(
          "the module's entry "
              + entry.name()
              + " has "
              + entry.paramCount()
              + " parameters, but kernel "
              + kernel.displayName()
              + " passes "
              + k);
    }
    return p;
  }

  /** Runs a launch now, or queues it on the launch's stream. */
  void run(
      Launch launch,
      KernelEntry entry,
      Program program,
      java.util.function.Supplier<ParamBuffer> params) {
    checkSharedMemory(launch, entry.name());
    Runnable work =
        () -> {
          ParamBuffer p = params.get();
          boolean ok = false;
          try {
            long start = System.nanoTime();
            int[] grid = {launch.grid().x(), launch.grid().y(), launch.grid().z()};
            int[] block = {launch.block().x(), launch.block().y(), launch.block().z()};
            checkBounds(entry, block);
            Simulator.Counts c;
            try {
              c =
                  Simulator.launch(
                      program,
                      entry,
                      memory,
                      p.bytes(),
                      grid,
                      block,
                      launch.sharedMemoryBytes(),
                      System.out,
                      new LaunchLimits(stackBytes, launch.timeout().orElse(null)));
            } catch (SimulationError e) {
              throw new KernelException(
                  "kernel " + entry.name() + " failed on the simulator: " + e.getMessage(), e);
            } catch (LaunchStopped e) {
              throw new KernelException(
                  "kernel "
                      + entry.name()
                      + " "
                      + e.reason()
                      + " on the simulator, which stopped it at "
                      + e.getMessage(),
                  e);
            }
            lastStats = new LaunchStats(System.nanoTime() - start, c.total(), c.byOpcode());
            ok = true;
          } finally {
            p.finish(ok);
          }
        };
    if (launch.stream().isPresent()) {
      own(launch.stream().get()).submit(work);
    } else {
      work.run();
    }
  }

  private static void checkBounds(KernelEntry entry, int[] block) {
    int[] max = entry.maxThreads();
    if (max != null && (long) block[0] * block[1] * block[2] > (long) max[0] * max[1] * max[2]) {
      throw new IllegalArgumentException(
          "a block of "
              + block[0]
              + "x"
              + block[1]
              + "x"
              + block[2]
              + " threads exceeds .maxntid "
              + max[0]
              + ", "
              + max[1]
              + ", "
              + max[2]
              + " of entry "
              + entry.name());
    }
  }

  @Override
  protected DeviceArray upload(Object hostArray) {
    ensureOpen();
    Class<?> type = hostArray.getClass().getComponentType();
    SimDeviceArray d = allocateArray(type, Array.getLength(hostArray));
    d.copyFrom(hostArray);
    return d;
  }

  @Override
  public DeviceArray allocate(Class<?> elementType, int n) {
    ensureOpen();
    checkArrayShape(elementType, n);
    try {
      return allocateArray(elementType, n);
    } catch (OutOfMemoryError e) {
      throw outOfMemory("allocating a DeviceArray of " + elementType + "[" + n + "]", e);
    }
  }

  private SimDeviceArray allocateArray(Class<?> type, int n) {
    Region r =
        memory.allocate(
            (long) n * HostArrayBytes.elementSize(type), "DeviceArray " + type + "[" + n + "]");
    return new SimDeviceArray(this, type, n, r);
  }

  SimDeviceArray own(DeviceArray array) {
    if (!(array instanceof SimDeviceArray s) || s.device() != this) {
      throw new IllegalArgumentException(array + " belongs to another device");
    }
    return s;
  }

  WorkQueueStream own(Stream stream) {
    if (!(stream instanceof WorkQueueStream s) || s.owner() != this) {
      throw new IllegalArgumentException(stream + " belongs to another device");
    }
    return s;
  }

  @Override
  public Stream newStream() {
    ensureOpen();
    var s =
        new WorkQueueStream(this, "jptx-sim-stream-" + STREAMS.incrementAndGet(), streams::remove);
    streams.add(s);
    return s;
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
    return new DeviceInfo(
        "jptx PTX simulator", 9, 0, 1, GlobalMemory.CAPACITY, maxSharedMemoryPerBlock());
  }

  @Override
  public PtxModule loadPtx(String ptxText) {
    ensureOpen();
    Program program = Decoder.decode(PtxParser.parse(ptxText), memory);
    return new SimModule(this, program);
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the simulator device is closed");
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    for (WorkQueueStream s : streams) {
      s.close();
    }
    closed = true;
  }

  @Override
  public String toString() {
    return "SimDevice";
  }
}
