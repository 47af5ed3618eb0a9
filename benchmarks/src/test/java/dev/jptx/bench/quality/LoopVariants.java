package dev.jptx.bench.quality;

import dev.jptx.bench.suite.BenchCaseCounts.Count;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Issue #22's measurements of the loop transformations: the bench suite built as by default and
 * again with one of them switched from its default (the software pipeliner, off by default, on;
 * runtime and partial unrolling, on by default, off), each build's ptxas figures (registers,
 * sassNP) and dynamic thread-instructions on {@code sim}.
 */
final class LoopVariants {
  /**
   * A build with knobs changed from the defaults.
   *
   * @param label the column heading
   * @param knobs the knob settings
   */
  record Variant(String label, List<String> knobs) {
    Variant {
      knobs = List.copyOf(knobs);
    }
  }

  /** The builds compared with the default one. */
  static final List<Variant> VARIANTS =
      List.of(
          new Variant("pipeliner on", List.of("enable-pipeliner")),
          new Variant("runtime unrolling off", List.of("disable-unroll-runtime")));

  /**
   * One build's figures for one kernel.
   *
   * @param registers ptxas's registers
   * @param sassNp SASS instructions without padding
   * @param dynamic thread-instructions of its bench case on the simulator
   */
  record Figures(long registers, long sassNp, long dynamic) {}

  /**
   * One kernel's figures in the default build and in each variant, in {@link #VARIANTS}' order.
   *
   * @param kernel the kernel's name
   * @param figures the default build's first
   */
  record Row(String kernel, List<Figures> figures) {
    Row {
      figures = List.copyOf(figures);
    }

    /** True if some variant's figures differ from the default build's. */
    boolean differs() {
      return figures.stream().anyMatch(f -> !f.equals(figures.get(0)));
    }
  }

  private LoopVariants() {}

  /**
   * Builds and measures every variant; the default build's modules are given.
   *
   * @param classes the kernel classes
   * @param work the scratch directory the builds go into
   * @param arch e.g. {@code sm_90}
   * @param mode strict or fastMath
   * @param defaults the default build's modules root ({@code META-INF/jptx} below it)
   * @return one row per kernel, sorted by name
   */
  static List<Row> measure(Path classes, Path work, String arch, Mode mode, Path defaults) {
    List<Map<String, Figures>> builds = new ArrayList<>();
    builds.add(figures(work, defaults, arch, mode));
    for (Variant v : VARIANTS) {
      Path root = work.resolve("jptx-" + mode.label() + "-" + v.label().replace(' ', '-'));
      JptxSuite.compile(classes, root, arch, mode, v.knobs());
      builds.add(figures(work, root, arch, mode));
    }
    return rows(builds);
  }

  /** Joins the builds' figures by kernel; kernels some build lacks are left out. */
  static List<Row> rows(List<Map<String, Figures>> builds) {
    List<Row> rows = new ArrayList<>();
    for (String kernel : new TreeMap<>(builds.get(0)).keySet()) {
      List<Figures> figures = new ArrayList<>();
      for (Map<String, Figures> b : builds) {
        if (b.containsKey(kernel)) {
          figures.add(b.get(kernel));
        }
      }
      if (figures.size() == builds.size()) {
        rows.add(new Row(kernel, figures));
      }
    }
    return rows;
  }

  private static Map<String, Figures> figures(Path work, Path root, String arch, Mode mode) {
    String input = work.relativize(root.resolve("META-INF/jptx")).toString();
    Map<String, long[]> ptxas = new LinkedHashMap<>();
    for (KernelFigures k : PtxReport.suite(work, input, arch, List.of())) {
      if (k.entry()) {
        ptxas.put(k.name(), new long[] {k.figure(PtxMetric.REGS), k.figure(PtxMetric.SASS_NP)});
      }
    }
    Map<String, Figures> figures = new TreeMap<>();
    for (Count c : SimulatorCounts.jptx(root, mode)) {
      long[] p = ptxas.get(c.kernel());
      if (p != null) {
        figures.put(c.kernel(), new Figures(p[0], p[1], c.instructions()));
      }
    }
    return figures;
  }
}
