package dev.jptx.runtime.sim.alu;

import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Random operands biased toward the cases that make rounding interesting, and a runner. */
final class Gen {
  static final int[] F32_EDGES = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fffffff, 0xffc00001,
    0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000, 0x7f7fffff,
    0xff7fffff, 0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x33800000, 0x34000000,
    0x00400000, 0x40000000, 0x4b000000, 0x4b800000, 0x3effffff, 0x3f000000,
  };

  static final long[] F64_EDGES = {
    0L,
    0x8000000000000000L,
    0x7ff0000000000000L,
    0xfff0000000000000L,
    0x7ff8000000000000L,
    0x0000000000000001L,
    0x8000000000000001L,
    0x000fffffffffffffL,
    0x0010000000000000L,
    0x7fefffffffffffffL,
    0xffefffffffffffffL,
    0x3ff0000000000000L,
    0xbff0000000000000L,
    0x3ff0000000000001L,
    0x3fefffffffffffffL,
    0x3ca0000000000000L,
    0x0008000000000000L,
  };

  private Gen() {}

  /** An f32: edges, random bits, or values with exponents near {@code near}'s. */
  static int f32(SplittableRandom r, int near) {
    int k = r.nextInt(16);
    if (k == 0) {
      return F32_EDGES[r.nextInt(F32_EDGES.length)];
    }
    if (k < 6) {
      return r.nextInt();
    }
    int exp = (near >>> 23 & 0xff) + r.nextInt(-30, 31);
    if (k < 8) {
      exp = r.nextInt(0, 8); // subnormal and tiny normal range
    }
    exp = Math.max(0, Math.min(254, exp));
    int frac = k < 10 ? r.nextInt() & 0x7fffff : sparse(r) & 0x7fffff;
    return (r.nextBoolean() ? 0x80000000 : 0) | exp << 23 | frac;
  }

  /** An f64: edges, random bits, or values with exponents near {@code near}'s. */
  static long f64(SplittableRandom r, long near) {
    int k = r.nextInt(16);
    if (k == 0) {
      return F64_EDGES[r.nextInt(F64_EDGES.length)];
    }
    if (k < 6) {
      return r.nextLong();
    }
    long exp = (near >>> 52 & 0x7ff) + r.nextInt(-60, 61);
    if (k < 8) {
      exp = r.nextInt(0, 8);
    }
    exp = Math.max(0, Math.min(2046, exp));
    long frac = k < 10 ? r.nextLong() : (long) sparse(r) << 29 ^ (r.nextBoolean() ? 0 : 1);
    return (r.nextBoolean() ? 0x8000000000000000L : 0) | exp << 52 | frac & 0xfffffffffffffL;
  }

  /** A 16-bit pattern: random, or near {@code near}'s exponent. */
  static int half(SplittableRandom r, int near, int expShift) {
    if (r.nextBoolean()) {
      return r.nextInt(0x10000);
    }
    int expMask = (0x7fff >>> expShift);
    int exp = (near >>> expShift & expMask) + r.nextInt(-12, 13);
    exp = Math.max(0, Math.min(expMask - 1, exp));
    int frac = r.nextInt() & ((1 << expShift) - 1);
    return (r.nextBoolean() ? 0x8000 : 0) | exp << expShift | frac;
  }

  /** Few set bits: makes exact and halfway results likely. */
  private static int sparse(SplittableRandom r) {
    int v = 0;
    for (int i = r.nextInt(4); i >= 0; i--) {
      v |= 1 << r.nextInt(32);
    }
    return v;
  }

  /**
   * Runs {@code n} cases in parallel, each with its own deterministic random source; a case returns
   * null when it passes or a description when it fails.
   *
   * @return the first few failures, empty when all pass
   */
  static String run(int n, IntFunction<String> caseFn) {
    return IntStream.range(0, n)
        .parallel()
        .unordered()
        .mapToObj(caseFn)
        .filter(s -> s != null)
        .limit(5)
        .collect(Collectors.joining("\n"));
  }

  static SplittableRandom rng(long seed, int i) {
    return new SplittableRandom(seed * 0x9e3779b97f4a7c15L + i);
  }

  static String hex(int v) {
    return String.format("0x%08x", v);
  }

  static String hex(long v) {
    return String.format("0x%016x", v);
  }
}
