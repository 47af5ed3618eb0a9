package dev.jptx.samples.nbody;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** All-pairs gravity: one GPU thread per body sums the pull of every other body. */
public final class Gravity {
  private Gravity() {}

  /**
   * One leapfrog-style step of {@code dt} (semi-implicit Euler: new velocity first, then the
   * position moves with it). Body {@code i} feels {@code a = sum_j m_j d / (|d|^2 + eps2)^(3/2)},
   * {@code d = p_j - p_i}, with G = 1; the softening {@code eps2} keeps close encounters finite
   * (and makes the {@code j = i} term zero). {@code pos} and {@code newPos} hold {@code (x, y, z,
   * mass)} per body, {@code vel} and {@code newVel} {@code (vx, vy, vz)}. Launch: 1D over {@code
   * n}.
   *
   * <p>{@code 1 / sqrt} is written out rather than calling {@code GpuMath.rsqrt}: division and
   * square root are correctly rounded on every device, so the GPU's result equals the JVM's bit for
   * bit (rsqrt may differ by 2 ulp).
   */
  @Kernel
  public static void step(
      int n,
      float dt,
      float eps2,
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
      float invR = 1.0f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
      float s = pos[4 * j + 3] * invR * invR * invR;
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
}
