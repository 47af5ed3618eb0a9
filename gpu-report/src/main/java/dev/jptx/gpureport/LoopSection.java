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
 * Issue #22's loop transformations on the hardware: each bench kernel from jptx's default strict
 * sm_90 build, and from the builds with the software pipeliner (off by default) switched on and
 * with runtime and partial unrolling (on by default) switched off. Timed as {@link BenchSection}
 * times them. A ratio below 1 means the variant is faster; the knobs' defaults are to follow these
 * figures.
 */
final class LoopSection implements Section {
  /** The builds besides the default one: bundle folder, and the knob that makes it. */
  static final Map<String, String> VARIANTS = variants();

  private static final String TARGET = "sm_90";

  private static Map<String, String> variants() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("pipeliner-on", "enable-pipeliner=true");
    v.put("unroll-runtime-off", "disable-unroll-runtime=true");
    return java.util.Collections.unmodifiableMap(v);
  }

  @Override
  public String title() {
    return "Loop transformations on and off";
  }

  @Override
  public String key() {
    return "loops";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(context.simMode() ? 40 : 45);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    BenchScale scale = context.simMode() ? BenchScale.SMALL : BenchScale.LARGE;
    Timer timer = context.simMode() ? new Timer(0, 1) : new Timer(2, 10);
    List<String> builds = new ArrayList<>(List.of("default"));
    builds.addAll(VARIANTS.keySet());
    out.linef(
        "jptx's strict %s modules, inputs at scale %s, medians of %s launches in µs; the default"
            + " build and the builds with %s. Ratio = variant / default: below 1 the variant is"
            + " faster.",
        TARGET,
        scale,
        context.simMode() ? "1" : "10",
        String.join(", ", VARIANTS.values().stream().map(k -> "`" + k + "`").toList()));
    out.line("");
    StringBuilder head = new StringBuilder("| kernel |");
    StringBuilder rule = new StringBuilder("|---|");
    for (String b : builds) {
      head.append(' ').append(b).append(" µs |");
      rule.append("---|");
    }
    for (String v : VARIANTS.keySet()) {
      head.append(' ').append(v).append(" / default |");
      rule.append("---|");
    }
    out.line(head.append(" checks |").toString());
    out.line(rule.append("---|").toString());
    Map<String, SuiteModules> modules = new LinkedHashMap<>();
    Map<String, List<Double>> ratios = new LinkedHashMap<>();
    try {
      for (BenchCases.Case c : BenchCases.ALL) {
        Map<String, Object> memo = new HashMap<>();
        double[] micros = new double[builds.size()];
        List<String> checks = new ArrayList<>();
        for (int b = 0; b < builds.size(); b++) {
          String build = builds.get(b);
          SuiteModules m =
              modules.computeIfAbsent(
                  build,
                  k ->
                      SuiteModules.jptx(
                          context.device(),
                          k.equals("default")
                              ? context.bundle().jptxModules("strict")
                              : context.bundle().jptxVariantModules(k),
                          TARGET));
          long[] total = {0};
          BenchCases.Launcher launcher =
              (entry, launch, args) -> {
                m.launch(entry, launch, args);
                total[0] += timer.medianNanos(context.device(), m, entry, launch, args);
                return 0;
              };
          String check =
              BenchSection.check(
                  c,
                  new BenchCases.Run(launcher, Contraction.UNFUSED, "jptx/" + build, scale, memo),
                  out);
          if (!check.equals("ok")) {
            checks.add(build + " " + check);
          }
          micros[b] = total[0] / 1e3;
        }
        StringBuilder row = new StringBuilder("| ").append(c.kernel()).append(" |");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kernel", c.kernel());
        for (int b = 0; b < builds.size(); b++) {
          row.append(String.format(java.util.Locale.ROOT, " %.1f |", micros[b]));
          json.put(builds.get(b) + "Micros", micros[b]);
        }
        for (int b = 1; b < builds.size(); b++) {
          double ratio = micros[0] > 0 && micros[b] > 0 ? micros[b] / micros[0] : Double.NaN;
          row.append(String.format(java.util.Locale.ROOT, " %.3f |", ratio));
          if (!Double.isNaN(ratio)) {
            ratios.computeIfAbsent(builds.get(b), k -> new ArrayList<>()).add(ratio);
          }
        }
        out.line(
            row.append(' ')
                .append(checks.isEmpty() ? "ok" : String.join(", ", checks))
                .append(" |")
                .toString());
        out.add("rows", json);
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
          "- geomean %s / default: **%.3f** over %d kernels", e.getKey(), g, e.getValue().size());
    }
    out.put("geomeans", geomeans);
  }
}
