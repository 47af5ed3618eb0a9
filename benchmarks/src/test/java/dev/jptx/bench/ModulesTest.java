package dev.jptx.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The plugin built what the simulator runs: every kernel of the suite is in {@code kernels.list}
 * for sm_75 and sm_90, under the CUDA kernel's name, and each class has its two modules.
 */
class ModulesTest {
  private static final String ROOT = "META-INF/jptx/";

  /** The kernels of one class, in the README's order. */
  record KernelClass(Class<?> type, List<String> kernels) {}

  /** The 22 kernels of the suite. */
  static final List<KernelClass> SUITE =
      List.of(
          new KernelClass(
              Elementwise.class,
              List.of(
                  "vecAdd", "saxpy", "daxpy", "bitonicStep", "hash64", "polyA", "polyB", "polyC")),
          new KernelClass(Loops.class, List.of("mandelbrot", "spmvCsr", "dotLoop")),
          new KernelClass(Physics.class, List.of("nbody", "blackScholes")),
          new KernelClass(Stencils.class, List.of("jacobi2d", "conv1d")),
          new KernelClass(Tiles.class, List.of("sgemmTiled", "transpose")),
          new KernelClass(
              Reductions.class, List.of("reduceSum", "warpReduceSum", "histogram256", "scanBlock")),
          new KernelClass(Half2.class, List.of("haxpy2")));

  @Test
  void suite_hasTwentyTwoKernels() {
    assertEquals(22, SUITE.stream().mapToInt(k -> k.kernels().size()).sum());
  }

  @TestFactory
  List<DynamicTest> kernelsList_namesEveryKernelForBothTargets() {
    Map<String, String> listed = listed();
    List<DynamicTest> tests = new ArrayList<>();
    for (KernelClass k : SUITE) {
      tests.add(dynamicTest(k.type().getSimpleName(), () -> checkListed(k, listed)));
    }
    return tests;
  }

  private void checkListed(KernelClass k, Map<String, String> listed) {
    for (String m : k.kernels()) {
      // entry name = method name = the CUDA kernel's name
      assertEquals(
          m + " sm_75,sm_90",
          listed.get(k.type().getName() + " " + m),
          "kernels.list line of " + m);
    }
    String dir = ROOT + k.type().getName().replace('.', '/') + "/";
    for (String target : List.of("sm_75", "sm_90")) {
      assertNotNull(getClass().getClassLoader().getResource(dir + target + ".ptx"), dir + target);
    }
  }

  /** {@code "<class> <method>"} to {@code "<entry> <targets>"}, from every index on the path. */
  private static Map<String, String> listed() {
    Map<String, String> listed = new TreeMap<>();
    try {
      Enumeration<URL> indexes =
          ModulesTest.class.getClassLoader().getResources(ROOT + "kernels.list");
      while (indexes.hasMoreElements()) {
        try (InputStream in = indexes.nextElement().openStream()) {
          for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.strip().split(" ");
            if (f.length == 5) {
              listed.put(f[0] + " " + f[1], f[2] + " " + f[4]);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return listed;
  }
}
