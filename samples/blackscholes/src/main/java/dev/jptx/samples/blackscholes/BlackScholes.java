package dev.jptx.samples.blackscholes;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** European option pricing by the Black-Scholes formula, one option per GPU thread. */
public final class BlackScholes {
  private BlackScholes() {}

  /**
   * The call and put prices of option {@code i}: spot {@code s[i]}, strike {@code x[i]}, years to
   * expiry {@code t[i]}, at the riskless rate {@code r} and volatility {@code v}. Single-precision
   * {@code log}, {@code exp} and {@code sqrt} come from {@link GpuMath}, as CUDA code uses {@code
   * logf}, {@code expf}, {@code sqrtf}. Launch: 1D over {@code n}.
   */
  @Kernel
  public static void price(
      int n,
      float r,
      float v,
      @ReadOnly float[] s,
      @ReadOnly float[] x,
      @ReadOnly float[] t,
      float[] call,
      float[] put) {
    int i = globalIdX();
    if (i >= n) {
      return;
    }
    float sqrtT = GpuMath.sqrt(t[i]);
    float d1 = (GpuMath.log(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float n1 = cumulativeNormal(d1);
    float n2 = cumulativeNormal(d2);
    float discount = GpuMath.exp(-r * t[i]);
    call[i] = s[i] * n1 - x[i] * discount * n2;
    put[i] = x[i] * discount * (1.0f - n2) - s[i] * (1.0f - n1);
  }

  /**
   * The standard normal distribution function by the Abramowitz-Stegun polynomial (error below
   * 1e-7). A device function: jptx compiles every static method a kernel calls.
   */
  static float cumulativeNormal(float d) {
    float k = 1.0f / (1.0f + 0.2316419f * Math.abs(d));
    float poly =
        k
            * (0.31938153f
                + k
                    * (-0.356563782f
                        + k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f))));
    float tail = 0.3989422804014327f * GpuMath.exp(-0.5f * d * d) * poly;
    return d > 0.0f ? 1.0f - tail : tail;
  }
}
