package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The math section's function table against its sources: the kernels of MathKernels.java and
 * math.cu (which take two arrays), and the CUDA bounds of docs/math-accuracy.md.
 */
class MathFunctionTest {
  private static final Pattern JAVA_KERNEL =
      Pattern.compile("public static void (\\w+)K\\(int n, ([^)]*)\\)");
  private static final Pattern CUDA_KERNEL =
      Pattern.compile("__global__ void (\\w+)K\\(int n, ([^)]*)\\)");
  private static final Pattern DOC_ROW = Pattern.compile("(?m)^\\| `(\\w+)` \\| (\\d+) \\|");

  /** The checkout: the first directory above the working directory with benchmarks/math. */
  private static Path checkout() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      if (Files.isDirectory(d.resolve("benchmarks/math"))) {
        return d;
      }
    }
    throw new AssertionError("no benchmarks/math above " + Path.of("").toAbsolutePath());
  }

  /** Each kernel's function name and whether it takes a second input array. */
  private static Map<String, Boolean> kernels(String file, Pattern kernel) throws IOException {
    Matcher m = kernel.matcher(Files.readString(checkout().resolve(file), StandardCharsets.UTF_8));
    Map<String, Boolean> found = new TreeMap<>();
    while (m.find()) {
      if (!m.group(1).equals("copy")) {
        found.put(m.group(1), m.group(2).split(",").length == 3);
      }
    }
    return found;
  }

  private static Map<String, Boolean> table() {
    Map<String, Boolean> table = new TreeMap<>();
    Arrays.stream(MathFunction.values()).forEach(f -> table.put(f.functionName(), f.binary()));
    return table;
  }

  @Test
  void values_areTheKernelsOfBothSourcesWithTheirArity() throws IOException {
    assertEquals(23, MathFunction.values().length);
    assertEquals(kernels("benchmarks/math/MathKernels.java", JAVA_KERNEL), table());
    assertEquals(kernels("benchmarks/math/math.cu", CUDA_KERNEL), table());
  }

  @Test
  void bound_isTheDocumentedCudaBound() throws IOException {
    Matcher m =
        DOC_ROW.matcher(
            Files.readString(checkout().resolve("docs/math-accuracy.md"), StandardCharsets.UTF_8));
    Map<String, Double> documented = new TreeMap<>();
    while (m.find()) {
      documented.put(m.group(1), Double.parseDouble(m.group(2)));
    }
    Map<String, Double> bounds = new TreeMap<>();
    Arrays.stream(MathFunction.values()).forEach(f -> bounds.put(f.functionName(), f.bound()));
    assertEquals(documented, bounds);
  }

  @Test
  void withinBound_acceptsACorrectlyRoundedSqrtOnly() {
    assertEquals(true, MathFunction.SQRT.withinBound(0.5));
    assertEquals(false, MathFunction.SQRT.withinBound(0.51));
    assertEquals(true, MathFunction.SINH.withinBound(3));
    assertEquals(false, MathFunction.SINH.withinBound(3.001));
    assertEquals(false, MathFunction.SIN.withinBound(Double.POSITIVE_INFINITY));
  }
}
