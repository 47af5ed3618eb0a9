package dev.jptx.bench;

import dev.jptx.bench.suite.BenchInputs;
import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * nbody and blackScholes on both devices, each within the README's tolerance of the {@code double}
 * reference: {@code GpuMath} is not bit-exact between the devices (each is within its error bound
 * of the true value), so both are held to the bound rather than to each other.
 */
class PhysicsTest extends Differential {
  @Test
  void nbody_withinTheReadmeTolerance() {
    var in = BenchInputs.nbody();
    var ref = BenchReference.nbody(in.n(), in.dt(), in.pos(), in.vel(), in.newPos(), in.newVel());
    // relative 1e-4 with an absolute floor of 1e-5; the copied masses must be exact
    double[] posBound = bounds(ref.newPos(), 4 * in.n(), 1e-5, 1e-4);
    for (int i = 0; i < in.n(); i++) {
      posBound[4 * i + 3] = 0;
    }
    double[] velBound = bounds(ref.newVel(), 3 * in.n(), 1e-5, 1e-4);
    Runs runs =
        launch(
            in.launch(),
            Physics.class,
            "nbody",
            in.n(),
            in.dt(),
            in.pos(),
            in.vel(),
            in.newPos(),
            in.newVel());
    for (String device : new String[] {"jvm", "sim"}) {
      Object[] a = device.equals("jvm") ? runs.jvm() : runs.sim();
      Compare.within("nbody newPos (" + device + ")", ref.newPos(), posBound, (float[]) a[4]);
      Compare.within("nbody newVel (" + device + ")", ref.newVel(), velBound, (float[]) a[5]);
    }
  }

  @Test
  void blackScholes_withinTheReadmeTolerance() {
    var in = BenchInputs.blackScholes();
    var ref =
        BenchReference.blackScholes(
            in.n(), in.r(), in.v(), in.s(), in.x(), in.t(), in.call(), in.put());
    Runs runs =
        launch(
            in.launch(),
            Physics.class,
            "blackScholes",
            in.n(),
            in.r(),
            in.v(),
            in.s(),
            in.x(),
            in.t(),
            in.call(),
            in.put());
    for (String device : new String[] {"jvm", "sim"}) {
      Object[] a = device.equals("jvm") ? runs.jvm() : runs.sim();
      // |got - ref| <= 1e-4 + 1e-5 |ref|
      Compare.within(
          "blackScholes call (" + device + ")",
          ref.call(),
          bounds(ref.call(), in.n(), 1e-4, 1e-5),
          (float[]) a[6]);
      Compare.within(
          "blackScholes put (" + device + ")",
          ref.put(),
          bounds(ref.put(), in.n(), 1e-4, 1e-5),
          (float[]) a[7]);
    }
  }

  /** Per-element bounds; elements past {@code written} must stay as they were. */
  private static double[] bounds(double[] reference, int written, double abs, double rel) {
    double[] bound = Compare.absRel(reference, abs, rel);
    Arrays.fill(bound, written, bound.length, 0);
    return bound;
  }
}
