package dev.jptx.bench.scaling;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.PassStatistics;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.target.SmTargets;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The compile-time scaling benchmark (issue #20): for each {@link KernelShape} and size (bytecode
 * instructions), compiles of the generated class through the whole pipeline for {@code sm_90} at
 * {@code -O3}, printing CPU time, time per 1k instructions, bytes allocated and the heap's peak. A
 * small kernel compiles in milliseconds, where one sample is mostly noise (a collection, a method
 * the JIT has not compiled yet): each size is compiled about 20,000 instructions' worth of times
 * (20 at 1k, once at 20k and above) after ten warm-up compiles of every shape, and the median run
 * is reported. Sizes and shapes may be narrowed with {@code -Dscaling.sizes=1000,5000} and {@code
 * -Dscaling.shapes=LOOPS}; {@code -Dscaling.opt=1} compiles at another level; {@code
 * -Dscaling.passes=true} prints the six slowest passes of each reported compile ({@code
 * -Dscaling.top=N}: N).
 *
 * <pre>
 * ./mvnw -B -o -P scaling verify -pl benchmarks
 * </pre>
 */
public final class CompileScaling {
  /** Compiles of each shape before any is measured. */
  private static final int WARM_UP = 10;

  /** Each size is compiled this many instructions' worth of times, at least once. */
  private static final int MEASURED_INSTRUCTIONS = 20_000;

  private CompileScaling() {}

  /** One measured compile. */
  record Figures(
      KernelShape shape,
      int instructions,
      double cpuSeconds,
      long allocatedBytes,
      long peakHeap,
      String slowestPasses) {
    double secondsPerThousand() {
      return cpuSeconds / (instructions / 1000.0);
    }
  }

  public static void main(String[] args) throws IOException {
    List<Integer> sizes = ints(System.getProperty("scaling.sizes", "1000,5000,20000,50000"));
    List<KernelShape> shapes = new ArrayList<>();
    for (String s :
        System.getProperty("scaling.shapes", "STRAIGHT,IF_ELSE,LOOPS,CALLS").split(",")) {
      shapes.add(KernelShape.valueOf(s.strip()));
    }
    int opt = Integer.getInteger("scaling.opt", 3);
    Path dir = Files.createTempDirectory("jptx-scaling");
    // warm the JIT on small kernels of every shape first
    for (KernelShape s : shapes) {
      GeneratedKernel warm = GeneratedKernel.sized(s, 1000, dir.resolve("warm-" + s));
      for (int k = 0; k < WARM_UP; k++) {
        compile(warm, opt);
      }
    }
    System.out.println(
        "| shape | bytecode instructions | runs | CPU s | s per 1k instructions | allocated MB"
            + " | peak heap MB |");
    System.out.println("|---|---|---|---|---|---|---|");
    for (KernelShape s : shapes) {
      for (int size : sizes) {
        GeneratedKernel k = GeneratedKernel.sized(s, size, dir.resolve(s + "-" + size));
        int runs = Math.max(1, MEASURED_INSTRUCTIONS / size);
        List<Figures> all = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
          all.add(compile(k, opt));
        }
        all.sort(Comparator.comparingDouble(Figures::cpuSeconds));
        Figures f = all.get(all.size() / 2);
        long peak = all.stream().mapToLong(Figures::peakHeap).max().orElse(0);
        if (Boolean.getBoolean("scaling.passes")) {
          System.out.print(f.slowestPasses());
        }
        System.out.printf(
            Locale.ROOT,
            "| %s | %d | %d | %.3f | %.4f | %d | %d |%n",
            s.name().toLowerCase(Locale.ROOT),
            f.instructions(),
            runs,
            f.cpuSeconds(),
            f.secondsPerThousand(),
            f.allocatedBytes() >> 20,
            peak >> 20);
      }
    }
    if (sizes.contains(1000) || System.getProperty("scaling.math") != null) {
      GeneratedKernel math = GeneratedKernel.of(KernelShape.MATH_CALLS, 150, dir.resolve("math"));
      Figures f = compile(math, opt);
      System.out.printf(
          Locale.ROOT,
          "%n150 inlined GpuMath calls in one kernel at -O%d: %.2f s CPU, %d MB allocated%n",
          opt,
          f.cpuSeconds(),
          f.allocatedBytes() >> 20);
    }
  }

  /** Compiles {@code k} once, measuring this thread's CPU time and allocation and the heap peak. */
  static Figures compile(GeneratedKernel k, int opt) {
    CompilerOptions o =
        CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_90"))).withOptLevel(opt);
    System.gc();
    List<MemoryPoolMXBean> heap = new ArrayList<>();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
        heap.add(p);
      }
    }
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long cpu0 = threads.getThreadCpuTime(id);
    long alloc0 = threads.getThreadAllocatedBytes(id);
    Diagnostics d = new Diagnostics();
    PassStatistics stats = new PassStatistics();
    try (ClassPath cp = new ClassPath(List.of(k.classes()))) {
      var result = new Pipeline(o, DumpSink.NONE).withStatistics(stats).compile(k.node(), cp, d);
      if (d.hasErrors() || result.modules().isEmpty()) {
        throw new IllegalStateException(k.shape() + ": " + d.all());
      }
    }
    long cpu = threads.getThreadCpuTime(id) - cpu0;
    long alloc = threads.getThreadAllocatedBytes(id) - alloc0;
    long peak = 0;
    for (MemoryPoolMXBean p : heap) {
      peak += p.getPeakUsage().getUsed();
    }
    StringBuilder passes = new StringBuilder();
    stats.times().entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(Integer.getInteger("scaling.top", 6))
        .forEach(
            e ->
                passes.append(
                    String.format(
                        Locale.ROOT, "    %-24s %.2f s%n", e.getKey(), e.getValue() / 1e9)));
    return new Figures(k.shape(), k.instructions(), cpu / 1e9, alloc, peak, passes.toString());
  }

  private static List<Integer> ints(String csv) {
    List<Integer> out = new ArrayList<>();
    for (String s : csv.split(",")) {
      out.add(Integer.parseInt(s.strip()));
    }
    return out;
  }
}
