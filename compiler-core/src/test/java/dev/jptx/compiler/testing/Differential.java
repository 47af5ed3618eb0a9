package dev.jptx.compiler.testing;

import dev.jptx.compiler.build.AtomicFiles;
import dev.jptx.compiler.build.ModuleLayout;
import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The differential harness: one call compiles a {@code @Kernel}'s class with given options, runs
 * the kernel on {@code Device.jvm()} (the reference) and on the PTX simulator with the same inputs,
 * and compares every array afterwards, bit for bit unless a tolerance in ulps is given. The first
 * mismatch is reported with its argument, index and both values. Every module it compiles is also
 * assembled by {@code ptxas}.
 */
public final class Differential {
  private static final Map<String, Path> BUILT = new ConcurrentHashMap<>();

  private Differential() {}

  /** A launch to compare: the kernel, its geometry and arguments, and the float tolerance. */
  public record Case(
      Class<?> kernelClass, String method, Launch launch, int ulps, Object... args) {}

  /** Runs {@code c} on both devices and fails on the first difference. */
  public static void check(CompilerOptions options, Case c) {
    Path root = build(c.kernelClass(), options);
    try (Device jvm = Device.jvm();
        Device sim = SimDevice.withModuleRoots(List.of(root))) {
      compare(jvm, sim, c);
    }
  }

  /**
   * As {@link #check(CompilerOptions, Case)}, compiled afresh with {@code extra} appended to the
   * {@code mir} stage (tests of code transformations that no registered pass makes yet).
   */
  public static void check(CompilerOptions options, Case c, MachinePass extra) {
    Path root;
    try {
      root = Files.createTempDirectory("jptx-differential");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    build(
        TestClasses.bytes(c.kernelClass().getName()),
        options,
        root,
        TestClasses.classPath(),
        extra,
        r -> {});
    try (Device jvm = Device.jvm();
        Device sim = SimDevice.withModuleRoots(List.of(root))) {
      compare(jvm, sim, c);
    }
  }

  /**
   * Runs {@code c} on {@code jvm} (the reference) and on {@code sim}, each with its own copy of the
   * arguments, and fails on the first difference; a launch that throws is reported as {@link
   * LaunchFailed}, naming the device. For callers that compile kernels themselves (see {@link
   * #build(byte[], CompilerOptions, Path)}) and launch many on the same devices.
   */
  public static void compare(Device jvm, Device sim, Case c) {
    Object[] jvmArgs = copy(c.args());
    Object[] simArgs = copy(c.args());
    launch("jvm", jvm, c, jvmArgs);
    launch("sim", sim, c, simArgs);
    for (int i = 0; i < jvmArgs.length; i++) {
      if (jvmArgs[i] != null && jvmArgs[i].getClass().isArray()) {
        String where = c.kernelClass().getSimpleName() + "." + c.method() + " argument " + i;
        ArrayDiff.assertSame(where, jvmArgs[i], simArgs[i], c.ulps());
      }
    }
  }

  /**
   * The module root holding {@code kernelClass} compiled with {@code options} (checked by {@code
   * ptxas} and the lint), for tests that launch it themselves.
   */
  public static Path modules(Class<?> kernelClass, CompilerOptions options) {
    return build(kernelClass, options);
  }

  /** A launch that threw instead of returning, on the device named. */
  public static final class LaunchFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String device;

    LaunchFailed(String device, RuntimeException cause) {
      super("the launch on the " + device + " device failed: " + cause.getMessage(), cause);
      this.device = device;
    }

    /** {@code jvm} or {@code sim}. */
    public String device() {
      return device;
    }
  }

  private static void launch(String name, Device d, Case c, Object[] args) {
    try {
      d.launch(c.launch(), c.kernelClass(), c.method(), args);
    } catch (RuntimeException e) {
      throw new LaunchFailed(name, e);
    }
  }

  /** Compiles the class's kernels into a fresh module root, once per class and options. */
  private static Path build(Class<?> kernelClass, CompilerOptions options) {
    String key = kernelClass.getName() + " " + options;
    return BUILT.computeIfAbsent(key, k -> compile(kernelClass, options));
  }

  private static Path compile(Class<?> kernelClass, CompilerOptions options) {
    try {
      Path root = Files.createTempDirectory("jptx-differential");
      return build(TestClasses.bytes(kernelClass.getName()), options, root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Compiles the kernels of a class given as class-file bytes (a class generated by a test, say)
   * with {@code options} and the verifier after every pass, checks every module with {@code ptxas},
   * and writes the modules and their {@code kernels.list} under {@code moduleRoot}, where {@code
   * SimDevice.withModuleRoots} finds them.
   *
   * @return {@code moduleRoot}
   * @throws AssertionError if the compiler reports an error or {@code ptxas} rejects a module
   */
  public static Path build(byte[] classBytes, CompilerOptions options, Path moduleRoot) {
    return build(classBytes, options, moduleRoot, TestClasses.classPath());
  }

  /**
   * As {@link #build(byte[], CompilerOptions, Path)}, finding the classes the kernels use on {@code
   * classPath} (a generated class's nested records live next to it, not among the test classes).
   */
  public static Path build(
      byte[] classBytes,
      CompilerOptions options,
      Path moduleRoot,
      dev.jptx.compiler.frontend.classes.ClassPath classPath) {
    return build(classBytes, options, moduleRoot, classPath, null, r -> {});
  }

  /**
   * As {@link #build(byte[], CompilerOptions, Path, dev.jptx.compiler.frontend.classes.ClassPath)},
   * handing the optimization remarks of every family (whatever the {@code remarks} option says) to
   * {@code remarks} once the modules are assembled: tests that count what a pass did, such as the
   * loops the pipeliner rewrote.
   */
  public static Path build(
      byte[] classBytes,
      CompilerOptions options,
      Path moduleRoot,
      dev.jptx.compiler.frontend.classes.ClassPath classPath,
      Consumer<List<ReportedRemark>> remarks) {
    return build(classBytes, options, moduleRoot, classPath, null, remarks);
  }

  private static Path build(
      byte[] classBytes,
      CompilerOptions options,
      Path moduleRoot,
      dev.jptx.compiler.frontend.classes.ClassPath classPath,
      MachinePass extra,
      Consumer<List<ReportedRemark>> remarks) {
    Diagnostics d = new Diagnostics();
    Pipeline p = new Pipeline(options.withVerifyEachPass(true), DumpSink.NONE);
    if (extra != null) {
      p.withExtraMachinePass(extra);
    }
    ClassResult r = p.compile(ClassFiles.readKnownGood(classBytes), classPath, d);
    if (!r.succeeded()) {
      throw new AssertionError("compilation failed: " + d.all());
    }
    try {
      List<String> lines = new ArrayList<>();
      // the lint's strict float rules hold unless fast math is on for the build or for a kernel
      boolean fastMath = options.fastMath() || r.kernels().stream().anyMatch(KernelSpec::fastMath);
      for (Map.Entry<SmTarget, String> m : r.modules().entrySet()) {
        Tools.assertAssembles(m.getValue(), m.getKey(), fastMath);
        AtomicFiles.write(ModuleLayout.module(moduleRoot, r.className(), m.getKey()), m.getValue());
      }
      for (KernelSpec k : r.kernels()) {
        lines.add(ModuleLayout.indexLine(k, List.copyOf(r.modules().keySet())));
      }
      AtomicFiles.write(ModuleLayout.index(moduleRoot), String.join("\n", lines) + "\n");
      remarks.accept(r.remarks());
      return moduleRoot;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A deep copy of the arguments that keeps their aliasing: one array passed as two arguments (or
   * as a row of an array of arrays) stays one array in the copy, so each device sees Java's meaning
   * (one array, updated in place).
   */
  static Object[] copy(Object[] args) {
    Object[] out = args.clone();
    Map<Object, Object> copies = new IdentityHashMap<>();
    for (int i = 0; i < out.length; i++) {
      if (out[i] != null && out[i].getClass().isArray()) {
        out[i] = copyOf(out[i], copies);
      }
    }
    return out;
  }

  /** One copy per distinct array; an array of arrays is copied row by row, sharing rows too. */
  private static Object copyOf(Object original, Map<Object, Object> copies) {
    Object known = copies.get(original);
    if (known != null) {
      return known;
    }
    int n = Array.getLength(original);
    Object a = Array.newInstance(original.getClass().getComponentType(), n);
    if (original instanceof Object[] rows) {
      for (int k = 0; k < n; k++) {
        Array.set(a, k, rows[k] == null ? null : copyOf(rows[k], copies));
      }
    } else {
      System.arraycopy(original, 0, a, 0, n);
    }
    copies.put(original, a);
    return a;
  }
}
