package dev.jptx.gpureport;

import dev.jptx.bench.suite.BenchCases;
import dev.jptx.bench.suite.BenchScale;
import dev.jptx.bench.suite.Contraction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark suite: each of the 22 kernels from jptx's PTX and from nvcc's PTX of its CUDA twin,
 * both through the raw-module path, on the same inputs ({@link BenchScale#LARGE} on a GPU), checked
 * as the suite's README says, and timed: the median of 20 launches after 3 warm-up launches, on
 * device-resident arrays. A kernel of several launches (bitonicStep's sort) reports the sum of its
 * launches' medians. Strict modules are compared with {@code nvcc --fmad=false}, fastMath ones with
 * {@code nvcc --use_fast_math}; sm_90 and sm_75 modules both run on the device.
 */
final class BenchSection implements Section {
  static final List<String> MODES = List.of("strict", "fast");

  @Override
  public String title() {
    return "Benchmarks: jptx against nvcc";
  }

  @Override
  public String key() {
    return "bench";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(context.simMode() ? 60 : 100);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    BenchScale scale = context.simMode() ? BenchScale.SMALL : BenchScale.LARGE;
    Timer timer = context.simMode() ? new Timer(0, 3) : new Timer(3, 20);
    out.linef(
        "Inputs at scale %s; times are medians of %s launches in µs; ratio = jptx / nvcc (below 1:"
            + " jptx is faster). Checks: `ok` when the outputs meet the suite's check.",
        scale, context.simMode() ? "3" : "20");
    out.line("");
    out.line(
        "| kernel | target | mode | jptx µs | nvcc µs | jptx/nvcc | jptx check | nvcc check |");
    out.line("|---|---|---|---|---|---|---|---|");
    Map<String, SuiteModules> modules = new LinkedHashMap<>();
    Map<String, List<Double>> ratios = new LinkedHashMap<>();
    try {
      for (BenchCases.Case c : BenchCases.ALL) {
        Map<String, Object> memo = new HashMap<>();
        for (String target : Bundle.TARGETS) {
          for (String mode : MODES) {
            long[] nanos = new long[2];
            String[] checks = new String[2];
            for (SuiteModules.Compiler compiler : SuiteModules.Compiler.values()) {
              SuiteModules m =
                  modules.computeIfAbsent(
                      compiler + "/" + target + "/" + mode,
                      k ->
                          SuiteModules.of(
                              context.device(), context.bundle(), compiler, target, mode));
              int i = compiler.ordinal();
              long[] total = {0};
              BenchCases.Launcher launcher =
                  (entry, launch, args) -> {
                    m.launch(entry, launch, args);
                    total[0] += timer.medianNanos(context.device(), m, entry, launch, args);
                    return 0;
                  };
              String label =
                  compiler.name().toLowerCase(java.util.Locale.ROOT) + "/" + target + "/" + mode;
              Contraction contraction =
                  mode.equals("strict") ? Contraction.UNFUSED : Contraction.FUSED;
              checks[i] =
                  check(c, new BenchCases.Run(launcher, contraction, label, scale, memo), out);
              nanos[i] = total[0];
            }
            double ratio = nanos[1] > 0 && nanos[0] > 0 ? (double) nanos[0] / nanos[1] : Double.NaN;
            if (!Double.isNaN(ratio)) {
              ratios.computeIfAbsent(target + " " + mode, k -> new ArrayList<>()).add(ratio);
            }
            out.linef(
                "| %s | %s | %s | %.1f | %.1f | %.3f | %s | %s |",
                c.kernel(),
                target,
                mode,
                nanos[0] / 1e3,
                nanos[1] / 1e3,
                ratio,
                checks[0],
                checks[1]);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("kernel", c.kernel());
            row.put("target", target);
            row.put("mode", mode);
            row.put("jptxMicros", nanos[0] / 1e3);
            row.put("nvccMicros", nanos[1] / 1e3);
            row.put("ratio", ratio);
            row.put("jptxCheck", checks[0]);
            row.put("nvccCheck", checks[1]);
            out.add("rows", row);
          }
        }
      }
    } finally {
      modules.values().forEach(SuiteModules::close);
    }
    out.line("");
    Map<String, Object> geomeans = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> e : ratios.entrySet()) {
      double log = 0;
      for (double r : e.getValue()) {
        log += Math.log(r);
      }
      double g = Math.exp(log / e.getValue().size());
      geomeans.put(e.getKey(), g);
      out.linef(
          "- geomean jptx/nvcc, %s: **%.3f** over %d kernels", e.getKey(), g, e.getValue().size());
    }
    out.put("geomeans", geomeans);
  }

  /** Runs {@code c}; {@code ok}, or what went wrong (also recorded as a failure). */
  static String check(BenchCases.Case c, BenchCases.Run run, SectionResult out) {
    try {
      c.body().accept(run);
      return "ok";
    } catch (AssertionError e) {
      out.fail(firstLine(e.getMessage()));
      return "MISMATCH";
    } catch (RuntimeException e) {
      out.fail(c.kernel() + ": " + e);
      return "ERROR";
    }
  }

  static String firstLine(String s) {
    if (s == null) {
      return "(no message)";
    }
    int nl = s.indexOf('\n');
    String first = nl < 0 ? s : s.substring(0, nl);
    return first.length() > 400 ? first.substring(0, 400) + "..." : first;
  }
}
