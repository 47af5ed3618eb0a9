package dev.jptx.bench;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * The kernels of the bench README that need the math library: 10 (all-pairs gravity with {@code
 * rsqrt}) and 11 (Black–Scholes with {@code log}, {@code exp} and {@code sqrt}), in {@code float}
 * through {@code GpuMath} as the CUDA code uses {@code rsqrtf}, {@code logf}, {@code expf}.
 */
public final class Physics {
  private Physics() {}

  /**
   * 10. For each body {@code i}: the acceleration {@code a = sum_j m_j * d_ij * r^3} with {@code
   * d_ij = p_j - p_i} and {@code r = rsqrt(|d_ij|^2 + 0.01)}, then {@code v' = v + dt * a} and
   * {@code p' = p + dt * v'}. {@code pos}/{@code newPos} hold (x, y, z, m), {@code vel}/{@code
   * newVel} (vx, vy, vz). Launch: 1D, any shape covering {@code n}.
   */
  @Kernel
  public static void nbody(
      int n,
      float dt,
      @ReadOnly float[] pos,
      @ReadOnly float[] vel,
      float[] newPos,
      float[] newVel) {
    int i = globalIdX();
    if (i >= n) {
      return;
    }
    float xi = pos[4 * i];
    float yi = pos[4 * i + 1];
    float zi = pos[4 * i + 2];
    float ax = 0.0f;
    float ay = 0.0f;
    float az = 0.0f;
    for (int j = 0; j < n; j++) {
      float dx = pos[4 * j] - xi;
      float dy = pos[4 * j + 1] - yi;
      float dz = pos[4 * j + 2] - zi;
      float r = GpuMath.rsqrt(dx * dx + dy * dy + dz * dz + 0.01f);
      float s = pos[4 * j + 3] * r * r * r;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    float vx = vel[3 * i] + dt * ax;
    float vy = vel[3 * i + 1] + dt * ay;
    float vz = vel[3 * i + 2] + dt * az;
    newVel[3 * i] = vx;
    newVel[3 * i + 1] = vy;
    newVel[3 * i + 2] = vz;
    newPos[4 * i] = xi + dt * vx;
    newPos[4 * i + 1] = yi + dt * vy;
    newPos[4 * i + 2] = zi + dt * vz;
    newPos[4 * i + 3] = pos[4 * i + 3];
  }

  /**
   * 11. European call and put prices for spot {@code s[i]}, strike {@code x[i]} and time {@code
   * t[i]} at rate {@code r} and volatility {@code v}, with the polynomial cumulative normal
   * distribution of the README. Launch: 1D, any shape covering {@code n}.
   */
  @Kernel
  public static void blackScholes(
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
    float n1 = cnd(d1);
    float n2 = cnd(d2);
    float e = GpuMath.exp(-r * t[i]);
    call[i] = s[i] * n1 - x[i] * e * n2;
    put[i] = x[i] * e * (1.0f - n2) - s[i] * (1.0f - n1);
  }

  /** The cumulative normal distribution by the Abramowitz–Stegun polynomial (README, kernel 11). */
  static float cnd(float d) {
    float k = 1.0f / (1.0f + 0.2316419f * Math.abs(d));
    float c =
        0.3989422804014327f
            * GpuMath.exp(-0.5f * d * d)
            * (k
                * (0.31938153f
                    + k
                        * (-0.356563782f
                            + k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f)))));
    return d > 0.0f ? 1.0f - c : c;
  }
}
