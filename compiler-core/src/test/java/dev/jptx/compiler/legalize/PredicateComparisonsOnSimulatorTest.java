package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.IrOnSimulator;
import dev.jptx.runtime.Launch;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Comparisons of {@code i1} values (the condition-code table expands them into predicate logic) for
 * all four input pairs and all ten integer predicates, on the simulator against Java's reading of
 * true as 1 (unsigned) or -1 (signed).
 */
class PredicateComparisonsOnSimulatorTest {
  private static final String[] PREDICATES = {
    "eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"
  };

  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void everyPredicateOnEveryPair(String name, CompilerOptions options) {
    StringBuilder ir =
        new StringBuilder(
            """
            kernel @cmp(ptr.global %0, ptr.global %1) {
            b0:
              %2 = intrinsic i32 tid.x()
              %3 = sext i32 %2 to i64
              %4 = mul i64 %3, 4
              %5 = ptradd ptr.global %0, %4
              %6 = load i32 %5
              %7 = and i32 %6, 1
              %8 = icmp ne i32 %7, 0
              %9 = and i32 %6, 2
              %10 = icmp ne i32 %9, 0
              %11 = mul i64 %3, 40
              %12 = ptradd ptr.global %1, %11
            """);
    for (int k = 0; k < PREDICATES.length; k++) {
      int v = 20 + 4 * k;
      ir.append(String.format("  %%%d = icmp %s i1 %%8, %%10%n", v, PREDICATES[k]));
      ir.append(String.format("  %%%d = zext i1 %%%d to i32%n", v + 1, v));
      ir.append(String.format("  %%%d = ptradd ptr.global %%12, %d%n", v + 2, 4 * k));
      ir.append(String.format("  store i32 %%%d, %%%d%n", v + 1, v + 2));
    }
    ir.append("  ret\n}\n");
    int[] in = {0, 1, 2, 3};
    int[] out = new int[4 * PREDICATES.length];
    String ptx = IrOnSimulator.run(ir.toString(), "cmp", options, Launch.grid1d(4, 4), in, out);
    // the comparisons are predicate logic (setp has no .pred form to fall back on)
    assertTrue(ptx.contains("xor.pred"), ptx);
    for (int t = 0; t < 4; t++) {
      int ua = t & 1;
      int ub = (t >> 1) & 1;
      int sa = -ua;
      int sb = -ub;
      boolean[] expected = {
        ua == ub, ua != ub, ua < ub, ua <= ub, ua > ub, ua >= ub, sa < sb, sa <= sb, sa > sb,
        sa >= sb
      };
      for (int k = 0; k < PREDICATES.length; k++) {
        assertEquals(
            expected[k] ? 1 : 0,
            out[t * PREDICATES.length + k],
            PREDICATES[k] + " of " + ua + ", " + ub);
      }
    }
  }
}
