package dev.jptx.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.lang.reflect.Array;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The differential test of a kernel class: every kernel runs on {@code Device.jvm()} (the Java
 * method itself, the reference semantics) and on {@code Device.simulator()} (the PTX that the jptx
 * plugin wrote into this module's {@code META-INF/jptx}, found through {@code kernels.list}), each
 * on its own copy of the arguments. A test then checks the JVM device's results against the
 * runtime's sequential references ({@link BenchReference}, unfused) and requires the simulator's to
 * equal them ({@link Runs#simMatchesJvm}).
 */
abstract class Differential {
  private static Device jvm;
  private static Device sim;

  @BeforeAll
  static void openDevices() {
    jvm = Device.jvm();
    sim = SimulatorModules.device();
  }

  @AfterAll
  static void closeDevices() {
    jvm.close();
    sim.close();
  }

  /** The arguments of one launch (or one program of launches) after it ran on each device. */
  record Runs(String kernel, Object[] jvm, Object[] sim) {
    /** Argument {@code i} as the JVM device left it. */
    @SuppressWarnings("unchecked")
    <T> T jvm(int i) {
      return (T) jvm[i];
    }

    /** Argument {@code i} as the simulator left it. */
    @SuppressWarnings("unchecked")
    <T> T sim(int i) {
      return (T) sim[i];
    }

    /** Requires every array argument to be equal on both devices, bit for bit. */
    void simMatchesJvm() {
      for (int i = 0; i < jvm.length; i++) {
        if (jvm[i] != null && jvm[i].getClass().isArray()) {
          Compare.bitExact(kernel + " argument " + i + ": simulator vs jvm", jvm[i], sim[i]);
        }
      }
    }
  }

  /**
   * Launches {@code method} of {@code kernelClass} once on each device, on copies of {@code args}.
   */
  static Runs launch(Launch launch, Class<?> kernelClass, String method, Object... args) {
    return run(
        kernelClass,
        method,
        device -> {
          Object[] copy = copy(args);
          device.launch(launch, kernelClass, method, copy);
          return copy;
        });
  }

  /**
   * Runs {@code program} (launches of {@code kernelClass}'s kernels on the device it is given) on
   * the JVM device, then on the simulator.
   */
  static Runs run(Class<?> kernelClass, String what, Function<Device, Object[]> program) {
    Object[] onJvm = program.apply(jvm);
    Object[] onSim = program.apply(sim);
    long instructions = sim.lastLaunchStats().instructions();
    assertTrue(
        instructions > 0, what + ": the simulator counted " + instructions + " instructions");
    return new Runs(what, onJvm, onSim);
  }

  /** Fresh copies of the array arguments; other arguments as they are. */
  static Object[] copy(Object[] args) {
    Object[] out = args.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] != null && out[i].getClass().isArray()) {
        int n = Array.getLength(out[i]);
        Object a = Array.newInstance(out[i].getClass().getComponentType(), n);
        System.arraycopy(out[i], 0, a, 0, n);
        out[i] = a;
      }
    }
    return out;
  }
}
