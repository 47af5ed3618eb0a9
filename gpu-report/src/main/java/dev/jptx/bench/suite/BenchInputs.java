package dev.jptx.bench.suite;

import dev.jptx.Gpu;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Deterministic inputs and launch shapes for the 22 kernels, within the README's valid sizes and
 * value ranges. Every call returns fresh arrays from its own seed, so that kernels do not depend on
 * each other's draws and a caller may hand the arrays to a launch (which overwrites outputs).
 *
 * <p>Sizes are chosen so that every 1D launch ends with a partial block (and some with a block
 * entirely past {@code n}), 2D launches are partial in both directions, and the whole suite stays
 * small for a simulator: about 15 M thread-instructions per configuration. Output arrays are {@link
 * #PAD} elements longer than the kernel writes and prefilled with {@link #SENTINEL} values, so that
 * a write past the end (or to an element the kernel must not touch) shows up as a mismatch.
 *
 * <p>The building blocks ({@link #random}, {@link #floats}, {@link #floatOutput}, {@link #oneD},
 * ...) are public for other harnesses of the same kernels, such as the benchmarks module's tests,
 * which draw their own sizes.
 */
public final class BenchInputs {
  /** Extra output elements past what a kernel writes. */
  public static final int PAD = 3;

  /** The prior value of every output element of the float kernels. */
  public static final float SENTINEL = -1234.5f;

  /** The prior value of every output element of the int kernels. */
  public static final int INT_SENTINEL = 0x5eed_f00d;

  private static final long SEED = 0x6a09_e667_f3bc_c909L;

  private BenchInputs() {}

  /** 1. vecAdd's arguments in PTX parameter order; {@code c} is the prior output. */
  public record VecAdd(int n, int[] a, int[] b, int[] c, Launch launch) {}

  /** 2. saxpy's arguments; {@code y} is read and written. */
  public record Saxpy(int n, float a, float[] x, float[] y, Launch launch) {}

  /** 3. daxpy's arguments; {@code y} is read and written. */
  public record Daxpy(int n, double a, double[] x, double[] y, Launch launch) {}

  /** 4. reduceSum's arguments; {@code grid} blocks, so {@code grid} partial sums. */
  public record ReduceSum(int n, float[] in, int grid, float[] partial, Launch launch) {}

  /** 5. warpReduceSum's arguments; {@code out} holds one zero (the host zeroes it). */
  public record WarpReduceSum(int n, float[] in, float[] out, Launch launch) {}

  /** 6. sgemmTiled's arguments: n x n matrices, {@code c} the prior output. */
  public record Sgemm(int n, float[] a, float[] b, float[] c, Launch launch) {}

  /** 7. transpose's arguments: {@code in} is rows x cols, {@code out} the prior cols x rows. */
  public record Transpose(int rows, int cols, float[] in, float[] out, Launch launch) {}

  /** 8. histogram256's arguments; {@code bins} are zero (the host zeroes them). */
  public record Histogram(int n, byte[] data, int[] bins, Launch launch) {}

  /** 9. mandelbrot's arguments; {@code iters} is the prior output. */
  public record Mandelbrot(
      int width,
      int height,
      int maxIter,
      float x0,
      float y0,
      float dx,
      float dy,
      int[] iters,
      Launch launch) {}

  /** 10. nbody's arguments: (x, y, z, m) per body in {@code pos}, (vx, vy, vz) in {@code vel}. */
  public record Nbody(
      int n, float dt, float[] pos, float[] vel, float[] newPos, float[] newVel, Launch launch) {}

  /** 11. blackScholes' arguments: spot {@code s}, strike {@code x}, years {@code t}. */
  public record BlackScholes(
      int n,
      float r,
      float v,
      float[] s,
      float[] x,
      float[] t,
      float[] call,
      float[] put,
      Launch launch) {}

  /** 12. jacobi2d's arguments: a w x h grid; {@code out} is the prior output. */
  public record Jacobi(int w, int h, float[] in, float[] out, Launch launch) {}

  /** 13. scanBlock's arguments. */
  public record Scan(int n, int[] in, int[] out, Launch launch) {}

  /** 14. spmvCsr's arguments: a CSR matrix of {@code rows} rows, {@code x}, prior {@code y}. */
  public record Spmv(
      int rows, int[] rowPtr, int[] colIdx, float[] vals, float[] x, float[] y, Launch launch) {}

  /** 15. dotLoop's arguments: {@code a} is n x m, {@code b} has m elements. */
  public record DotLoop(int n, int m, float[] a, float[] b, float[] out, Launch launch) {}

  /** 16. haxpy2's arguments: packed half2 words, {@code a2} by value. */
  public record Haxpy2(int n2, int a2, int[] x, int[] y, Launch launch) {}

  /** 17. conv1d's arguments: {@code w} holds the 9 taps. */
  public record Conv1d(int n, float[] in, float[] w, float[] out, Launch launch) {}

  /** 18. bitonicStep's data; {@code launch} is the shape of every step of the sort. */
  public record Bitonic(int n, int[] data, Launch launch) {}

  /** 19. hash64's arguments. */
  public record Hash64(int n, long[] in, long[] out, Launch launch) {}

  /** 20. The arguments polyA, polyB and polyC share. */
  public record Poly(int n, float[] x, float[] y, Launch launch) {}

  /** 1: full-range ints (so sums wrap), a spare block past {@code n}. */
  public static VecAdd vecAdd() {
    return vecAdd(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static VecAdd vecAdd(BenchScale s) {
    SplittableRandom r = random(1);
    int n = s.pick(10_000, 1 << 24);
    return new VecAdd(n, ints(r, n), ints(r, n), intOutput(n), oneD(n, 256, 1));
  }

  /** 2. */
  public static Saxpy saxpy() {
    return saxpy(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Saxpy saxpy(BenchScale s) {
    SplittableRandom r = random(2);
    int n = s.pick(10_001, (1 << 24) + 1);
    return new Saxpy(
        n, 1.7f, floats(r, n, -10, 10), padded(floats(r, n, -10, 10)), oneD(n, 128, 0));
  }

  /** 3. */
  public static Daxpy daxpy() {
    return daxpy(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Daxpy daxpy(BenchScale s) {
    SplittableRandom r = random(3);
    int n = s.pick(7_777, (1 << 23) - 7);
    double[] x = new double[n];
    double[] y = new double[n + PAD];
    Arrays.fill(y, SENTINEL);
    for (int i = 0; i < n; i++) {
      x[i] = r.nextDouble(-10, 10);
      y[i] = r.nextDouble(-10, 10);
    }
    return new Daxpy(n, -0.3, x, y, oneD(n, 96, 0));
  }

  /** 4: one block more than {@code n} needs, which must write 0.0f. */
  public static ReduceSum reduceSum() {
    return reduceSum(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static ReduceSum reduceSum(BenchScale s) {
    SplittableRandom r = random(4);
    int n = s.pick(20_000, 1 << 26);
    int grid = (n + 255) / 256 + 1;
    return new ReduceSum(
        n, floats(r, n, -1, 1), grid, floatOutput(grid), Launch.of(Dim3.of(grid), Dim3.of(256)));
  }

  /** 5: 7 blocks of 3 warps, so each thread sums about 45 elements in the grid-stride loop. */
  public static WarpReduceSum warpReduceSum() {
    return warpReduceSum(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static WarpReduceSum warpReduceSum(BenchScale s) {
    SplittableRandom r = random(5);
    int n = s.pick(30_000, 1 << 26);
    return new WarpReduceSum(
        n, floats(r, n, -1, 1), new float[1], Launch.of(Dim3.of(s.pick(7, 2048)), Dim3.of(96)));
  }

  /** 6: n = 48, three tiles along k. */
  public static Sgemm sgemm() {
    return sgemm(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Sgemm sgemm(BenchScale s) {
    SplittableRandom r = random(6);
    int n = s.pick(48, 1024);
    return new Sgemm(
        n,
        floats(r, n * n, -1, 1),
        floats(r, n * n, -1, 1),
        floatOutput(n * n),
        Launch.of(Dim3.of(n / 16, n / 16), Dim3.of(16, 16)));
  }

  /** 7: 45 x 70, partial tiles in both directions. */
  public static Transpose transpose() {
    return transpose(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Transpose transpose(BenchScale s) {
    SplittableRandom r = random(7);
    int rows = s.pick(45, 4099);
    int cols = s.pick(70, 8190);
    return new Transpose(
        rows,
        cols,
        floats(r, rows * cols, -5, 5),
        floatOutput(rows * cols),
        Launch.of(Dim3.of((cols + 31) / 32, (rows + 31) / 32), Dim3.of(32, 8)));
  }

  /** 8: random bytes plus a run of 7s for contention on one shared counter; block 100. */
  public static Histogram histogram256() {
    return histogram256(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Histogram histogram256(BenchScale s) {
    SplittableRandom r = random(8);
    int n = s.pick(50_000, 1 << 26);
    byte[] data = new byte[n];
    for (int i = 0; i < n; i++) {
      data[i] = (byte) (i % 10 == 0 ? 7 : r.nextInt(256));
    }
    return new Histogram(n, data, new int[256], Launch.of(Dim3.of(s.pick(5, 2048)), Dim3.of(100)));
  }

  /** 9: 100 x 70 pixels over [-2,1] x [-1.2,1.2], maxIter 64, 16 x 8 blocks (partial). */
  public static Mandelbrot mandelbrot() {
    return mandelbrot(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Mandelbrot mandelbrot(BenchScale s) {
    int width = s.pick(100, 2048);
    int height = s.pick(70, 1536);
    return new Mandelbrot(
        width,
        height,
        s.pick(64, 256),
        -2.0f,
        -1.2f,
        3.0f / width,
        2.4f / height,
        intOutput(width * height),
        twoD(width, height, 16, 8));
  }

  /** 10: 500 bodies in [-1,1]^3, masses in (0,1], speeds up to 0.1, dt 0.01. */
  public static Nbody nbody() {
    return nbody(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Nbody nbody(BenchScale s) {
    SplittableRandom r = random(10);
    int n = s.pick(500, 8192);
    float[] pos = new float[4 * n];
    float[] vel = new float[3 * n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 3; k++) {
        pos[4 * i + k] = uniform(r, -1, 1);
        vel[3 * i + k] = uniform(r, -0.1f, 0.1f);
      }
      pos[4 * i + 3] = (float) (1.0 - r.nextDouble()); // in (0, 1]: 1 - [0, 1)
    }
    return new Nbody(n, 0.01f, pos, vel, floatOutput(4 * n), floatOutput(3 * n), oneD(n, 128, 0));
  }

  /** 11: S in [5,30], X in [1,100], T in [0.25,10], r 0.02, v 0.3. */
  public static BlackScholes blackScholes() {
    return blackScholes(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static BlackScholes blackScholes(BenchScale s) {
    SplittableRandom r = random(11);
    int n = s.pick(4_000, 1 << 23);
    return new BlackScholes(
        n,
        0.02f,
        0.3f,
        floats(r, n, 5, 30),
        floats(r, n, 1, 100),
        floats(r, n, 0.25f, 10),
        floatOutput(n),
        floatOutput(n),
        oneD(n, 128, 0));
  }

  /** 12: 67 x 41 grid, 16 x 16 blocks (partial). */
  public static Jacobi jacobi2d() {
    return jacobi2d(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Jacobi jacobi2d(BenchScale s) {
    SplittableRandom r = random(12);
    int w = s.pick(67, 8191);
    int h = s.pick(41, 4097);
    return new Jacobi(w, h, floats(r, w * h, -3, 3), floatOutput(w * h), twoD(w, h, 16, 16));
  }

  /** 13: 3000 full-range ints (so sums wrap), six segments, the last one partial. */
  public static Scan scanBlock() {
    return scanBlock(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Scan scanBlock(BenchScale s) {
    SplittableRandom r = random(13);
    int n = s.pick(3_000, 1 << 25);
    return new Scan(n, ints(r, n), intOutput(n), Launch.of(Dim3.of((n + 511) / 512), Dim3.of(256)));
  }

  /** 14: 3000 rows of 0..20 entries (some empty) over 500 columns. */
  public static Spmv spmvCsr() {
    return spmvCsr(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Spmv spmvCsr(BenchScale s) {
    SplittableRandom r = random(14);
    int rows = s.pick(3_000, 1 << 21);
    int cols = s.pick(500, 1 << 20);
    int[] rowPtr = new int[rows + 1];
    for (int row = 0; row < rows; row++) {
      rowPtr[row + 1] = rowPtr[row] + (row % 50 == 0 ? 0 : r.nextInt(21));
    }
    int nnz = rowPtr[rows];
    int[] colIdx = new int[nnz];
    for (int k = 0; k < nnz; k++) {
      colIdx[k] = r.nextInt(cols);
    }
    return new Spmv(
        rows,
        rowPtr,
        colIdx,
        floats(r, nnz, -1, 1),
        floats(r, cols, -1, 1),
        floatOutput(rows),
        oneD(rows, 128, 0));
  }

  /** 15: 2000 rows of m = 37 (not a multiple of any unroll factor). */
  public static DotLoop dotLoop() {
    return dotLoop(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static DotLoop dotLoop(BenchScale s) {
    SplittableRandom r = random(15);
    int n = s.pick(2_000, 1 << 20);
    int m = 37;
    return new DotLoop(
        n, m, floats(r, n * m, -1, 1), floats(r, m, -1, 1), floatOutput(n), oneD(n, 64, 0));
  }

  /** 16: 5000 words; see {@link #haxpy2(int, int)}. */
  public static Haxpy2 haxpy2() {
    return haxpy2(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Haxpy2 haxpy2(BenchScale s) {
    return haxpy2(s.pick(5_000, 1 << 24), 0);
  }

  /**
   * 16: {@code n2} words of halves in [-4,4]; if there are at least four, subnormal lanes, signed
   * zeros and lanes that overflow to infinity in the first four.
   *
   * @param n2 words
   * @param spare blocks of 256 past {@code n2} in the launch
   * @return the arguments
   */
  public static Haxpy2 haxpy2(int n2, int spare) {
    SplittableRandom r = random(16);
    // a negative low lane and a positive high lane, so that the edge words below get both signs
    int a2 = Gpu.packHalf2(uniform(r, -4, -1), uniform(r, 1, 4));
    int[] x = new int[n2];
    int[] y = intOutput(n2);
    for (int i = 0; i < n2; i++) {
      x[i] = Gpu.packHalf2(uniform(r, -4, 4), uniform(r, -4, 4));
      y[i] = Gpu.packHalf2(uniform(r, -4, 4), uniform(r, -4, 4));
    }
    if (n2 >= 4) {
      x[0] = 0x0001_0001; // the smallest subnormals
      y[0] = 0x8003_0002;
      x[1] = 0x03ff_83ff; // the largest subnormals
      y[1] = 0x0001_8001;
      x[2] = 0x8000_8000; // a2 * -0 is +0 in the low lane, -0 in the high one; plus -0 ...
      y[2] = 0x8000_8000; // ... gives +0 and -0: the sign of an exact zero sum
      x[3] = Gpu.packHalf2(-65504f, -65504f); // the largest finite: overflow to +inf and -inf
      y[3] = 0;
    }
    return new Haxpy2(n2, a2, x, y, oneD(n2, 256, spare));
  }

  /** 17: 10000 points, 9 random taps. */
  public static Conv1d conv1d() {
    return conv1d(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Conv1d conv1d(BenchScale s) {
    SplittableRandom r = random(17);
    int n = s.pick(10_000, 1 << 24);
    return new Conv1d(n, floats(r, n, -1, 1), floats(r, 9, -1, 1), floatOutput(n), oneD(n, 128, 0));
  }

  /**
   * 18: 1024 ints with duplicates and the extreme values, block 96 (so the last block is partial
   * and threads past n must do nothing); the sort is 55 launches.
   */
  public static Bitonic bitonic() {
    return bitonic(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Bitonic bitonic(BenchScale s) {
    SplittableRandom r = random(18);
    int n = s.pick(1024, 1 << 20);
    int[] data = new int[n];
    for (int i = 0; i < n; i++) {
      data[i] = r.nextInt(-1000, 1001);
    }
    data[5] = Integer.MIN_VALUE;
    data[500] = Integer.MAX_VALUE;
    return new Bitonic(n, data, oneD(n, 96, 0));
  }

  /** 19: full-range longs, the README's test vector first, a spare block past n. */
  public static Hash64 hash64() {
    return hash64(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Hash64 hash64(BenchScale s) {
    SplittableRandom r = random(19);
    int n = s.pick(5_000, 1 << 24);
    long[] in = new long[n];
    for (int i = 0; i < n; i++) {
      in[i] = r.nextLong();
    }
    in[0] = 0x9e3779b97f4a7c15L;
    in[1] = 0;
    in[2] = -1;
    return new Hash64(n, in, longOutput(n), oneD(n, 256, 1));
  }

  /** 20: x in [-2,2]. */
  public static Poly poly() {
    return poly(BenchScale.SMALL);
  }

  /** The same at scale {@code s}. */
  public static Poly poly(BenchScale s) {
    SplittableRandom r = random(20);
    int n = s.pick(10_000, 1 << 24);
    return new Poly(n, floats(r, n, -2, 2), floatOutput(n), oneD(n, 256, 0));
  }

  /**
   * A 1D launch of {@code n} threads in blocks of {@code block}, plus {@code spare} blocks whose
   * threads are all past {@code n}; at least one block.
   *
   * @param n threads needed
   * @param block threads per block
   * @param spare blocks past {@code n}
   * @return the launch
   */
  public static Launch oneD(int n, int block, int spare) {
    return Launch.of(Dim3.of(Math.max(1, (n + block - 1) / block) + spare), Dim3.of(block));
  }

  /**
   * A 2D launch covering {@code width x height} with blocks of {@code bx x by}; at least one block.
   *
   * @param width threads needed along x
   * @param height threads needed along y
   * @param bx block width
   * @param by block height
   * @return the launch
   */
  public static Launch twoD(int width, int height, int bx, int by) {
    int gx = Math.max(1, (width + bx - 1) / bx);
    int gy = Math.max(1, (height + by - 1) / by);
    return Launch.of(Dim3.of(gx, gy), Dim3.of(bx, by));
  }

  /**
   * The generator of one kernel's inputs: the same {@code seed} gives the same draws.
   *
   * @param seed the kernel's number, or any other
   * @return a fresh generator
   */
  public static SplittableRandom random(long seed) {
    return new SplittableRandom(SEED + seed);
  }

  /**
   * A float drawn uniformly from [{@code lo}, {@code hi}).
   *
   * @param r the generator
   * @param lo the lower bound
   * @param hi the upper bound
   * @return the value
   */
  public static float uniform(SplittableRandom r, float lo, float hi) {
    return (float) r.nextDouble(lo, hi);
  }

  /**
   * {@code n} floats drawn by {@link #uniform}.
   *
   * @param r the generator
   * @param n how many
   * @param lo the lower bound
   * @param hi the upper bound
   * @return the values
   */
  public static float[] floats(SplittableRandom r, int n, float lo, float hi) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = uniform(r, lo, hi);
    }
    return a;
  }

  /**
   * {@code n} ints over the whole range.
   *
   * @param r the generator
   * @param n how many
   * @return the values
   */
  public static int[] ints(SplittableRandom r, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt();
    }
    return a;
  }

  /**
   * {@code a} followed by {@link #PAD} sentinels: an input that a kernel also writes.
   *
   * @param a the values
   * @return a longer copy
   */
  public static float[] padded(float[] a) {
    float[] p = Arrays.copyOf(a, a.length + PAD);
    Arrays.fill(p, a.length, p.length, SENTINEL);
    return p;
  }

  /**
   * Writes special floats into the first elements of {@code a} (as many as fit): signed zeros,
   * infinities, a NaN, the extremes and a subnormal, so that arithmetic kernels meet them.
   *
   * @param a the values, changed
   * @return {@code a}
   */
  public static float[] withSpecials(float[] a) {
    float[] specials = {
      0.0f,
      -0.0f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      Float.NaN,
      Float.MAX_VALUE,
      -Float.MIN_NORMAL,
      Float.MIN_VALUE,
      1e30f,
      -3e-39f
    };
    System.arraycopy(specials, 0, a, 0, Math.min(a.length, specials.length));
    return a;
  }

  /**
   * A float output: {@code n + PAD} sentinels.
   *
   * @param n elements the kernel writes
   * @return the prior output
   */
  public static float[] floatOutput(int n) {
    float[] a = new float[n + PAD];
    Arrays.fill(a, SENTINEL);
    return a;
  }

  /**
   * An int output: {@code n + PAD} sentinels.
   *
   * @param n elements the kernel writes
   * @return the prior output
   */
  public static int[] intOutput(int n) {
    int[] a = new int[n + PAD];
    Arrays.fill(a, INT_SENTINEL);
    return a;
  }

  /**
   * A long output: {@code n + PAD} sentinels ({@link #INT_SENTINEL}).
   *
   * @param n elements the kernel writes
   * @return the prior output
   */
  public static long[] longOutput(int n) {
    long[] a = new long[n + PAD];
    Arrays.fill(a, INT_SENTINEL);
    return a;
  }
}
