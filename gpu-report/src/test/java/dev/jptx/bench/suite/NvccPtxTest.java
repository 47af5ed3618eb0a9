package dev.jptx.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Checks what the harness assumes about nvcc's PTX (skipped without nvcc, as {@link NvccPtx} says):
 * the 22 entries exist with the parameters the cases pass, and the multiply-adds of the kernels
 * held to one rounding ({@link Compare#bitExactAs}) really are all {@code fma.rn} by default and
 * none with {@code --fmad=false}, so that a newer nvcc that contracts differently fails here,
 * naming the kernel, rather than as a simulator bug.
 */
class NvccPtxTest {
  /** The kernels whose check column accepts a fused or an unfused multiply-add chain. */
  private static final Set<String> CONTRACTIBLE =
      Set.of(
          "saxpy",
          "daxpy",
          "sgemmTiled",
          "spmvCsr",
          "dotLoop",
          "conv1d",
          "polyA",
          "polyB",
          "polyC");

  private static final Pattern ENTRY =
      Pattern.compile("\\.visible \\.entry (\\w+)\\(([^)]*)\\)\\s*\\{(.*?)\\n}", Pattern.DOTALL);
  private static final Pattern PARAM = Pattern.compile("\\.param \\.(\\w+) ");
  private static final Pattern FLOAT_MUL = Pattern.compile("\\bmul(\\.rn)?\\.f(32|64)\\b");
  private static final Pattern FMA = Pattern.compile("\\bfma\\.rn\\.f(32|64)\\b");

  /** An entry's parameter types and body. */
  private record Entry(List<String> params, String body) {}

  @ParameterizedTest
  @EnumSource(NvccPtx.Config.class)
  void entries_haveThePortsParameters(NvccPtx.Config config) {
    Map<String, Entry> entries = entries(NvccPtx.ptx(config));
    assertEquals(22, entries.size(), entries.keySet().toString());
    for (Method port : BenchPorts.class.getMethods()) {
      if (!port.isAnnotationPresent(Kernel.class)) {
        continue;
      }
      Entry entry = entries.get(port.getName());
      assertTrue(entry != null, config.label() + ": no entry " + port.getName());
      List<String> expected = new ArrayList<>();
      for (Class<?> type : port.getParameterTypes()) {
        if (type != boolean.class) { // the ports' fused flag is not a PTX parameter
          expected.add(ptxType(type));
        }
      }
      assertEquals(expected, entry.params(), config.label() + "/" + port.getName());
    }
  }

  @ParameterizedTest
  @EnumSource(NvccPtx.Config.class)
  void multiplyAdds_areRoundedAsTheConfigurationSays(NvccPtx.Config config) {
    Map<String, Entry> entries = entries(NvccPtx.ptx(config));
    for (String kernel : CONTRACTIBLE) {
      String body = entries.get(kernel).body();
      int fmas = count(FMA, body);
      int muls = count(FLOAT_MUL, body);
      String what = config.label() + "/" + kernel + ": " + fmas + " fma.rn, " + muls + " mul";
      if (config.contraction().fused()) {
        // polyB's final p * x is a product with nothing to add.
        assertTrue(fmas > 0 && muls == (kernel.equals("polyB") ? 1 : 0), what);
      } else {
        assertTrue(fmas == 0 && muls > 0, what);
      }
    }
  }

  private static Map<String, Entry> entries(String ptx) {
    Map<String, Entry> entries = new LinkedHashMap<>();
    Matcher m = ENTRY.matcher(ptx);
    while (m.find()) {
      List<String> params = new ArrayList<>();
      Matcher p = PARAM.matcher(m.group(2));
      while (p.find()) {
        params.add(p.group(1));
      }
      entries.put(m.group(1), new Entry(params, m.group(3)));
    }
    return entries;
  }

  private static String ptxType(Class<?> javaType) {
    if (javaType.isArray()) {
      return "u64";
    }
    if (javaType == int.class) {
      return "u32";
    }
    if (javaType == float.class) {
      return "f32";
    }
    if (javaType == double.class) {
      return "f64";
    }
    throw new IllegalArgumentException(javaType.toString());
  }

  private static int count(Pattern pattern, String text) {
    int n = 0;
    for (Matcher m = pattern.matcher(text); m.find(); ) {
      n++;
    }
    return n;
  }
}
