package dev.jptx.compiler.libdevice;

/**
 * The hardware approximations the accurate {@code GpuMath} library may use, as nvcc's own {@code
 * expf}, {@code tanhf} and {@code rsqrtf} do without fast math: a call of one of these methods in
 * library code compiles to the one PTX instruction it names (frontend {@code HardwareApproxCalls}).
 * The ISA specifies them only by error bounds ({@code ex2.approx.f32} 2 ulp over its full range,
 * {@code rcp.approx.f32} 1 ulp, {@code rsqrt.approx.f32} a relative error of about 2^-22.9), so a
 * function built on them is within CUDA's bound for its twin where it is nvcc's construction on the
 * same instruction, or where its error analysis leaves room for the instruction's bound.
 *
 * <p>The Java bodies are the simulator's model of the instructions ({@code
 * dev.jptx.runtime.sim.alu.Approx}): the exact function in {@code double}, rounded to nearest, with
 * the {@code .ftz} forms flushing subnormal operands and results. Tests move each result by {@link
 * #errorUlps} ulps to see how a library function fares when the hardware is off by that much; the
 * device never sees that field.
 */
public final class HardwareApprox {
  /**
   * Ulps by which the model's results are moved (toward +infinity if positive), for the accuracy
   * tests only; 0 everywhere else.
   */
  static volatile int errorUlps;

  private static final double LN2 = 0.6931471805599453;

  private HardwareApprox() {}

  /** {@code ex2.approx.f32}: {@code 2^x}, subnormal results kept. */
  public static float ex2(float x) {
    return off((float) StrictMath.pow(2.0, x));
  }

  /** {@code ex2.approx.ftz.f32}: {@code 2^x}, subnormal operands and results flushed to zero. */
  public static float ex2Ftz(float x) {
    return flush(off((float) StrictMath.pow(2.0, flush(x))));
  }

  /** {@code lg2.approx.f32}: {@code log2(x)}, subnormal operands kept; NaN below zero. */
  public static float lg2(float x) {
    return off((float) (x < 0 ? Double.NaN : StrictMath.log(x) / LN2));
  }

  /** {@code rcp.approx.ftz.f32}: {@code 1/x}, subnormal operands and results flushed to zero. */
  public static float rcpFtz(float x) {
    return flush(off((float) (1.0 / flush(x))));
  }

  /** {@code rsqrt.approx.f32}: {@code 1/sqrt(x)}, subnormal operands kept. */
  public static float rsqrt(float x) {
    return off((float) (1.0 / StrictMath.sqrt(x)));
  }

  /** {@code rsqrt.approx.ftz.f32}: {@code 1/sqrt(x)}, subnormal operands and results flushed. */
  public static float rsqrtFtz(float x) {
    return flush(off((float) (1.0 / StrictMath.sqrt(flush(x)))));
  }

  private static float flush(float x) {
    return Math.abs(x) < Float.MIN_NORMAL ? Math.copySign(0f, x) : x;
  }

  private static float off(float r) {
    int n = errorUlps;
    if (n == 0 || Float.isNaN(r) || Float.isInfinite(r) || r == 0) {
      return r;
    }
    for (int k = 0; k < Math.abs(n); k++) {
      r = n > 0 ? Math.nextUp(r) : Math.nextDown(r);
    }
    return r;
  }
}
