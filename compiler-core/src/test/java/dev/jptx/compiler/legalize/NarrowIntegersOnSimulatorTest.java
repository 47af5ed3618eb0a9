package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.IrOnSimulator;
import dev.jptx.runtime.Launch;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code i8} arithmetic, which Java never does (it computes bytes as {@code int}), written as IR:
 * type legalization promotes it to {@code i16} (PromoteInteger) and the 16-bit operations are
 * selected as PTX's {@code .s16} instructions, shifts and divisions with Java's rules (counts
 * masked to the byte's width, {@code MIN / -1 == MIN}). Each result is stored as a byte (a
 * truncating store) and compared with Java's byte arithmetic.
 */
class NarrowIntegersOnSimulatorTest {
  private static final int THREADS = 128;

  private record Op(String ir, IntBinaryOperator java) {}

  private static final List<Op> OPS =
      List.of(
          new Op("add i8 %a, %b", (a, b) -> a + b),
          new Op("sub i8 %a, %b", (a, b) -> a - b),
          new Op("mul i8 %a, %b", (a, b) -> a * b),
          new Op("sdiv i8 %a, %nz", (a, b) -> a / nz(b)),
          new Op("srem i8 %a, %nz", (a, b) -> a % nz(b)),
          new Op("udiv i8 %a, %nz", (a, b) -> (a & 0xff) / (nz(b) & 0xff)),
          new Op("shl i8 %a, %b", (a, b) -> a << (b & 7)),
          new Op("ashr i8 %a, %b", (a, b) -> a >> (b & 7)),
          new Op("lshr i8 %a, %b", (a, b) -> (a & 0xff) >>> (b & 7)),
          new Op("xor i8 %a, %b", (a, b) -> a ^ b),
          new Op("icmp slt i8 %a, %b", (a, b) -> a < b ? 1 : 0),
          new Op("icmp ult i8 %a, %b", (a, b) -> (a & 0xff) < (b & 0xff) ? 1 : 0));

  /** A divisor that is never zero: {@code b | 1}. */
  private static int nz(int b) {
    return (byte) (b | 1);
  }

  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90", "-O2 sm_52");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void promotedBytes_matchJavasByteArithmetic(String name, CompilerOptions options) {
    byte[] a = new byte[THREADS];
    byte[] b = new byte[THREADS];
    SplittableRandom r = new SplittableRandom(8);
    byte[] edges = {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, 7, 8, -8};
    for (int t = 0; t < THREADS; t++) {
      a[t] = t < edges.length * edges.length ? edges[t / edges.length] : (byte) r.nextInt();
      b[t] = t < edges.length * edges.length ? edges[t % edges.length] : (byte) r.nextInt();
    }
    byte[] out = new byte[THREADS * OPS.size()];
    IrOnSimulator.run(kernel(), "bytes", options, Launch.grid1d(THREADS, 64), a, b, out);
    for (int t = 0; t < THREADS; t++) {
      for (int k = 0; k < OPS.size(); k++) {
        byte expected = (byte) OPS.get(k).java().applyAsInt(a[t], b[t]);
        assertEquals(
            expected, out[t * OPS.size() + k], OPS.get(k).ir() + " of " + a[t] + ", " + b[t]);
      }
    }
  }

  private static String kernel() {
    StringBuilder ir =
        new StringBuilder(
            """
            kernel @bytes(ptr.global %0, ptr.global %1, ptr.global %2) {
            b0:
              %3 = intrinsic i32 tid.x()
              %4 = intrinsic i32 ctaid.x()
              %5 = mul i32 %4, 64
              %6 = add i32 %5, %3
              %7 = sext i32 %6 to i64
              %8 = ptradd ptr.global %0, %7
              %a = load i8 %8
              %9 = ptradd ptr.global %1, %7
              %b = load i8 %9
              %nz = or i8 %b, 1
            """
                .replace("%a", "%10")
                .replace("%b", "%11")
                .replace("%nz", "%12"));
    ir.append(String.format("  %%13 = mul i64 %%7, %d%n", OPS.size()));
    ir.append("  %14 = ptradd ptr.global %2, %13\n");
    for (int k = 0; k < OPS.size(); k++) {
      int v = 20 + 3 * k;
      String op = OPS.get(k).ir().replace("%nz", "%12").replace("%a", "%10").replace("%b", "%11");
      if (op.startsWith("icmp")) {
        ir.append(String.format("  %%%d = %s%n", v + 2, op));
        ir.append(String.format("  %%%d = zext i1 %%%d to i8%n", v, v + 2));
      } else {
        ir.append(String.format("  %%%d = %s%n", v, op));
      }
      ir.append(String.format("  %%%d = ptradd ptr.global %%14, %d%n", v + 1, k));
      ir.append(String.format("  store i8 %%%d, %%%d%n", v, v + 1));
    }
    return ir.append("  ret\n}\n").toString();
  }
}
