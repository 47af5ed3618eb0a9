package dev.jptx.gpureport;

import dev.jptx.bench.suite.BenchCases;
import dev.jptx.bench.suite.BenchScale;
import dev.jptx.bench.suite.Contraction;
import dev.jptx.runtime.Device;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator against the hardware: every bench case at {@link BenchScale#SMALL} from the same
 * module on the device and on the PTX simulator, every array after every launch compared. Strict
 * modules (jptx's and {@code nvcc --fmad=false}) must agree bit for bit, with two exceptions that
 * the first GPU run showed, each compared within a tolerance instead and named in the table:
 *
 * <ul>
 *   <li>a kernel whose floating-point atomics add in an unspecified order (warpReduceSum: the
 *       README says so): the hardware's order differs from run to run and from the simulator's;
 *   <li>a kernel whose PTX uses the hardware approximations ({@code rsqrt.approx}, {@code
 *       ex2.approx}, ...: nvcc's {@code rsqrtf} and {@code expf}): the simulator computes them
 *       within the PTX ISA's documented error bounds, not bit for bit as the special function units
 *       do.
 * </ul>
 *
 * <p>FastMath modules are compared within the tolerance too, since {@code ptxas} contracts their
 * separate {@code mul} and {@code add} into FMAs, which the simulator (running the PTX as written)
 * does not. The tolerance: floating-point elements within {@code 1e-4 * max(|a|, |b|) + 1e-5} (the
 * suite's nbody bound), integer arrays with at most 1% of their elements different (mandelbrot's
 * iteration counts near the set's edge).
 */
final class SimulatorSection implements Section {
  /** Cases whose floating-point atomics add in an order the suite leaves unspecified. */
  static final java.util.Set<String> ORDER_FREE = java.util.Set.of("warpReduceSum");

  @Override
  public String title() {
    return "The simulator against the hardware";
  }

  @Override
  public String key() {
    return "simulator";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(20);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    out.line(
        "| compiler | target | mode | kernels | identical | within tolerance (why) | different |");
    out.line("|---|---|---|---|---|---|---|");
    try (Device sim = Device.simulator()) {
      for (String target : Bundle.TARGETS) {
        for (SuiteModules.Compiler compiler : SuiteModules.Compiler.values()) {
          for (String mode : BenchSection.MODES) {
            compare(context, sim, compiler, target, mode, out);
          }
        }
      }
    }
  }

  private static void compare(
      ReportContext context,
      Device sim,
      SuiteModules.Compiler compiler,
      String target,
      String mode,
      SectionResult out) {
    boolean strict = mode.equals("strict");
    Contraction contraction = strict ? Contraction.UNFUSED : Contraction.FUSED;
    int identical = 0;
    List<String> close = new ArrayList<>();
    List<String> different = new ArrayList<>();
    try (SuiteModules onDevice =
            SuiteModules.of(context.device(), context.bundle(), compiler, target, mode);
        SuiteModules onSim = SuiteModules.of(sim, context.bundle(), compiler, target, mode)) {
      for (BenchCases.Case c : BenchCases.ALL) {
        Map<String, Object> memo = new HashMap<>();
        List<Object[]> hw = outputs(c, onDevice, contraction, memo);
        List<Object[]> simulated = outputs(c, onSim, contraction, memo);
        String why = strict ? exemption(c.kernel(), onDevice) : "fastMath";
        String verdict = Outputs.compare(hw, simulated, why.isEmpty());
        if (verdict.equals(Outputs.IDENTICAL)) {
          identical++;
        } else if (verdict.equals(Outputs.CLOSE)) {
          close.add(c.kernel() + " (" + why + ")");
        } else {
          different.add(c.kernel());
          out.fail(
              compiler
                  + " "
                  + target
                  + " "
                  + mode
                  + " "
                  + c.kernel()
                  + ": hardware and simulator differ: "
                  + verdict);
        }
      }
    }
    String label = compiler.name().toLowerCase(java.util.Locale.ROOT);
    out.linef(
        "| %s | %s | %s | %d | %d | %s | %s |",
        label,
        target,
        mode,
        BenchCases.ALL.size(),
        identical,
        close.isEmpty() ? "0" : close.size() + ": " + String.join(", ", close),
        different.isEmpty() ? "none" : String.join(", ", different));
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("compiler", label);
    row.put("target", target);
    row.put("mode", mode);
    row.put("identical", identical);
    row.put("withinTolerance", close);
    row.put("different", different);
    out.add("rows", row);
  }

  /**
   * Why a strict kernel may differ from the simulator within the tolerance, or empty when it must
   * agree bit for bit.
   */
  static String exemption(String kernel, SuiteModules modules) {
    if (ORDER_FREE.contains(kernel)) {
      return "atomics in any order";
    }
    String ptx = modules.textOf(kernel);
    List<String> approx = new ArrayList<>();
    for (String op : List.of("rsqrt", "ex2", "lg2", "sin", "cos", "rcp", "sqrt", "tanh")) {
      if (java.util.regex.Pattern.compile("\\b" + op + "\\.approx").matcher(ptx).find()) {
        approx.add(op + ".approx");
      }
    }
    return approx.isEmpty() ? "" : String.join(", ", approx);
  }

  /** Runs {@code c}, keeping a copy of every array argument after each launch. */
  private static List<Object[]> outputs(
      BenchCases.Case c, SuiteModules modules, Contraction contraction, Map<String, Object> memo) {
    List<Object[]> launches = new ArrayList<>();
    BenchCases.Launcher launcher =
        (entry, launch, args) -> {
          modules.launch(entry, launch, args);
          launches.add(Outputs.snapshot(args));
          return 0;
        };
    try {
      c.body()
          .accept(new BenchCases.Run(launcher, contraction, c.kernel(), BenchScale.SMALL, memo));
    } catch (AssertionError e) {
      // the suite's own check: the bench section reports it; here only the two devices are compared
    }
    return launches;
  }
}
