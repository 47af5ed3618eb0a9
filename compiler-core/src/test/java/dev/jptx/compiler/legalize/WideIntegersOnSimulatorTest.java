package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.IrOnSimulator;
import dev.jptx.runtime.Launch;
import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code i128} arithmetic, which the front end never produces, written as IR and expanded into
 * {@code i64} halves by type legalization (ExpandInteger): every operation the expansion knows, run
 * on the simulator and compared with {@link BigInteger}. Operands are built from two {@code i64}
 * halves (a shift by 64 and an or), results stored as two halves (a truncation and a shift).
 */
class WideIntegersOnSimulatorTest {
  private static final int THREADS = 64;

  /** {@code %A %B} from the pairs at {@code %0 %1}, {@code %S} the count at {@code %2}. */
  private static final String KERNEL =
      """
      kernel @wide(ptr.global %0, ptr.global %1, ptr.global %2, ptr.global %3) {
      b0:
        %4 = intrinsic i32 tid.x()
        %5 = sext i32 %4 to i64
        %6 = mul i64 %5, 16
        %7 = ptradd ptr.global %0, %6
        %8 = load i64 %7
        %9 = ptradd ptr.global %7, 8
        %10 = load i64 %9
        %11 = zext i64 %8 to i128
        %12 = zext i64 %10 to i128
        %13 = shl i128 %12, 64
        %14 = or i128 %13, %11
        %15 = ptradd ptr.global %1, %6
        %16 = load i64 %15
        %17 = ptradd ptr.global %15, 8
        %18 = load i64 %17
        %19 = zext i64 %16 to i128
        %20 = zext i64 %18 to i128
        %21 = shl i128 %20, 64
        %22 = or i128 %21, %19
        %23 = mul i64 %5, 4
        %24 = ptradd ptr.global %2, %23
        %25 = load i32 %24
        %26 = zext i32 %25 to i128
        %27 = mul i64 %5, 256
        %28 = ptradd ptr.global %3, %27
      $RESULTS
        ret
      }
      """;

  /** Each result: its IR, the value name it defines, and its BigInteger meaning. */
  private record Op(String ir, String name) {}

  private static final List<Op> OPS =
      List.of(
          new Op("%30 = add i128 %14, %22", "%30"),
          new Op("%31 = sub i128 %14, %22", "%31"),
          new Op("%32 = mul i128 %14, %22", "%32"),
          new Op("%33 = shl i128 %14, %26", "%33"),
          new Op("%34 = lshr i128 %14, %26", "%34"),
          new Op("%35 = ashr i128 %14, %26", "%35"),
          new Op("%36 = xor i128 %14, %22", "%36"),
          new Op("%37 = sext i64 %8 to i128\n  %38 = add i128 %37, %22", "%38"),
          new Op("%39 = icmp slt i128 %14, %22\n  %40 = select i128 %39, %14, %22", "%40"),
          new Op("%41 = icmp ult i128 %14, %22\n  %42 = zext i1 %41 to i128", "%42"),
          new Op("%43 = icmp sge i128 %14, %22\n  %44 = zext i1 %43 to i128", "%44"),
          new Op("%45 = icmp eq i128 %14, %14\n  %46 = zext i1 %45 to i128", "%46"),
          new Op("%47 = and i128 %14, -4\n  %48 = sub i128 %47, 1", "%48"));

  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90", "-O2 sm_52");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void expandedI128_matchesBigInteger(String name, CompilerOptions options) {
    long[] a = new long[2 * THREADS];
    long[] b = new long[2 * THREADS];
    int[] counts = new int[THREADS];
    fill(a, b, counts);
    long[] out = new long[32 * THREADS];
    IrOnSimulator.run(
        kernel(), "wide", options, Launch.grid1d(THREADS, THREADS), a, b, counts, out);
    for (int t = 0; t < THREADS; t++) {
      BigInteger x = wide(a[2 * t], a[2 * t + 1]);
      BigInteger y = wide(b[2 * t], b[2 * t + 1]);
      int s = counts[t] & 127;
      BigInteger[] expected = {
        x.add(y),
        x.subtract(y),
        x.multiply(y),
        x.shiftLeft(s),
        unsigned(x).shiftRight(s),
        x.shiftRight(s),
        x.xor(y),
        BigInteger.valueOf(a[2 * t]).add(y),
        x.compareTo(y) < 0 ? x : y,
        BigInteger.valueOf(unsigned(x).compareTo(unsigned(y)) < 0 ? 1 : 0),
        BigInteger.valueOf(x.compareTo(y) >= 0 ? 1 : 0),
        BigInteger.ONE,
        x.and(BigInteger.valueOf(-4)).subtract(BigInteger.ONE)
      };
      for (int k = 0; k < OPS.size(); k++) {
        BigInteger got = wide(out[32 * t + 2 * k], out[32 * t + 2 * k + 1]);
        assertEquals(
            signed(expected[k]),
            got,
            "thread " + t + ": " + OPS.get(k).ir() + " of " + x + ", " + y + ", " + s);
      }
    }
  }

  /** {@code x^5} of a sign-extended i64 in a loop: an i128 phi crossing blocks in two registers. */
  private static final String POWER =
      """
      kernel @power(ptr.global %0, ptr.global %1) {
      b0:
        %2 = intrinsic i32 tid.x()
        %3 = sext i32 %2 to i64
        %4 = mul i64 %3, 8
        %5 = ptradd ptr.global %0, %4
        %6 = load i64 %5
        %7 = sext i64 %6 to i128
        jump b1
      b1:
        %8 = phi i128 [b0: 1], [b2: %10]
        %9 = phi i32 [b0: 0], [b2: %11]
        %12 = icmp slt i32 %9, 5
        br %12, b2, b3
      b2:
        %10 = mul i128 %8, %7
        %11 = add i32 %9, 1
        jump b1
      b3:
        %13 = mul i64 %3, 16
        %14 = ptradd ptr.global %1, %13
        %15 = trunc i128 %8 to i64
        store i64 %15, %14
        %16 = lshr i128 %8, 64
        %17 = trunc i128 %16 to i64
        %18 = ptradd ptr.global %14, 8
        store i64 %17, %18
        ret
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void i128AcrossBlocks_inTwoRegisters(String name, CompilerOptions options) {
    long[] x = new long[THREADS];
    SplittableRandom r = new SplittableRandom(5);
    for (int t = 0; t < THREADS; t++) {
      x[t] = t < 3 ? new long[] {-1, Long.MIN_VALUE, 3}[t] : r.nextLong() >> r.nextInt(64);
    }
    long[] out = new long[2 * THREADS];
    IrOnSimulator.run(POWER, "power", options, Launch.grid1d(THREADS, THREADS), x, out);
    for (int t = 0; t < THREADS; t++) {
      BigInteger expected = signed(BigInteger.valueOf(x[t]).pow(5));
      assertEquals(expected, wide(out[2 * t], out[2 * t + 1]), "x = " + x[t]);
    }
  }

  private static String kernel() {
    StringBuilder body = new StringBuilder();
    for (int k = 0; k < OPS.size(); k++) {
      Op op = OPS.get(k);
      int v = 100 + 5 * k;
      body.append("  ").append(op.ir()).append('\n');
      body.append(String.format("  %%%d = trunc i128 %s to i64%n", v, op.name()));
      body.append(String.format("  %%%d = lshr i128 %s, 64%n", v + 1, op.name()));
      body.append(String.format("  %%%d = trunc i128 %%%d to i64%n", v + 2, v + 1));
      body.append(String.format("  %%%d = ptradd ptr.global %%28, %d%n", v + 3, 16 * k));
      body.append(String.format("  store i64 %%%d, %%%d%n", v, v + 3));
      body.append(String.format("  %%%d = ptradd ptr.global %%28, %d%n", v + 4, 16 * k + 8));
      body.append(String.format("  store i64 %%%d, %%%d%n", v + 2, v + 4));
    }
    return KERNEL.replace("$RESULTS\n", body.toString());
  }

  private static void fill(long[] a, long[] b, int[] counts) {
    SplittableRandom r = new SplittableRandom(128);
    long[] edges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32};
    for (int i = 0; i < a.length; i++) {
      a[i] = i < edges.length ? edges[i] : r.nextLong();
      b[i] = i < edges.length ? edges[edges.length - 1 - i] : r.nextLong();
    }
    a[10] = b[10];
    a[11] = b[11];
    for (int t = 0; t < counts.length; t++) {
      counts[t] = t < 4 ? new int[] {0, 63, 64, 127}[t] : r.nextInt();
    }
  }

  private static BigInteger wide(long lo, long hi) {
    return BigInteger.valueOf(hi).shiftLeft(64).add(unsigned(BigInteger.valueOf(lo)).mod(TWO64));
  }

  private static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);
  private static final BigInteger TWO128 = BigInteger.ONE.shiftLeft(128);

  private static BigInteger unsigned(BigInteger v) {
    return v.mod(TWO128);
  }

  /** {@code v} reduced to the signed 128-bit range. */
  private static BigInteger signed(BigInteger v) {
    BigInteger u = v.mod(TWO128);
    return u.testBit(127) ? u.subtract(TWO128) : u;
  }
}
