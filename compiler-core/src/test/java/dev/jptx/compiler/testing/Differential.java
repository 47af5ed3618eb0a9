package dev.jptx.compiler.testing;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.AtomicFiles;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.ModuleLayout;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.frontend.KernelSpec;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
    Object[] jvmArgs = copy(c.args());
    Object[] simArgs = copy(c.args());
    try (Device jvm = Device.jvm()) {
      jvm.launch(c.launch(), c.kernelClass(), c.method(), jvmArgs);
    }
    try (Device sim = SimDevice.withModuleRoots(List.of(root))) {
      sim.launch(c.launch(), c.kernelClass(), c.method(), simArgs);
    }
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

  /** Compiles the class's kernels into a fresh module root, once per class and options. */
  private static Path build(Class<?> kernelClass, CompilerOptions options) {
    String key = kernelClass.getName() + " " + options;
    return BUILT.computeIfAbsent(key, k -> compile(kernelClass, options));
  }

  private static Path compile(Class<?> kernelClass, CompilerOptions options) {
    Diagnostics d = new Diagnostics();
    ClassResult r =
        new Pipeline(options.withVerifyEachPass(true), DumpSink.NONE)
            .compile(TestClasses.node(kernelClass.getName()), TestClasses.classPath(), d);
    if (!r.succeeded()) {
      throw new AssertionError("compilation failed: " + d.all());
    }
    try {
      Path root = Files.createTempDirectory("jptx-differential");
      List<String> lines = new ArrayList<>();
      for (Map.Entry<SmTarget, String> m : r.modules().entrySet()) {
        Tools.assertAssembles(m.getValue(), m.getKey(), options.fastMath());
        AtomicFiles.write(ModuleLayout.module(root, r.className(), m.getKey()), m.getValue());
      }
      for (KernelSpec k : r.kernels()) {
        lines.add(ModuleLayout.indexLine(k, List.copyOf(r.modules().keySet())));
      }
      AtomicFiles.write(ModuleLayout.index(root), String.join("\n", lines) + "\n");
      return root;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object[] copy(Object[] args) {
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
