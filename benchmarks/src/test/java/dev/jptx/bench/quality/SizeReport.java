package dev.jptx.bench.quality;

import dev.jptx.bench.KernelClasses;
import dev.jptx.bench.suite.BenchCaseCounts.Count;
import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Issue #23's size report: the size corpus ({@link SizeCorpus}) and the benchmark suite built four
 * times ({@link SizeConfig}), each module's PTX and SASS size, registers, ptxas time and dynamic
 * thread-instructions on {@code sim}; the corpus kernels' results must be bit for bit the same in
 * every build. Rewrites its own generated section of {@code docs/quality.md}.
 *
 * <p>Run by {@code ./mvnw -B -o -P size verify -pl benchmarks} (needs {@code ptxas}); a report, not
 * a test. Arguments: {@code --classes=DIR} (the benchmark kernels), {@code --corpus=DIR} (the test
 * classes, holding {@value SizeCorpus#PACKAGE}), {@code --work=DIR}, {@code --out=FILE}, {@code
 * --root=DIR} (the checkout, for its commit), optionally {@code --arch=sm_90}.
 */
public final class SizeReport {
  static final String BEGIN =
      "<!-- BEGIN GENERATED: SizeReport rewrites everything down to its END marker -->";
  static final String END = "<!-- END GENERATED: SizeReport -->";

  private SizeReport() {}

  /**
   * Makes the report.
   *
   * @param args {@code --name=value} pairs, see the class comment
   */
  public static void main(String[] args) {
    Map<String, String> a =
        QualityReport.arguments(args, List.of("classes", "corpus", "work", "out", "root"));
    Path work = Path.of(a.get("work")).toAbsolutePath();
    Path root = Path.of(a.get("root")).toAbsolutePath().normalize();
    Path out = Path.of(a.get("out")).toAbsolutePath();
    String arch = a.getOrDefault("arch", "sm_90");
    QualityReport.clean(work);
    List<SizeCorpus.Input> inputs =
        new ArrayList<>(SizeCorpus.prepare(Path.of(a.get("corpus")).toAbsolutePath(), work));
    List<SizeRow> rows = new ArrayList<>();
    for (SizeCorpus.Input in : inputs) {
      rows.addAll(corpus(in, work, arch));
    }
    Path classes = Path.of(a.get("classes")).toAbsolutePath();
    Map<SizeConfig, List<Count>> counts = new EnumMap<>(SizeConfig.class);
    Map<SizeConfig, Map<String, SizeFigures>> bench = new EnumMap<>(SizeConfig.class);
    for (SizeConfig c : SizeConfig.values()) {
      Path built = build(classes, work.resolve(c.directory() + "/benchmarks"), c, arch);
      List<Count> cs = SimulatorCounts.jptx(built, Mode.STRICT);
      for (Count k : cs) {
        if (k.failure() != null) {
          throw new IllegalStateException(k.kernel() + " (" + c.label() + "): " + k.failure());
        }
      }
      counts.put(c, cs);
      Map<String, Long> dynamic = new TreeMap<>();
      for (Count k : cs) {
        dynamic.merge(KernelClasses.declaring(k.kernel()).getName(), k.instructions(), Long::sum);
      }
      bench.put(c, figures(work, built, arch, dynamic, null));
    }
    for (String module : bench.get(SizeConfig.O3).keySet()) {
      Map<SizeConfig, SizeFigures> f = new EnumMap<>(SizeConfig.class);
      bench.forEach((c, m) -> f.put(c, m.get(module)));
      rows.add(new SizeRow(module, false, f));
    }
    List<SizeMarkdown.KernelDynamic> kernels = new ArrayList<>();
    for (int k = 0; k < counts.get(SizeConfig.O3).size(); k++) {
      kernels.add(
          new SizeMarkdown.KernelDynamic(
              counts.get(SizeConfig.O3).get(k).kernel(),
              counts.get(SizeConfig.O3).get(k).instructions(),
              counts.get(SizeConfig.O3_OUTLINED).get(k).instructions()));
    }
    String header =
        "_Generated on "
            + LocalDate.now(ZoneOffset.UTC)
            + " (UTC) by `./mvnw -B -o -P size verify -pl benchmarks`, target "
            + arch
            + ", "
            + Commands.lastLines(Commands.run(work, List.of("ptxas", "--version")), 2)
                .replace('\n', ' ')
            + ", jptx commit `"
            + QualityReport.commit(root)
            + "`._";
    String text = SizeMarkdown.render(header, rows, kernels);
    write(out, text);
    System.out.printf(
        "size: corpus PTX at -Os, outliner on/off, geomean %s; SASS %s%n",
        Ratios.format(
            SizeMarkdown.geomean(
                rows.stream().filter(SizeRow::corpus).toList(),
                SizeConfig.OS,
                SizeConfig.OS_PLAIN,
                0)),
        Ratios.format(
            SizeMarkdown.geomean(
                rows.stream().filter(SizeRow::corpus).toList(),
                SizeConfig.OS,
                SizeConfig.OS_PLAIN,
                1)));
    System.out.println("size report written to " + out);
  }

  /** Builds one corpus input four times, runs its kernels, and checks their results agree. */
  private static List<SizeRow> corpus(SizeCorpus.Input in, Path work, String arch) {
    Map<SizeConfig, Map<String, SizeFigures>> byConfig = new EnumMap<>(SizeConfig.class);
    Map<String, Object[]> reference = new LinkedHashMap<>();
    String dir = in.label() == null ? "corpus" : in.label();
    for (SizeConfig c : SizeConfig.values()) {
      Path built = build(in.classes(), work.resolve(c.directory() + "/" + dir), c, arch);
      Map<String, Long> dynamic = new TreeMap<>();
      try (Device sim = SimDevice.withModuleRoots(List.of(built))) {
        for (String module : modules(built, arch)) {
          Class<?> k = load(in.loader(), module);
          for (Method m : SizeCorpus.kernels(k)) {
            Object[] results = SizeCorpus.launch(sim, m);
            dynamic.merge(module, sim.lastLaunchStats().instructions(), Long::sum);
            Object[] before = reference.putIfAbsent(module + "#" + m.getName(), results);
            if (before != null && !Arrays.deepEquals(before, results)) {
              throw new IllegalStateException(
                  module + "#" + m.getName() + ": results of " + c.label() + " differ from -O3's");
            }
          }
        }
      }
      byConfig.put(c, figures(work, built, arch, dynamic, in.label()));
    }
    List<SizeRow> rows = new ArrayList<>();
    for (String module : byConfig.get(SizeConfig.O3).keySet()) {
      Map<SizeConfig, SizeFigures> f = new EnumMap<>(SizeConfig.class);
      byConfig.forEach((c, m) -> f.put(c, m.get(module)));
      rows.add(new SizeRow(module, true, f));
    }
    return rows;
  }

  private static Path build(Path classes, Path out, SizeConfig c, String arch) {
    BuildReport report =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), out, c.options(arch), ValidationMode.TRUE, null),
            DumpSink.NONE);
    if (report.failed()) {
      throw new IllegalStateException(
          "building "
              + classes
              + " ("
              + c.label()
              + ") failed: "
              + report.diagnostics()
              + report.internalErrors());
    }
    return out;
  }

  /** The modules (class names) built under {@code root} for {@code arch}. */
  private static List<String> modules(Path root, String arch) {
    Path base = root.resolve("META-INF/jptx");
    List<String> found = new ArrayList<>();
    for (String m : PtxReport.modules(base, base.toString(), arch)) {
      String rel = base.relativize(Path.of(m).getParent()).toString();
      found.add(rel.replace('/', '.'));
    }
    return found;
  }

  private static Class<?> load(ClassLoader loader, String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Each module's figures under {@code root}, named by its class's simple name or by {@code label};
   * {@code dynamic} is keyed alike.
   */
  private static Map<String, SizeFigures> figures(
      Path work, Path root, String arch, Map<String, Long> dynamic, String label) {
    String input = work.relativize(root.resolve("META-INF/jptx")).toString();
    Map<String, long[]> sums = new LinkedHashMap<>();
    for (KernelFigures k : PtxReport.suite(work, input, arch, List.of("-c"))) {
      long[] s = sums.computeIfAbsent(k.file(), f -> new long[3]);
      s[0] += value(k.figure(PtxMetric.PTX));
      s[1] += value(k.figure(PtxMetric.SASS_NP));
      if (k.entry()) {
        s[2] = Math.max(s[2], value(k.figure(PtxMetric.REGS)));
      }
    }
    Map<String, SizeFigures> out = new TreeMap<>();
    for (Map.Entry<String, long[]> e : sums.entrySet()) {
      Path ptx = work.resolve(e.getKey());
      String className = work.resolve(input).relativize(ptx.getParent()).toString();
      String simple = className.substring(className.lastIndexOf('/') + 1);
      String name = label != null ? label : simple;
      long d = dynamic.getOrDefault(className.replace('/', '.'), 0L);
      long[] s = e.getValue();
      out.put(name, new SizeFigures(s[0], s[1], s[2], ptxasMillis(work, ptx, arch), d));
    }
    return out;
  }

  private static long value(Long v) {
    return v == null ? 0 : v;
  }

  /** ptxas's wall time for {@code ptx}, relocatable, the median of three runs. */
  private static double ptxasMillis(Path work, Path ptx, String arch) {
    double[] t = new double[3];
    Path cubin = work.resolve("timing.cubin");
    for (int k = 0; k < t.length; k++) {
      long start = System.nanoTime();
      Commands.run(
          work, List.of("ptxas", "-arch=" + arch, "-c", ptx.toString(), "-o", cubin.toString()));
      t[k] = (System.nanoTime() - start) / 1e6;
    }
    Arrays.sort(t);
    return t[1];
  }

  private static void write(Path out, String generated) {
    try {
      String document = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
      Files.writeString(
          out, GeneratedSection.splice(document, generated, BEGIN, END), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
