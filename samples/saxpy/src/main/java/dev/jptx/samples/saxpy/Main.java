package dev.jptx.samples.saxpy;

import dev.jptx.runtime.Device;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The saxpy sample: shows the PTX modules the plugin built, has {@code ptxas} assemble them when it
 * is installed, then runs saxpy and vecAdd on the JVM device and checks every element against a
 * sequential loop. Prints {@code verified} and exits 0, or exits 1 on any problem.
 */
public final class Main {
  /** Elements per kernel run. */
  static final int N = 1 << 20;

  private Main() {}

  /**
   * Runs the sample.
   *
   * @param args ignored
   */
  public static void main(String[] args) throws Exception {
    boolean ok = showModules(List.of(Saxpy.class, VecAdd.class));
    // the compiled PTX on the simulator (no GPU needed), then the Java methods on the JVM device;
    // both against a sequential loop
    try (Device sim = Device.simulator()) {
      ok &= run(sim, "the PTX simulator");
    }
    try (Device jvm = Device.jvm()) {
      ok &= run(jvm, "the jvm device");
    }
    if (!ok) {
      System.out.println("FAILED");
      System.exit(1);
    }
    System.out.println("verified");
  }

  /** Prints each module and ptxas's verdict on it; false if one is missing or rejected. */
  private static boolean run(Device device, String name) {
    int saxpyBad = Reference.checkSaxpy(device, N, 42);
    String stats = statistics(device);
    System.out.println("saxpy on " + name + ", n = " + N + ": " + saxpyBad + " mismatches" + stats);
    int vecAddBad = Reference.checkVecAdd(device, N, 43);
    stats = statistics(device);
    System.out.println(
        "vecAdd on " + name + ", n = " + N + ": " + vecAddBad + " mismatches" + stats);
    return saxpyBad == 0 && vecAddBad == 0;
  }

  private static String statistics(Device device) {
    long count = device.lastLaunchStats().instructions();
    long ms = device.lastLaunchStats().elapsedNanos() / 1_000_000;
    return count < 0 ? "" : " (" + count + " thread-instructions in " + ms + " ms)";
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
