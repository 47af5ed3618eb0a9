package dev.jptx.gpureport;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.NoDeviceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The GPU report: {@code run OUT [--device cuda|sim] [--fuzz N]}. Runs the sections one after
 * another, each on a worker thread with its own time budget, and rewrites {@code OUT/gpu-report.md}
 * and {@code OUT/gpu-report.json} after each one.
 *
 * <p>Exit status: 0 when every section passed, 1 when a check failed or a section ran out of time,
 * 2 for bad arguments, 3 when the {@code cuda} mode finds no CUDA device (the report then says so).
 */
public final class GpuReport {
  /** The exit status when there is no CUDA device. */
  public static final int NO_DEVICE = 3;

  private static final String USAGE =
      "usage: run OUT [--device cuda|sim] [--fuzz N]\n"
          + "  OUT        the folder that receives gpu-report.md and gpu-report.json\n"
          + "  --device   cuda (default): the GPU; sim: every section on the PTX simulator at"
          + " small sizes\n"
          + "  --fuzz N   run at most N fuzz kernels (default: all; 8 with --device sim)";

  private GpuReport() {}

  /**
   * Runs the report and exits with its status.
   *
   * @param args {@code OUT [--device cuda|sim] [--fuzz N]}
   */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Runs the report.
   *
   * @param args as for {@link #main}
   * @return the exit status
   */
  public static int run(String[] args) {
    Path out = null;
    String device = "cuda";
    int fuzz = -1;
    try {
      java.util.Iterator<String> it = List.of(args).iterator();
      while (it.hasNext()) {
        String arg = it.next();
        switch (arg) {
          case "--device" -> device = value(it, arg);
          case "--fuzz" -> fuzz = Integer.parseInt(value(it, arg));
          case "-h", "--help" -> {
            System.out.println(USAGE);
            return 0;
          }
          default -> {
            if (arg.startsWith("-") || out != null) {
              throw new IllegalArgumentException("unknown argument " + arg);
            }
            out = Path.of(arg);
          }
        }
      }
      if (out == null || !(device.equals("cuda") || device.equals("sim"))) {
        throw new IllegalArgumentException(out == null ? "no OUT folder" : "no device " + device);
      }
    } catch (RuntimeException e) {
      System.err.println("run: " + e.getMessage() + "\n" + USAGE);
      return 2;
    }
    boolean sim = device.equals("sim");
    Bundle bundle = new Bundle(Path.of(System.getProperty("jptx.bundle", ".")).toAbsolutePath());
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      System.err.println("run: cannot create " + out + ": " + e.getMessage());
      return 2;
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    header.put("mode", device);
    header.put("java", System.getProperty("java.vm.name") + " " + Runtime.version());
    header.put("host cores", Runtime.getRuntime().availableProcessors());
    ReportWriter writer = new ReportWriter(out, header);

    Device under;
    if (sim) {
      under = Device.simulator();
    } else {
      try {
        under = Device.open();
      } catch (NoDeviceException e) {
        SectionResult none = new SectionResult();
        none.line("No CUDA device: " + e.getMessage());
        none.put("device", null);
        writer.section(new DeviceSection(), ReportWriter.Status.SKIPPED, none, 0);
        System.err.println("run: no CUDA device: " + e.getMessage());
        return NO_DEVICE;
      }
    }
    int fuzzLimit = fuzz >= 0 ? fuzz : sim ? 8 : Integer.MAX_VALUE;
    ReportContext context = new ReportContext(bundle, out.toAbsolutePath(), under, sim, fuzzLimit);
    List<Section> sections =
        List.of(
            new DeviceSection(),
            new SamplesSection(),
            new BenchSection(),
            new LoopSection(),
            new SimulatorSection(),
            new MathSection(),
            new FuzzSection(),
            new JcudaSection());
    ExecutorService pool =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "gpu-report-section");
              t.setDaemon(true);
              return t;
            });
    try {
      for (Section s : sections) {
        runSection(s, context, writer, pool);
      }
    } finally {
      pool.shutdownNow();
      under.close();
    }
    System.out.println("report: " + out.resolve("gpu-report.md"));
    return writer.allPassed() ? 0 : 1;
  }

  private static String value(java.util.Iterator<String> it, String option) {
    if (!it.hasNext()) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return it.next();
  }

  static void runSection(
      Section section, ReportContext context, ReportWriter writer, ExecutorService pool) {
    SectionResult result = new SectionResult();
    Duration budget = section.budget(context);
    System.out.println("section " + section.key() + " (budget " + budget.toSeconds() + " s)");
    long start = System.nanoTime();
    Future<?> future =
        pool.submit(
            () -> {
              section.run(context, result);
              return null;
            });
    ReportWriter.Status status;
    try {
      future.get(budget.toMillis(), TimeUnit.MILLISECONDS);
      status =
          result.failures().isEmpty() ? ReportWriter.Status.PASSED : ReportWriter.Status.FAILED;
    } catch (TimeoutException e) {
      future.cancel(true);
      result.line("");
      result.line("**Stopped after its budget of " + budget.toSeconds() + " s.**");
      status = ReportWriter.Status.TIMED_OUT;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      result.fail(section.key() + " stopped: " + cause);
      status = ReportWriter.Status.FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      status = ReportWriter.Status.TIMED_OUT;
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    writer.section(section, status, result, millis);
    System.out.printf(
        "section %s: %s in %.1f s%n",
        section.key(), status.name().toLowerCase(java.util.Locale.ROOT), millis / 1000.0);
  }
}
