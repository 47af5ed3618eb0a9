package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.IrOnSimulator;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code (x >>> pos) & (2^len - 1)} selected as {@code bfe}, at fields inside the value, touching
 * its top and reaching past it (where the shift leaves zeros and bfe fills zeros), against Java.
 */
class BitFieldsOnSimulatorTest {
  private static final int[][] FIELDS = {{0, 1}, {8, 8}, {20, 12}, {28, 8}, {31, 1}, {5, 31}};

  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void fields_matchJavasShiftAndMask(String name, CompilerOptions options) {
    StringBuilder ir =
        new StringBuilder(
            """
            kernel @fields(ptr.global %0, ptr.global %1, ptr.global %2, ptr.global %3) {
            b0:
              %4 = intrinsic i32 tid.x()
              %5 = sext i32 %4 to i64
              %6 = mul i64 %5, 4
              %7 = ptradd ptr.global %0, %6
              %8 = load i32 %7
              %9 = mul i64 %5, 8
              %10 = ptradd ptr.global %1, %9
              %11 = load i64 %10
              %12 = mul i64 %5, %K4
              %13 = ptradd ptr.global %2, %12
              %14 = mul i64 %5, %K8
              %15 = ptradd ptr.global %3, %14
            """
                .replace("%K4", Integer.toString(4 * FIELDS.length))
                .replace("%K8", Integer.toString(8 * FIELDS.length)));
    for (int k = 0; k < FIELDS.length; k++) {
      int v = 20 + 8 * k;
      long mask32 = (1L << FIELDS[k][1]) - 1;
      long mask64 = (1L << (FIELDS[k][1] + 20)) - 1;
      ir.append(String.format("  %%%d = lshr i32 %%8, %d%n", v, FIELDS[k][0]));
      ir.append(String.format("  %%%d = and i32 %%%d, %d%n", v + 1, v, (int) mask32));
      ir.append(String.format("  %%%d = ptradd ptr.global %%13, %d%n", v + 2, 4 * k));
      ir.append(String.format("  store i32 %%%d, %%%d%n", v + 1, v + 2));
      ir.append(String.format("  %%%d = lshr i64 %%11, %d%n", v + 3, FIELDS[k][0] + 10));
      ir.append(String.format("  %%%d = and i64 %%%d, %d%n", v + 4, v + 3, mask64));
      ir.append(String.format("  %%%d = ptradd ptr.global %%15, %d%n", v + 5, 8 * k));
      ir.append(String.format("  store i64 %%%d, %%%d%n", v + 4, v + 5));
    }
    ir.append("  ret\n}\n");
    int n = 64;
    SplittableRandom r = new SplittableRandom(3);
    int[] x = new int[n];
    long[] y = new long[n];
    for (int t = 0; t < n; t++) {
      x[t] = t == 0 ? -1 : r.nextInt();
      y[t] = t == 0 ? -1 : r.nextLong();
    }
    int[] out32 = new int[n * FIELDS.length];
    long[] out64 = new long[n * FIELDS.length];
    String ptx =
        IrOnSimulator.run(
            ir.toString(), "fields", options, Launch.grid1d(n, n), x, y, out32, out64);
    assertTrue(ptx.contains("bfe.u32") && ptx.contains("bfe.u64"), ptx);
    for (int t = 0; t < n; t++) {
      for (int k = 0; k < FIELDS.length; k++) {
        int pos = FIELDS[k][0];
        int len = FIELDS[k][1];
        assertEquals((x[t] >>> pos) & (int) ((1L << len) - 1), out32[t * FIELDS.length + k]);
        assertEquals(
            (y[t] >>> (pos + 10)) & ((1L << (len + 20)) - 1), out64[t * FIELDS.length + k]);
      }
    }
  }
}
