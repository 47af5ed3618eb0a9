package dev.jptx.samples.nbody;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.samples.support.SampleMain;
import dev.jptx.samples.support.Timing;
import java.io.PrintStream;
import java.util.Random;

/**
 * Simulates {@code n} bodies for a few steps on the best device, printing the total energy's drift
 * after each step (a sanity check of the physics: it stays small), then runs the same steps on the
 * JVM device. The kernel uses only correctly rounded float operations, so the final positions and
 * velocities must be equal bit for bit.
 *
 * <p>Argument: {@code [n]}, default 256 bodies (about a second on the simulator, where the division
 * and square root of every pair are the slow part).
 */
public final class Main {
  /** The default body count. */
  static final int DEFAULT_N = 256;

  /** Steps per run. */
  static final int STEPS = 8;

  /** The time step. */
  static final float DT = 0.001f;

  /** The squared softening length. */
  static final float EPS2 = 0.01f;

  private static final int BLOCK = 128;

  private Main() {}

  /**
   * Runs the sample; prints {@code verified} and exits 0, or exits 1 on a mismatch, 2 on bad
   * arguments.
   *
   * @param args {@code [n]}
   */
  public static void main(String[] args) {
    SampleMain.main(args, DEFAULT_N, Main::run);
  }

  /** Positions {@code (x, y, z, m)} and velocities {@code (vx, vy, vz)} of every body. */
  record Bodies(float[] pos, float[] vel) {
    /** {@code n} bodies of mass {@code 1 / n} in a unit ball, slowly rotating about z. */
    static Bodies random(int n, long seed) {
      Random random = new Random(seed);
      float[] pos = new float[4 * n];
      float[] vel = new float[3 * n];
      for (int i = 0; i < n; i++) {
        float x;
        float y;
        float z;
        do {
          x = random.nextFloat() * 2 - 1;
          y = random.nextFloat() * 2 - 1;
          z = random.nextFloat() * 2 - 1;
        } while (x * x + y * y + z * z > 1);
        pos[4 * i] = x;
        pos[4 * i + 1] = y;
        pos[4 * i + 2] = z;
        pos[4 * i + 3] = 1.0f / n;
        vel[3 * i] = -0.3f * y;
        vel[3 * i + 1] = 0.3f * x;
      }
      return new Bodies(pos, vel);
    }

    /** Kinetic plus potential energy (G = 1, with the kernel's softening), in double. */
    double energy() {
      int n = vel.length / 3;
      double kinetic = 0;
      double potential = 0;
      for (int i = 0; i < n; i++) {
        double m = pos[4 * i + 3];
        double vx = vel[3 * i];
        double vy = vel[3 * i + 1];
        double vz = vel[3 * i + 2];
        kinetic += 0.5 * m * (vx * vx + vy * vy + vz * vz);
        for (int j = i + 1; j < n; j++) {
          double dx = pos[4 * j] - pos[4 * i];
          double dy = pos[4 * j + 1] - pos[4 * i + 1];
          double dz = pos[4 * j + 2] - pos[4 * i + 2];
          potential -= m * pos[4 * j + 3] / Math.sqrt(dx * dx + dy * dy + dz * dz + EPS2);
        }
      }
      return kinetic + potential;
    }
  }

  /**
   * Runs {@link #STEPS} steps of {@code n} bodies on {@code device} and on the JVM device.
   *
   * @return whether the final states are the same
   */
  static boolean run(Device device, int n, PrintStream out) {
    Bodies start = Bodies.random(n, 1);
    out.println("nbody: " + n + " bodies, " + STEPS + " steps of dt = " + DT);
    double e0 = start.energy();
    out.printf("  energy at step 0: %.8f%n", e0);
    Bodies[] end = new Bodies[1];
    Timing onDevice =
        simulate(
            device,
            start,
            (step, bodies) -> {
              double e = bodies.energy();
              out.printf(
                  "  energy at step %d: %.8f, drift %+.2e%n", step, e, (e - e0) / Math.abs(e0));
              end[0] = bodies;
            });
    Bodies[] expected = new Bodies[1];
    Timing onJvm;
    try (Device jvm = Device.jvm()) {
      onJvm = simulate(jvm, start, (step, bodies) -> expected[0] = bodies);
    }
    out.println("  " + onDevice);
    out.println("  " + onJvm);
    int bad =
        differences(end[0].pos, expected[0].pos, out)
            + differences(end[0].vel, expected[0].vel, out);
    out.println("  " + bad + " of " + 7 * n + " final coordinates differ from the JVM");
    return bad == 0;
  }

  /** Receives the state after each step. */
  interface Observer {
    void after(int step, Bodies bodies);
  }

  /** Runs the steps, swapping the input and output arrays in between; times the launches only. */
  private static Timing simulate(Device device, Bodies start, Observer observer) {
    int n = start.vel.length / 3;
    float[] pos = start.pos.clone();
    float[] vel = start.vel.clone();
    float[] newPos = new float[pos.length];
    float[] newVel = new float[vel.length];
    Timing timing = Timing.start(device);
    for (int s = 1; s <= STEPS; s++) {
      device.launch(Launch.grid1d(n, BLOCK), Gravity::step, n, DT, EPS2, pos, vel, newPos, newVel);
      timing = timing.afterLaunch(device);
      float[] t = pos;
      pos = newPos;
      newPos = t;
      t = vel;
      vel = newVel;
      newVel = t;
      long paused = System.nanoTime();
      observer.after(s, new Bodies(pos.clone(), vel.clone()));
      timing = timing.pause(System.nanoTime() - paused);
    }
    return timing.stop();
  }

  private static int differences(float[] actual, float[] expected, PrintStream out) {
    int bad = 0;
    for (int i = 0; i < actual.length; i++) {
      if (Float.floatToIntBits(actual[i]) != Float.floatToIntBits(expected[i])) {
        if (bad++ < 10) {
          out.println("  element " + i + ": " + actual[i] + ", the JVM gives " + expected[i]);
        }
      }
    }
    return bad;
  }

  /** A device's wall time over the sample's launches and, on the simulator, its instructions. */
}
