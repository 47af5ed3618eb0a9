package dev.jptx.gpureport;

import dev.jptx.runtime.Launch;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GpuMath} on the hardware: each of the 23 functions' kernels ({@code
 * benchmarks/math/MathKernels.java}, {@code y[i] = GpuMath.f(x[i])}) in jptx's default and fast
 * builds, and nvcc's twins ({@code math.cu}) in its default and {@code -use_fast_math} builds, run
 * on an evenly spaced sweep of float bit patterns (about 2^24 on a GPU), each result compared on
 * the host with the {@code double} reference in float ulps as {@code FloatMathSweepTest} does.
 * Two-argument functions are swept twice, against a fixed second operand and one made from the
 * first's bits ({@link MathFunction}). The check: jptx's default build within CUDA's bound.
 *
 * <p>The simulator computes the hardware approximations ({@code ex2.approx}, {@code rcp.approx},
 * ...) correctly rounded; the hardware only within the ISA's bounds. docs/math-accuracy.md gives
 * each function's error under both models; this section measures which one the hardware is.
 */
final class MathSection implements Section {
  /** The sweep on a GPU: every 257th pattern, 16.7 million inputs per function and pairing. */
  static final long GPU_STEP = 257;

  /**
   * The sweep of the older target's modules on a GPU, about a million inputs: jptx's differ from
   * the newest target's only in their header, and the driver compiles both for the same device.
   */
  static final long GPU_STEP_OLDER_TARGETS = 4_111;

  /** The sweep on the simulator: 4,096 inputs, which it interprets in about 5 s in all. */
  static final long SIM_STEP = 1_048_583;

  private static final int BLOCK = 256;

  private final long simStep;

  MathSection() {
    this(SIM_STEP);
  }

  /** A section whose simulator sweep takes every {@code simStep}-th pattern (tests: fewer). */
  MathSection(long simStep) {
    this.simStep = simStep;
  }

  @Override
  public String title() {
    return "GpuMath on the hardware";
  }

  @Override
  public String key() {
    return "math";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(context.simMode() ? 60 : 90);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    out.line(
        "An evenly spaced sweep of float bit patterns per target; `atan2`, `hypot` and `pow` are"
            + " swept twice (a fixed second operand, and one from the first's bits, as"
            + " `FloatMathSweepTest`). Each cell: the largest error in float ulps against `Math`'s"
            + " `double` result, at the first input that reached it (∞: a NaN, infinity or"
            + " overflow that does not match). \"flushed\": fast-mode results explained by"
            + " flush-to-zero (a subnormal result returned as zero, or a subnormal operand read as"
            + " zero), counted there instead of as errors. The check: jptx default within CUDA's"
            + " bound.");
    Map<String, Object> steps = new LinkedHashMap<>();
    Bundle.TARGETS.forEach(t -> steps.put(t, step(context, t)));
    out.put("step", steps);
    for (String target : Bundle.TARGETS) {
      long step = step(context, target);
      out.line("");
      out.linef(
          "### %s: one float bit pattern in %d, %d inputs per sweep",
          target, step, MathSweep.count(step));
      out.line("");
      out.line(MathRow.HEADER);
      Map<MathVariant, SuiteModules> modules = new EnumMap<>(MathVariant.class);
      try {
        for (MathVariant v : MathVariant.values()) {
          modules.put(v, v.modules(context.device(), context.bundle(), target));
        }
        for (MathFunction f : MathFunction.values()) {
          MathRow row = measure(f, modules, step);
          out.line(row.markdown());
          out.add("rows", row.json(target));
          if (!row.jptxWithinBound()) {
            out.fail(
                String.format(
                    java.util.Locale.ROOT,
                    "%s %s: jptx default %.3f ulp, beyond CUDA's bound of %.0f",
                    target,
                    f.functionName(),
                    row.tally(MathVariant.JPTX_DEFAULT).maxUlps(),
                    f.bound()));
          }
        }
      } finally {
        modules.values().forEach(SuiteModules::close);
      }
    }
  }

  private long step(ReportContext context, String target) {
    if (context.simMode()) {
      return simStep;
    }
    return target.equals(Bundle.TARGETS.get(0)) ? GPU_STEP : GPU_STEP_OLDER_TARGETS;
  }

  /** Every sweep of {@code f}, launched in every variant and compared. */
  static MathRow measure(MathFunction f, Map<MathVariant, SuiteModules> modules, long step) {
    MathRow row = new MathRow(f);
    for (MathPairing pairing : f.pairings()) {
      MathSweep sweep = MathSweep.of(f, pairing, step);
      for (Map.Entry<MathVariant, SuiteModules> e : modules.entrySet()) {
        float[] y = new float[sweep.size()];
        Integer n = sweep.size();
        Launch launch = Launch.grid1d(sweep.size(), BLOCK);
        if (f.binary()) {
          e.getValue().launch(f.entry(), launch, n, sweep.first(), sweep.second(), y);
        } else {
          e.getValue().launch(f.entry(), launch, n, sweep.first(), y);
        }
        row.add(e.getKey(), UlpTally.of(sweep, y, e.getKey().mayFlush()));
      }
    }
    return row;
  }
}
