package dev.jptx.bench.quality;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The quality report (issue #7): jptx's 22 bench kernels against nvcc's, for one target, strict
 * against {@code nvcc --fmad=false} and {@code fastMath} against {@code nvcc --use_fast_math}:
 * ptxas's figures through {@link PtxReport} (our {@code ptx-report --compare}) and dynamic
 * thread-instruction counts on the simulator for the same cases. Rewrites the generated section of
 * {@code docs/quality.md}.
 *
 * <p>Run by {@code ./mvnw -B -o -P quality verify -pl benchmarks} (the profile calls {@link #main}
 * with the test classpath); it is a report, not a test, so it is not part of the default build.
 * Arguments: {@code --classes=DIR} (the kernel classes), {@code --work=DIR} (scratch), {@code
 * --out=FILE}, {@code --root=DIR} (the checkout: nvcc's source is its {@value #KERNELS_CU}, and the
 * report names its commit), and optionally {@code --arch=sm_90}.
 */
public final class QualityReport {
  /** The CUDA twins of the bench kernels, relative to the checkout. */
  static final String KERNELS_CU = "benchmarks/cuda/kernels.cu";

  private QualityReport() {}

  /**
   * Makes the report.
   *
   * @param args {@code --name=value} pairs, see the class comment
   */
  public static void main(String[] args) {
    Map<String, String> a = arguments(args);
    Path work = Path.of(a.get("work")).toAbsolutePath();
    Path root = Path.of(a.get("root")).toAbsolutePath().normalize();
    Path out = Path.of(a.get("out")).toAbsolutePath();
    String arch = a.getOrDefault("arch", "sm_90");
    Inputs in =
        new Inputs(
            Path.of(a.get("classes")).toAbsolutePath(), work, root.resolve(KERNELS_CU), arch);
    clean(work);
    List<ModeResult> results = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      results.add(run(in, mode));
    }
    Provenance provenance =
        new Provenance(
            LocalDate.now(ZoneOffset.UTC),
            arch,
            NvccSuite.version(work),
            Commands.lastLines(Commands.run(work, List.of("ptxas", "--version")), 2),
            commit(root));
    write(out, QualityMarkdown.render(provenance, results));
    for (ModeResult r : results) {
      System.out.printf(
          "quality %s: sassNP geomean %s, dynamic-instruction geomean %s%n",
          r.mode().label(),
          Ratios.format(r.ptx().geomean("sassNP")),
          Ratios.format(r.dynamic().geomean()));
    }
    System.out.println("quality report written to " + out);
  }

  /** Where things are: the kernel classes, the scratch directory, nvcc's source. */
  private record Inputs(Path classes, Path work, Path kernelsCu, String arch) {}

  private static ModeResult run(Inputs in, Mode mode) {
    String ours = "jptx-" + mode.label() + "/META-INF/jptx";
    String theirs = "nvcc-" + mode.label() + "/kernels.ptx";
    JptxSuite.Compiled jptx =
        JptxSuite.compile(
            in.classes(), in.work().resolve("jptx-" + mode.label()), in.arch(), mode, List.of());
    Path jptxRoot = jptx.root();
    JptxSuite.Compiled withoutPressurePasses =
        JptxSuite.compile(
            in.classes(),
            in.work().resolve("jptx-" + mode.label() + "-no-pressure-passes"),
            in.arch(),
            mode,
            PressurePasses.OFF);
    Path nvccPtx = NvccSuite.compile(in.kernelsCu(), in.work().resolve(theirs), in.arch(), mode);
    String markdown = PtxReport.compare(in.work(), in.arch(), ours, theirs);
    DynamicComparison dynamic =
        DynamicComparison.of(
            SimulatorCounts.jptx(jptxRoot, mode), SimulatorCounts.nvcc(nvccPtx, mode));
    return new ModeResult(
        mode,
        NvccSuite.command(in.work().relativize(in.kernelsCu()), Path.of(theirs), in.arch(), mode),
        PtxReport.command("ptx-report", in.arch(), ours, theirs),
        markdown,
        PtxComparison.parse(markdown),
        dynamic,
        PressurePasses.rows(jptx.registers(), withoutPressurePasses.registers()),
        LoopVariants.measure(in.classes(), in.work(), in.arch(), mode, jptxRoot));
  }

  private static Map<String, String> arguments(String[] args) {
    return arguments(args, List.of("classes", "work", "out", "root"));
  }

  /**
   * The {@code --name=value} pairs of {@code args}.
   *
   * @throws IllegalArgumentException for another argument, or one of {@code required} missing
   */
  static Map<String, String> arguments(String[] args, List<String> required) {
    Map<String, String> a = new HashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException("expected --name=value, not " + arg);
      }
      a.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
    for (String r : required) {
      if (!a.containsKey(r)) {
        throw new IllegalArgumentException("missing --" + r + "=...");
      }
    }
    return a;
  }

  static String commit(Path root) {
    try {
      return Commands.run(root, List.of("git", "describe", "--always", "--dirty")).strip();
    } catch (IllegalStateException | UncheckedIOException e) {
      return "unknown";
    }
  }

  /** Empties the scratch directory, so that no module of an earlier run is compared. */
  static void clean(Path work) {
    try {
      if (Files.exists(work)) {
        try (Stream<Path> files = Files.walk(work)) {
          for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
      Files.createDirectories(work);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path out, String generated) {
    try {
      String document = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
      Files.createDirectories(out.getParent());
      Files.writeString(out, GeneratedSection.splice(document, generated), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
