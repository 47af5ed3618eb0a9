package dev.jptx.gpureport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every sample's {@code main} in a JVM of its own, as a user runs it: on {@code Device.best()} (the
 * GPU) against the JVM device, at its default size and at a large one, and once more with the sm_75
 * modules forced ({@code -Djptx.cuda.target=sm_75}). A sample passes when it prints {@code
 * verified} and exits 0; its timing lines (wall time and the kernels' CUDA-event time) are copied
 * into the report.
 */
final class SamplesSection implements Section {
  /** A sample: its main class, a size for the simulator mode, and the large size. */
  record Sample(String name, String mainClass, String small, String large) {}

  /**
   * The large sizes are as large as the JVM device, which checks each run, finishes in about ten
   * seconds on 16 cores: where blocks synchronise (reduction, matmul, histogram, scan) each barrier
   * hands over between Java threads, so those stay at 8 to 16 times their default.
   */
  static final List<Sample> SAMPLES =
      List.of(
          sample("saxpy", "4096", "4194304"),
          sample("reduction", "4096", "262144"),
          sample("matmul", "32", "256"),
          sample("nbody", "64", "2048"),
          sample("histogram", "4096", "4194304"),
          sample("blackscholes", "1024", "1048576"),
          sample("half2", "4096", "8388608"),
          sample("bitonic", "1024", "262144"),
          sample("scan", "4096", "262144"),
          sample("mandelbrot", "64", "1280"));

  private static final Duration PER_RUN = Duration.ofSeconds(30);

  private static Sample sample(String name, String small, String large) {
    return new Sample(name, "dev.jptx.samples." + name + ".Main", small, large);
  }

  @Override
  public String title() {
    return "Samples";
  }

  @Override
  public String key() {
    return "samples";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(context.simMode() ? 60 : 70);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    out.line(
        "Each sample's `main` in its own JVM on `Device.best()`, checked against the JVM device"
            + " by the sample itself; the timing lines are the sample's own (wall time, and the kernels'"
            + " time from CUDA events).");
    out.line("");
    out.line("| sample | size | target | result | seconds | timing |");
    out.line("|---|---|---|---|---|---|");
    // the samples' own files (mandelbrot's pictures) stay out of the report's folder
    Path work = Files.createTempDirectory("jptx-samples");
    List<String[]> runs = new ArrayList<>();
    for (Sample s : SAMPLES) {
      if (context.simMode()) {
        runs.add(new String[] {s.name(), s.small(), ""});
      } else {
        runs.add(new String[] {s.name(), "", ""});
      }
    }
    if (!context.simMode()) {
      // the large sizes last: if the budget runs out, it cuts those
      for (Sample s : SAMPLES) {
        runs.add(new String[] {s.name(), "", "sm_75"});
      }
      for (Sample s : SAMPLES) {
        runs.add(new String[] {s.name(), s.large(), ""});
      }
    }
    for (String[] r : runs) {
      Sample s = SAMPLES.stream().filter(x -> x.name().equals(r[0])).findFirst().orElseThrow();
      runOne(context, out, work, s, r[1], r[2]);
    }
  }

  private static void runOne(
      ReportContext context, SectionResult out, Path work, Sample s, String size, String target)
      throws Exception {
    List<String> jvm = new ArrayList<>(List.of("-Xmx16g"));
    if (!target.isEmpty()) {
      jvm.add("-Djptx.cuda.target=" + target);
    }
    List<String> args = new ArrayList<>();
    if (!size.isEmpty()) {
      args.add(size);
    }
    if (s.name().equals("mandelbrot")) {
      if (args.isEmpty()) {
        args.add("");
      }
      args.add(
          work.resolve("mandelbrot-" + (size.isEmpty() ? "default" : size) + ".png").toString());
    }
    Processes.Outcome o =
        Processes.run(
            Processes.java(context.bundle(), jvm, s.mainClass(), args.toArray(String[]::new)),
            work,
            PER_RUN);
    boolean verified =
        o.exitCode() == 0 && o.output().lines().anyMatch(l -> l.strip().equals("verified"));
    String result =
        o.timedOut() ? "timed out" : verified ? "verified" : "FAILED (exit " + o.exitCode() + ")";
    List<String> timing =
        o.output().lines().filter(l -> l.contains(" ms")).map(String::strip).toList();
    out.linef(
        "| %s | %s | %s | %s | %.1f | %s |",
        s.name(),
        size.isEmpty() ? "default" : size,
        target.isEmpty() ? "best" : target,
        result,
        o.millis() / 1000.0,
        String.join("<br>", timing).replace("|", "\\|"));
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("sample", s.name());
    row.put("size", size.isEmpty() ? "default" : size);
    row.put("target", target.isEmpty() ? "best" : target);
    row.put("result", result);
    row.put("seconds", o.millis() / 1000.0);
    row.put("timing", timing);
    out.add("runs", row);
    if (!verified) {
      out.fail(
          "sample "
              + s.name()
              + " "
              + row.get("size")
              + " "
              + row.get("target")
              + ": "
              + result
              + "\n"
              + Processes.tail(o.output(), 15));
    }
  }
}
