package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.Intrinsic;
import java.util.Map;

/**
 * The hardware approximations {@code GpuMath} uses under fast math, one row per function, spelled
 * as CUDA's {@code -use_fast_math} spells its intrinsics: {@code __expf(x)} is {@code ex2.approx(x
 * * log2(e))}, {@code __logf(x)} is {@code lg2.approx(x) * ln(2)}, {@code __tanf} is {@code
 * sin.approx / cos.approx}, {@code tanhf} is {@code tanh.approx} (on targets from {@link
 * #TANH_HARDWARE} on; below, the per-target pass {@code expand-approximations} writes it with
 * {@code ex2} and {@code rcp}), {@code __powf(x, y)} is {@code ex2.approx.ftz(y * lg2.approx(x))}
 * (a subnormal power flushes to zero, as under nvcc's {@code -use_fast_math}, which saves the three
 * instructions that keep it). Functions without a row (asin, cbrt, ...) keep the accurate library
 * under fast math.
 */
public final class FastMathApproximations {
  /**
   * The {@code javaName} prefix of {@code GpuMath}'s device library ({@code FloatMath}), whose
   * calls fast math replaces by these rows and whose other functions it inlines into fast-math
   * code.
   */
  public static final String LIBRARY = "dev.jptx.compiler.libdevice.FloatMath.";

  /** Where {@code tanh.approx.f32} exists: sm_75 and PTX ISA 7.0 on. */
  public static final Availability TANH_HARDWARE = Availability.from(75, "7.0");

  /** How a row's instruction is applied. */
  public enum Shape {
    /** {@code approx(x * inputScale) * outputScale} (a scale of 1 is left out). */
    SCALED,
    /** {@code sin.approx(x) / cos.approx(x)}. */
    SIN_OVER_COS,
    /** {@code ex2.approx.ftz(y * lg2.approx(x))}. */
    EXP2_OF_PRODUCT
  }

  /** One function's approximation. */
  public record Row(Shape shape, Intrinsic approx, float inputScale, float outputScale) {}

  private static final float LOG2_E = 1.442695040888963f;
  private static final float LOG2_10 = 3.321928094887362f;
  private static final float LN_2 = 0.6931471805599453f;
  private static final float LOG10_2 = 0.3010299956639812f;

  /** {@code GpuMath} method name to its row. */
  private static final Map<String, Row> ROWS =
      Map.ofEntries(
          Map.entry("sin", scaled(Intrinsic.SIN_APPROX, 1, 1)),
          Map.entry("cos", scaled(Intrinsic.COS_APPROX, 1, 1)),
          Map.entry("tan", new Row(Shape.SIN_OVER_COS, null, 1, 1)),
          Map.entry("exp", scaled(Intrinsic.EX2_APPROX, LOG2_E, 1)),
          Map.entry("exp2", scaled(Intrinsic.EX2_APPROX, 1, 1)),
          Map.entry("exp10", scaled(Intrinsic.EX2_APPROX, LOG2_10, 1)),
          Map.entry("log", scaled(Intrinsic.LG2_APPROX, 1, LN_2)),
          Map.entry("log2", scaled(Intrinsic.LG2_APPROX, 1, 1)),
          Map.entry("log10", scaled(Intrinsic.LG2_APPROX, 1, LOG10_2)),
          Map.entry("pow", new Row(Shape.EXP2_OF_PRODUCT, null, 1, 1)),
          Map.entry("sqrt", scaled(Intrinsic.SQRT_APPROX, 1, 1)),
          Map.entry("rsqrt", scaled(Intrinsic.RSQRT_APPROX, 1, 1)),
          Map.entry("tanh", scaled(Intrinsic.TANH_APPROX, 1, 1)));

  private FastMathApproximations() {}

  private static Row scaled(Intrinsic approx, float in, float out) {
    return new Row(Shape.SCALED, approx, in, out);
  }

  /** The row of {@code GpuMath} function {@code name}, or null if it has none. */
  public static Row of(String name) {
    return ROWS.get(name);
  }
}
