package dev.jptx.samples.saxpy;

import dev.jptx.runtime.Device;
import dev.jptx.samples.support.SizeArgument;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The saxpy sample: shows the PTX modules the plugin built, has {@code ptxas} assemble them when it
 * is installed, then runs saxpy and vecAdd on the best device (a GPU, else the PTX simulator) and
 * on the JVM device and checks every element against a sequential loop. Prints {@code verified} and
 * exits 0, or exits 1 on any problem, 2 on bad arguments.
 *
 * <p>Argument: {@code [n]}, default 2^20 elements.
 */
public final class Main {
  /** Elements per kernel run by default. */
  static final int N = 1 << 20;

  private Main() {}

  /**
   * Runs the sample.
   *
   * @param args {@code [n]}
   */
  public static void main(String[] args) throws Exception {
    int n = SizeArgument.parse(args, N);
    boolean ok = showModules(List.of(Saxpy.class, VecAdd.class));
    // the compiled PTX on the best device (a GPU, else the simulator), then the Java methods on
    // the JVM device; both against a sequential loop
    try (Device best = Device.best()) {
      ok &= run(best, best.info().name(), n);
    }
    try (Device jvm = Device.jvm()) {
      ok &= run(jvm, "the jvm device", n);
    }
    if (!ok) {
      System.out.println("FAILED");
      System.exit(1);
    }
    System.out.println("verified");
  }

  /** Prints each module and ptxas's verdict on it; false if one is missing or rejected. */
  private static boolean run(Device device, String name, int n) {
    int saxpyBad = Reference.checkSaxpy(device, n, 42);
    String stats = statistics(device);
    System.out.println("saxpy on " + name + ", n = " + n + ": " + saxpyBad + " mismatches" + stats);
    int vecAddBad = Reference.checkVecAdd(device, n, 43);
    stats = statistics(device);
    System.out.println(
        "vecAdd on " + name + ", n = " + n + ": " + vecAddBad + " mismatches" + stats);
    return saxpyBad == 0 && vecAddBad == 0;
  }

  private static String statistics(Device device) {
    long count = device.lastLaunchStats().instructions();
    double ms = device.lastLaunchStats().elapsedNanos() / 1e6;
    return count < 0
        ? String.format(" (kernel %.3f ms)", ms)
        : String.format(" (%d thread-instructions in %.1f ms)", count, ms);
  }

  private static boolean showModules(List<Class<?>> kernelClasses) throws Exception {
    Optional<Path> ptxas = Modules.ptxas();
    if (ptxas.isEmpty()) {
      System.out.println("ptxas not found on PATH: modules are not assembled");
    }
    boolean ok = true;
    for (Class<?> c : kernelClasses) {
      List<Modules.Module> modules = Modules.of(c);
      if (modules.isEmpty()) {
        System.out.println(
            c.getName() + ": no PTX module on the classpath (did jptx:compile run?)");
        ok = false;
      }
      for (Modules.Module m : modules) {
        System.out.println(
            "module " + m.className() + " [" + m.target() + "]: " + Modules.location(m));
        if (ptxas.isPresent()) {
          Optional<String> rejected = Modules.assemble(ptxas.get(), m);
          System.out.println(
              "  ptxas -arch="
                  + m.target()
                  + ": "
                  + (rejected.isEmpty() ? "accepted" : "REJECTED\n" + rejected.get()));
          ok &= rejected.isEmpty();
        }
      }
    }
    return ok;
  }
}
