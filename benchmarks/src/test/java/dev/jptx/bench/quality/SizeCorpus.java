package dev.jptx.bench.quality;

import dev.jptx.Kernel;
import dev.jptx.bench.scaling.GeneratedKernel;
import dev.jptx.bench.scaling.KernelShape;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Issue #23's size corpus: kernels whose code repeats, where an outliner can win. The hand-written
 * ones of {@code dev.jptx.bench.size} (an unrolled z-marching stencil, a radix-8 FFT stage with its
 * twiddles, physics-style code with many inlined {@code GpuMath} calls, a small unrolled network),
 * and generated kernels of inlined {@code GpuMath} calls (the scaling benchmark's {@code
 * MATH_CALLS} shape) of about 5k, 20k and 50k PTX instructions at {@code -O3}.
 */
final class SizeCorpus {
  /** The hand-written corpus, relative to the test classes. */
  static final String PACKAGE = "dev/jptx/bench/size";

  /** Units of the generated kernels: about 5k, 20k and 50k PTX instructions at -O3. */
  static final List<Integer> GENERATED_UNITS = List.of(100, 400, 1000);

  /** Threads per launch of a corpus kernel. */
  static final int THREADS = 256;

  private SizeCorpus() {}

  /**
   * A class root to build, with the loader its kernel classes are launched through.
   *
   * @param label names its modules in the tables ({@code null}: each by its class's simple name)
   * @param classes the class root
   * @param loader loads its classes
   */
  record Input(String label, Path classes, ClassLoader loader) {}

  /**
   * The corpus's class roots under {@code work}: the hand-written classes copied from {@code
   * testClasses}, then each generated kernel.
   */
  static List<Input> prepare(Path testClasses, Path work) {
    List<Input> inputs = new ArrayList<>();
    inputs.add(new Input(null, hand(testClasses, work), SizeCorpus.class.getClassLoader()));
    for (int units : GENERATED_UNITS) {
      GeneratedKernel g =
          GeneratedKernel.of(KernelShape.MATH_CALLS, units, work.resolve("corpus/gen-" + units));
      inputs.add(new Input("MathCalls" + units, g.classes(), loader(g.classes())));
    }
    return inputs;
  }

  /**
   * The hand-written corpus's classes, copied from {@code testClasses} into a class root of their
   * own under {@code work}, so that a build compiles them and nothing else.
   */
  static Path hand(Path testClasses, Path work) {
    Path hand = work.resolve("corpus/hand");
    copy(testClasses.resolve(PACKAGE), hand.resolve(PACKAGE));
    return hand;
  }

  /** The {@code @Kernel} methods of {@code c}, by name. */
  static List<Method> kernels(Class<?> c) {
    return Arrays.stream(c.getDeclaredMethods())
        .filter(m -> m.isAnnotationPresent(Kernel.class) && Modifier.isStatic(m.getModifiers()))
        .sorted(Comparator.comparing(Method::getName))
        .toList();
  }

  /**
   * Runs {@code kernel} once on {@code device} over {@link #THREADS} threads, with every {@code
   * float[]} argument filled with the same fixed values and every {@code int} the thread count.
   *
   * @return the arguments after the launch
   */
  static Object[] launch(Device device, Method kernel) {
    Class<?>[] types = kernel.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int k = 0; k < types.length; k++) {
      if (types[k] == float[].class) {
        float[] a = new float[64 * THREADS + 4096];
        for (int i = 0; i < a.length; i++) {
          a[i] = 0.5f + (i * 7919 % 1000) / 1000f;
        }
        args[k] = a;
      } else if (types[k] == int.class) {
        args[k] = THREADS;
      } else {
        throw new IllegalArgumentException(kernel + ": no value for a parameter of " + types[k]);
      }
    }
    device.launch(Launch.grid1d(THREADS, 128), kernel.getDeclaringClass(), kernel.getName(), args);
    return args;
  }

  private static ClassLoader loader(Path classes) {
    try {
      return new URLClassLoader(
          new URL[] {classes.toUri().toURL()}, SizeCorpus.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void copy(Path from, Path to) {
    try (Stream<Path> files = Files.list(from)) {
      Files.createDirectories(to);
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
