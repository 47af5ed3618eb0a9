package dev.jptx.bench.suite;

import dev.jptx.runtime.Launch;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The 22 kernels of {@code benchmarks/cuda/kernels.cu} as test cases: each makes its inputs ({@link
 * BenchInputs}), computes the expected results ({@link BenchReference}), launches the entry through
 * a {@link Launcher} (nvcc's PTX on the simulator, or a {@code BenchPorts} method on the {@code
 * jvm} device) with the README's launch shape, and compares as the README's check column says
 * ({@link Compare}).
 *
 * <p>Kernels whose check accepts an FMA-contracted or an uncontracted result are held to the one
 * the code is known to use: nvcc's PTX has every such multiply-add as {@code fma.rn} by default and
 * as {@code mul.rn} + {@code add.rn} with {@code --fmad=false} ({@code NvccPtxTest} checks this for
 * each configuration). Accepting either would let a simulator that rounds {@code fma.rn} twice
 * pass.
 */
public final class BenchCases {
  /** One kernel of the suite: its entry name and what a run does. */
  public record Case(String kernel, Consumer<Run> body) {}

  /** The cases, in the README's order. */
  public static final List<Case> ALL =
      List.of(
          new Case("vecAdd", BenchCases::vecAdd),
          new Case("saxpy", BenchCases::saxpy),
          new Case("daxpy", BenchCases::daxpy),
          new Case("reduceSum", BenchCases::reduceSum),
          new Case("warpReduceSum", BenchCases::warpReduceSum),
          new Case("sgemmTiled", BenchCases::sgemmTiled),
          new Case("transpose", BenchCases::transpose),
          new Case("histogram256", BenchCases::histogram256),
          new Case("mandelbrot", BenchCases::mandelbrot),
          new Case("nbody", BenchCases::nbody),
          new Case("blackScholes", BenchCases::blackScholes),
          new Case("jacobi2d", BenchCases::jacobi2d),
          new Case("scanBlock", BenchCases::scanBlock),
          new Case("spmvCsr", BenchCases::spmvCsr),
          new Case("dotLoop", BenchCases::dotLoop),
          new Case("haxpy2", BenchCases::haxpy2),
          new Case("conv1d", BenchCases::conv1d),
          new Case("bitonicStep", BenchCases::bitonicStep),
          new Case("hash64", BenchCases::hash64),
          new Case("polyA", run -> poly(run, 'A')),
          new Case("polyB", run -> poly(run, 'B')),
          new Case("polyC", run -> poly(run, 'C')));

  private BenchCases() {}

  /**
   * Launches one entry of the suite somewhere: a PTX module on the simulator, or a Java port on the
   * {@code jvm} device. Arguments follow the PTX parameters one for one (arrays for pointers, boxed
   * primitives by value).
   */
  @FunctionalInterface
  public interface Launcher {
    /**
     * Runs {@code entry} and waits for it.
     *
     * @return the launch's thread-instruction count, or -1 where the device does not count
     */
    long launch(String entry, Launch launch, Object... args);
  }

  /** Where a case launches, which rounding the code is known to use, and the name for messages. */
  public static final class Run {
    private final Launcher launcher;
    private final Contraction contraction;
    private final String label;
    private final BenchScale scale;
    private final Map<String, Object> memo;
    private long instructions;
    private int launches;

    public Run(Launcher launcher, Contraction contraction, String label) {
      this(launcher, contraction, label, BenchScale.SMALL, new HashMap<>());
    }

    /**
     * A run at {@code scale} whose inputs and references come from {@code memo} when an earlier run
     * of the same case put them there: the GPU report runs each case on eight modules and computes
     * its large inputs and sequential references once. Inputs are never written by a case (outputs
     * are cloned before a launch), so sharing them is safe.
     *
     * @param launcher where the case launches
     * @param contraction the rounding the launched code is known to use
     * @param label the message prefix
     * @param scale the inputs' size
     * @param memo inputs and references by name, shared by the runs of one case and scale
     */
    public Run(
        Launcher launcher,
        Contraction contraction,
        String label,
        BenchScale scale,
        Map<String, Object> memo) {
      this.launcher = launcher;
      this.contraction = contraction;
      this.label = label;
      this.scale = scale;
      this.memo = memo;
    }

    /** The inputs' size. */
    BenchScale scale() {
      return scale;
    }

    /** {@code make}'s value, made once per memo. */
    @SuppressWarnings("unchecked")
    <T> T memo(String name, Supplier<T> make) {
      Object v = memo.get(name);
      if (v == null) {
        v = make.get();
        memo.put(name, v);
      }
      return (T) v;
    }

    void launch(String entry, Launch launch, Object... args) {
      instructions += launcher.launch(entry, launch, args);
      launches++;
    }

    /** The message prefix for one output array: {@code sm_90/fmad/saxpy y}. */
    String what(String array) {
      return label + " " + array;
    }

    String label() {
      return label;
    }

    Contraction contraction() {
      return contraction;
    }

    /** The sum of the launches' instruction counts. */
    public long instructions() {
      return instructions;
    }

    public int launches() {
      return launches;
    }
  }

  private static void vecAdd(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.vecAdd(run.scale()));
    int[] expected =
        run.memo("expected", () -> BenchReference.vecAdd(in.n(), in.a(), in.b(), in.c()));
    int[] c = in.c().clone();
    run.launch("vecAdd", in.launch(), in.n(), in.a(), in.b(), c);
    Compare.bitExact(run.what("c"), expected, c);
  }

  private static void saxpy(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.saxpy(run.scale()));
    float[] fused =
        run.memo(
            "fused", () -> BenchReference.saxpy(in.n(), in.a(), in.x(), in.y(), Contraction.FUSED));
    float[] unfused =
        run.memo(
            "unfused",
            () -> BenchReference.saxpy(in.n(), in.a(), in.x(), in.y(), Contraction.UNFUSED));
    float[] y = in.y().clone();
    run.launch("saxpy", in.launch(), in.n(), in.a(), in.x(), y);
    Compare.bitExactAs(run.what("y"), fused, unfused, run.contraction(), y);
  }

  private static void daxpy(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.daxpy(run.scale()));
    double[] fused =
        run.memo(
            "fused", () -> BenchReference.daxpy(in.n(), in.a(), in.x(), in.y(), Contraction.FUSED));
    double[] unfused =
        run.memo(
            "unfused",
            () -> BenchReference.daxpy(in.n(), in.a(), in.x(), in.y(), Contraction.UNFUSED));
    double[] y = in.y().clone();
    run.launch("daxpy", in.launch(), in.n(), in.a(), in.x(), y);
    Compare.bitExactAs(run.what("y"), fused, unfused, run.contraction(), y);
  }

  private static void reduceSum(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.reduceSum(run.scale()));
    float[] expected =
        run.memo(
            "expected", () -> BenchReference.reduceSum(in.n(), in.in(), in.grid(), in.partial()));
    float[] partial = in.partial().clone();
    run.launch("reduceSum", in.launch(), in.n(), in.in(), partial);
    Compare.bitExact(run.what("partial"), expected, partial);
  }

  private static void warpReduceSum(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.warpReduceSum(run.scale()));
    double sum = run.memo("sum", () -> BenchReference.sum(in.n(), in.in()));
    double bound = run.memo("bound", () -> BenchReference.warpReduceSumBound(in.n(), in.in()));
    float[] warps =
        run.memo(
            "warps",
            () ->
                BenchReference.warpSums(
                    in.n(), in.in(), in.launch().grid().x(), in.launch().block().x()));
    double warpTotal = run.memo("warpTotal", () -> BenchReference.sum(warps.length, warps));
    float[] out = in.out().clone();
    run.launch("warpReduceSum", in.launch(), in.n(), in.in(), out);
    Compare.within(run.what("out[0] (README bound)"), sum, bound, out[0]);
    // The README's bound (about 27 here) would forgive a lost warp (about 20); only the order of
    // the per-warp atomics is free, so the sum of the exact per-warp values is held much tighter.
    Compare.within(
        run.what("out[0] against the per-warp sums"),
        warpTotal,
        BenchReference.warpSumsBound(warps),
        out[0]);
  }

  private static void sgemmTiled(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.sgemm(run.scale()));
    float[] fused =
        run.memo(
            "fused",
            () -> BenchReference.sgemmTiled(in.n(), in.a(), in.b(), in.c(), Contraction.FUSED));
    float[] unfused =
        run.memo(
            "unfused",
            () -> BenchReference.sgemmTiled(in.n(), in.a(), in.b(), in.c(), Contraction.UNFUSED));
    float[] c = in.c().clone();
    run.launch("sgemmTiled", in.launch(), in.n(), in.a(), in.b(), c);
    Compare.bitExactAs(run.what("C"), fused, unfused, run.contraction(), c);
  }

  private static void transpose(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.transpose(run.scale()));
    float[] expected =
        run.memo(
            "expected", () -> BenchReference.transpose(in.rows(), in.cols(), in.in(), in.out()));
    float[] out = in.out().clone();
    run.launch("transpose", in.launch(), in.rows(), in.cols(), in.in(), out);
    Compare.bitExact(run.what("out"), expected, out);
  }

  private static void histogram256(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.histogram256(run.scale()));
    int[] expected =
        run.memo("expected", () -> BenchReference.histogram256(in.n(), in.data(), in.bins()));
    int[] bins = in.bins().clone();
    run.launch("histogram256", in.launch(), in.n(), in.data(), bins);
    Compare.bitExact(run.what("bins"), expected, bins);
  }

  private static void mandelbrot(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.mandelbrot(run.scale()));
    int[] plain =
        run.memo(
            "plain",
            () ->
                BenchReference.mandelbrot(
                    in.width(),
                    in.height(),
                    in.maxIter(),
                    in.x0(),
                    in.y0(),
                    in.dx(),
                    in.dy(),
                    in.iters(),
                    Contraction.UNFUSED));
    int[] iters = in.iters().clone();
    run.launch(
        "mandelbrot",
        in.launch(),
        in.width(),
        in.height(),
        in.maxIter(),
        in.x0(),
        in.y0(),
        in.dx(),
        in.dy(),
        iters);
    if (!run.contraction().fused()) {
      Compare.bitExact(run.what("iters"), plain, iters);
      return;
    }
    // With contraction the README asks for 99% equal pixels; the elements past the image must
    // still be untouched, so they are checked apart from the 1% allowance.
    int pixels = in.width() * in.height();
    Compare.mostlyEqual(
        run.what("iters"), Arrays.copyOf(plain, pixels), Arrays.copyOf(iters, pixels), 0.99);
    Compare.bitExact(
        run.what("iters past the image"),
        Arrays.copyOfRange(plain, pixels, plain.length),
        Arrays.copyOfRange(iters, pixels, iters.length));
  }

  private static void nbody(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.nbody(run.scale()));
    var ref =
        run.memo(
            "ref",
            () ->
                BenchReference.nbody(
                    in.n(), in.dt(), in.pos(), in.vel(), in.newPos(), in.newVel()));
    // README: relative error 1e-4 with an absolute floor of 1e-5; the copied masses and the
    // untouched elements past the bodies must be exact.
    double[] posBound = bounds(ref.newPos(), 4 * in.n(), 1e-5, 1e-4);
    for (int i = 0; i < in.n(); i++) {
      posBound[4 * i + 3] = 0;
    }
    double[] velBound = bounds(ref.newVel(), 3 * in.n(), 1e-5, 1e-4);
    float[] newPos = in.newPos().clone();
    float[] newVel = in.newVel().clone();
    run.launch("nbody", in.launch(), in.n(), in.dt(), in.pos(), in.vel(), newPos, newVel);
    Compare.within(run.what("newPos"), ref.newPos(), posBound, newPos);
    Compare.within(run.what("newVel"), ref.newVel(), velBound, newVel);
  }

  private static void blackScholes(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.blackScholes(run.scale()));
    var ref =
        run.memo(
            "ref",
            () ->
                BenchReference.blackScholes(
                    in.n(), in.r(), in.v(), in.s(), in.x(), in.t(), in.call(), in.put()));
    float[] call = in.call().clone();
    float[] put = in.put().clone();
    run.launch(
        "blackScholes", in.launch(), in.n(), in.r(), in.v(), in.s(), in.x(), in.t(), call, put);
    Compare.within(run.what("call"), ref.call(), bounds(ref.call(), in.n(), 1e-4, 1e-5), call);
    Compare.within(run.what("put"), ref.put(), bounds(ref.put(), in.n(), 1e-4, 1e-5), put);
  }

  private static void jacobi2d(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.jacobi2d(run.scale()));
    float[] expected =
        run.memo("expected", () -> BenchReference.jacobi2d(in.w(), in.h(), in.in(), in.out()));
    float[] out = in.out().clone();
    run.launch("jacobi2d", in.launch(), in.w(), in.h(), in.in(), out);
    Compare.bitExact(run.what("out"), expected, out);
  }

  private static void scanBlock(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.scanBlock(run.scale()));
    int[] expected =
        run.memo("expected", () -> BenchReference.scanBlock(in.n(), in.in(), in.out()));
    int[] out = in.out().clone();
    run.launch("scanBlock", in.launch(), in.n(), in.in(), out);
    Compare.bitExact(run.what("out"), expected, out);
  }

  private static void spmvCsr(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.spmvCsr(run.scale()));
    float[] fused = run.memo("fused", () -> spmvReference(in, Contraction.FUSED));
    float[] unfused = run.memo("unfused", () -> spmvReference(in, Contraction.UNFUSED));
    float[] y = in.y().clone();
    run.launch("spmvCsr", in.launch(), in.rows(), in.rowPtr(), in.colIdx(), in.vals(), in.x(), y);
    Compare.bitExactAs(run.what("y"), fused, unfused, run.contraction(), y);
  }

  private static float[] spmvReference(BenchInputs.Spmv in, Contraction c) {
    return BenchReference.spmvCsr(
        in.rows(), in.rowPtr(), in.colIdx(), in.vals(), in.x(), in.y(), c);
  }

  private static void dotLoop(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.dotLoop(run.scale()));
    float[] fused =
        run.memo(
            "fused",
            () ->
                BenchReference.dotLoop(
                    in.n(), in.m(), in.a(), in.b(), in.out(), Contraction.FUSED));
    float[] unfused =
        run.memo(
            "unfused",
            () ->
                BenchReference.dotLoop(
                    in.n(), in.m(), in.a(), in.b(), in.out(), Contraction.UNFUSED));
    float[] out = in.out().clone();
    run.launch("dotLoop", in.launch(), in.n(), in.m(), in.a(), in.b(), out);
    Compare.bitExactAs(run.what("out"), fused, unfused, run.contraction(), out);
  }

  private static void haxpy2(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.haxpy2(run.scale()));
    int[] expected =
        run.memo("expected", () -> BenchReference.haxpy2(in.n2(), in.a2(), in.x(), in.y()));
    int[] y = in.y().clone();
    run.launch("haxpy2", in.launch(), in.n2(), in.a2(), in.x(), y);
    Compare.bitExact(run.what("y"), expected, y);
  }

  private static void conv1d(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.conv1d(run.scale()));
    float[] fused =
        run.memo(
            "fused",
            () -> BenchReference.conv1d(in.n(), in.in(), in.w(), in.out(), Contraction.FUSED));
    float[] unfused =
        run.memo(
            "unfused",
            () -> BenchReference.conv1d(in.n(), in.in(), in.w(), in.out(), Contraction.UNFUSED));
    float[] out = in.out().clone();
    run.launch("conv1d", in.launch(), in.n(), in.in(), in.w(), out);
    Compare.bitExactAs(run.what("out"), fused, unfused, run.contraction(), out);
  }

  private static void bitonicStep(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.bitonic(run.scale()));
    int n = in.n();
    int[] expected = run.memo("expected", () -> BenchReference.bitonicSort(n, in.data()));
    int[] data = in.data().clone();
    for (int k = 2; k <= n; k *= 2) {
      for (int j = k / 2; j > 0; j /= 2) {
        run.launch("bitonicStep", in.launch(), n, j, k, data);
      }
    }
    Compare.bitExact(run.what("data after " + run.launches() + " steps"), expected, data);
  }

  private static void hash64(Run run) {
    var in = run.memo("inputs", () -> BenchInputs.hash64(run.scale()));
    long[] expected = run.memo("expected", () -> BenchReference.hash64(in.n(), in.in(), in.out()));
    long[] out = in.out().clone();
    run.launch("hash64", in.launch(), in.n(), in.in(), out);
    Compare.bitExact(run.what("out"), expected, out);
  }

  private static void poly(Run run, char variant) {
    var in = run.memo("inputs", () -> BenchInputs.poly(run.scale()));
    float[] fused =
        run.memo(
            "fused", () -> BenchReference.poly(variant, in.n(), in.x(), in.y(), Contraction.FUSED));
    float[] unfused =
        run.memo(
            "unfused",
            () -> BenchReference.poly(variant, in.n(), in.x(), in.y(), Contraction.UNFUSED));
    float[] y = in.y().clone();
    run.launch("poly" + variant, in.launch(), in.n(), in.x(), y);
    Compare.bitExactAs(run.what("y"), fused, unfused, run.contraction(), y);
  }

  /**
   * {@code abs + rel * |reference|} for the first {@code written} elements; 0 (exact) for the rest,
   * which the kernel must leave alone.
   */
  static double[] bounds(double[] reference, int written, double abs, double rel) {
    double[] bound = Compare.absRel(reference, abs, rel);
    Arrays.fill(bound, written, bound.length, 0);
    return bound;
  }
}
