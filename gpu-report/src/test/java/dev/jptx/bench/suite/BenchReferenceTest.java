package dev.jptx.bench.suite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.jptx.Gpu;
import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Makes {@link BenchReference} trustworthy on its own, before any simulator is judged by it: every
 * case of {@link BenchCases} runs on {@code Device.jvm()} against {@link BenchPorts} (the kernels
 * written like the CUDA code, in both roundings), and the references are held to the facts that
 * {@code benchmarks/cuda/README.md} states (test vectors, error bounds, invariants).
 */
class BenchReferenceTest {
  private static final Device JVM = Device.jvm();
  private static final Map<String, Method> PORTS = new HashMap<>();

  static {
    for (Method m : BenchPorts.class.getMethods()) {
      if (m.isAnnotationPresent(Kernel.class)) {
        PORTS.put(m.getName(), m);
      }
    }
  }

  @AfterAll
  static void closeJvm() {
    JVM.close();
  }

  /**
   * The simulator's own cases, with the ports on the JVM in place of the PTX: each port must pass
   * exactly the check the simulator will face, and in the rounding its flag selects (so the fused
   * and the unfused reference each agree bit for bit with an independent computation).
   */
  @TestFactory
  List<DynamicTest> portsOnJvm_passTheSimulatorsChecks() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Contraction contraction : Contraction.values()) {
      for (BenchCases.Case c : BenchCases.ALL) {
        String name = "jvm/" + contraction.name().toLowerCase() + "/" + c.kernel();
        tests.add(
            dynamicTest(
                name,
                () -> c.body().accept(new BenchCases.Run(ports(contraction), contraction, name))));
      }
    }
    return tests;
  }

  @Test
  void portsAndCases_coverTheSuite() {
    assertEquals(22, BenchCases.ALL.size());
    for (BenchCases.Case c : BenchCases.ALL) {
      assertTrue(PORTS.containsKey(c.kernel()), "no port for " + c.kernel());
    }
  }

  /** Launches the port named like the PTX entry, appending its {@code fused} flag if it has one. */
  private static BenchCases.Launcher ports(Contraction contraction) {
    return (entry, launch, args) -> {
      Method port = PORTS.get(entry);
      Object[] all = args;
      if (port.getParameterCount() == args.length + 1) {
        all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = contraction.fused();
      }
      JVM.launch(launch, BenchPorts.class, entry, all);
      return -1;
    };
  }

  @Test
  void hash64_readmeTestVector() {
    assertEquals(0xe220a8397b1dcdafL, BenchReference.hash64(0x9e3779b97f4a7c15L));
  }

  @Test
  void hash64_isTheMixOfSplittableRandom() {
    // SplittableRandom(s).nextLong() is the same finalizer applied to s + the golden gamma.
    SplittableRandom seeds = new SplittableRandom(99);
    for (int i = 0; i < 1000; i++) {
      long s = seeds.nextLong();
      assertEquals(
          new SplittableRandom(s).nextLong(), BenchReference.hash64(s + 0x9e3779b97f4a7c15L));
    }
  }

  @Test
  void mandelbrot_contractionChangesReadmesShareOfPixels() {
    // README: "0.21% of pixels differ for 1024x768 over [-2,1]x[-1.2,1.2] with maxIter 256".
    int w = 1024;
    int h = 768;
    int[] none = new int[w * h];
    float dx = 3.0f / w;
    float dy = 2.4f / h;
    int[] plain =
        BenchReference.mandelbrot(w, h, 256, -2f, -1.2f, dx, dy, none, Contraction.UNFUSED);
    int[] fused = BenchReference.mandelbrot(w, h, 256, -2f, -1.2f, dx, dy, none, Contraction.FUSED);
    int differ = 0;
    for (int i = 0; i < plain.length; i++) {
      differ += plain[i] != fused[i] ? 1 : 0;
    }
    // Contracted as nvcc's PTX is written (what a simulator runs) 1590 pixels (0.202%) differ; on
    // a GPU ptxas may also contract the remaining plain mul.f32/add.f32, which moves a few more.
    double percent = 100.0 * differ / plain.length;
    assertEquals(0.21, percent, 0.02, differ + " pixels differ");
  }

  @Test
  void mandelbrot_fusedReferenceIsTheFusedPortBitForBit() {
    var in = BenchInputs.mandelbrot();
    int[] expected =
        BenchReference.mandelbrot(
            in.width(),
            in.height(),
            in.maxIter(),
            in.x0(),
            in.y0(),
            in.dx(),
            in.dy(),
            in.iters(),
            Contraction.FUSED);
    int[] iters = in.iters().clone();
    ports(Contraction.FUSED)
        .launch(
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
    Compare.bitExact("jvm/fused/mandelbrot iters", expected, iters);
  }

  @Test
  void warpSums_addUpToTheSumAndEachWarpIsVisible() {
    var in = BenchInputs.warpReduceSum();
    float[] warps =
        BenchReference.warpSums(in.n(), in.in(), in.launch().grid().x(), in.launch().block().x());
    assertEquals(
        BenchReference.sum(in.n(), in.in()),
        BenchReference.sum(warps.length, warps),
        BenchReference.warpReduceSumBound(in.n(), in.in()));
    double tight = BenchReference.warpSumsBound(warps);
    for (int w = 0; w < warps.length; w++) {
      assertTrue(Math.abs(warps[w]) > 10 * tight, "a lost warp " + w + " would go unnoticed");
    }
  }

  @Test
  void bitonicSort_sortsAscending() {
    var in = BenchInputs.bitonic();
    int[] sorted = in.data().clone();
    Arrays.sort(sorted);
    assertArrayEquals(sorted, BenchReference.bitonicSort(in.n(), in.data()));
  }

  @Test
  void scanBlock_exclusiveSumsRestartEvery512() {
    var in = BenchInputs.scanBlock();
    int[] out = BenchReference.scanBlock(in.n(), in.in(), in.out());
    for (int i = 0; i < in.n(); i++) {
      int expected = i % 512 == 0 ? 0 : out[i - 1] + in.in()[i - 1];
      assertEquals(expected, out[i], "element " + i);
    }
    assertEquals(BenchInputs.INT_SENTINEL, out[in.n()], "element past n");
  }

  @Test
  void reduceSum_treeIsNearTheSequentialSumAndEmptyBlocksGiveZero() {
    var in = BenchInputs.reduceSum();
    float[] partial = BenchReference.reduceSum(in.n(), in.in(), in.grid(), in.partial());
    for (int b = 0; b < in.grid(); b++) {
      int from = Math.min(in.n(), 256 * b);
      int to = Math.min(in.n(), 256 * b + 256);
      float[] block = Arrays.copyOfRange(in.in(), from, to);
      double sum = BenchReference.sum(block.length, block);
      double abs = 0;
      for (float v : block) {
        abs += Math.abs(v);
      }
      // README: within 256 * 2^-24 * sum|in| of a plain sequential sum.
      assertTrue(Math.abs(partial[b] - sum) <= 256 * 0x1p-24 * abs, "block " + b);
    }
    assertEquals(0.0f, partial[in.grid() - 1], "the block past n");
    assertEquals(BenchInputs.SENTINEL, partial[in.grid()], "element past the grid");
  }

  @Test
  void poly_approximatesExpOfMinusX() {
    for (float x = -2; x <= 2; x += 1.0f / 64) {
      for (Contraction c : Contraction.values()) {
        double p = BenchReference.horner12(x, c);
        assertEquals(Math.exp(-x), p, 1e-2 * Math.exp(-x), "x = " + x);
      }
    }
  }

  @Test
  void haxpy2_hfma2AgreesWithExactArithmetic() {
    var in = BenchInputs.haxpy2();
    int[] y = BenchReference.haxpy2(in.n2(), in.a2(), in.x(), in.y());
    for (int i = 0; i < in.n2(); i++) {
      int expected = Binary16Oracle.fma2(in.a2(), in.x()[i], in.y()[i]);
      assertEquals(expected, y[i], String.format("word %d: %08x vs %08x", i, expected, y[i]));
    }
    // Beyond the bench data: random finite patterns over the whole exponent range.
    SplittableRandom r = new SplittableRandom(16);
    for (int i = 0; i < 30_000; i++) {
      int a = finiteHalf(r) | finiteHalf(r) << 16;
      int b = finiteHalf(r) | finiteHalf(r) << 16;
      int c = finiteHalf(r) | finiteHalf(r) << 16;
      assertEquals(
          Binary16Oracle.fma2(a, b, c),
          Gpu.hfma2(a, b, c),
          String.format("hfma2(%08x, %08x, %08x)", a, b, c));
    }
  }

  private static int finiteHalf(SplittableRandom r) {
    int h = r.nextInt(1 << 16);
    return (h & 0x7c00) == 0x7c00 ? h & 0x83ff : h; // infinity/NaN exponent -> subnormal
  }

  @Test
  void haxpy2_benchDataHitsTheEdgeLanes() {
    var in = BenchInputs.haxpy2();
    int[] y = BenchReference.haxpy2(in.n2(), in.a2(), in.x(), in.y());
    assertTrue((y[0] & 0x7c00) == 0 && (y[0] & 0x03ff) != 0, "a subnormal result");
    assertEquals(0x8000_0000, y[2], "+0 in the low lane, -0 in the high lane");
    assertEquals(0xfc00_7c00, y[3], "+inf in the low lane, -inf in the high lane");
  }

  @Test
  void blackScholes_cndIsTheNormalDistributionAndPricesKeepParity() {
    for (double d = -5; d <= 5; d += 0.125) {
      assertEquals(normalCdf(d), BenchReference.cnd(d), 7.5e-8, "d = " + d);
    }
    var in = BenchInputs.blackScholes();
    var ref =
        BenchReference.blackScholes(
            in.n(), in.r(), in.v(), in.s(), in.x(), in.t(), in.call(), in.put());
    for (int i = 0; i < in.n(); i++) {
      // call - put = S - X e^{-rT} holds for the formula exactly, since N(d) + (1 - N(d)) = 1.
      double parity = in.s()[i] - in.x()[i] * Math.exp(-(double) in.r() * in.t()[i]);
      assertEquals(parity, ref.call()[i] - ref.put()[i], 1e-9 * (1 + Math.abs(parity)), "" + i);
      assertTrue(ref.call()[i] >= -1e-6 && ref.put()[i] >= -1e-6, "prices are not negative");
    }
  }

  /** Phi(d) by Simpson's rule on the density, independent of the polynomial. */
  private static double normalCdf(double d) {
    int steps = 2000;
    double h = Math.abs(d) / steps;
    double integral = 0;
    for (int k = 0; k <= steps; k++) {
      double t = k * h;
      double weight = k == 0 || k == steps ? 1 : k % 2 == 1 ? 4 : 2;
      integral += weight * Math.exp(-t * t / 2);
    }
    integral *= h / 3 / Math.sqrt(2 * Math.PI);
    return d >= 0 ? 0.5 + integral : 0.5 - integral;
  }

  @Test
  void nbody_twoBodiesAttractAndMomentumIsConserved() {
    float[] pos = {0, 0, 0, 1, 1, 0, 0, 0.5f};
    float[] vel = new float[6];
    var two = BenchReference.nbody(2, 1, pos, vel, new float[8], new float[6]);
    assertTrue(two.newVel()[0] > 0 && two.newVel()[3] < 0, "the bodies move towards each other");
    double expected = 0.5 / Math.pow(1 + (double) BenchReference.NBODY_SOFTENING2, 1.5);
    assertEquals(expected, two.newVel()[0], 1e-15, "a = m d / (d^2 + eps)^1.5");

    var in = BenchInputs.nbody();
    var ref = BenchReference.nbody(in.n(), in.dt(), in.pos(), in.vel(), in.newPos(), in.newVel());
    for (int k = 0; k < 3; k++) {
      double momentumChange = 0;
      double scale = 0;
      for (int i = 0; i < in.n(); i++) {
        double dv = ref.newVel()[3 * i + k] - in.vel()[3 * i + k];
        momentumChange += in.pos()[4 * i + 3] * dv;
        scale += Math.abs(in.pos()[4 * i + 3] * dv);
      }
      assertEquals(0, momentumChange, 1e-9 * scale, "momentum along axis " + k);
    }
  }

  @Test
  void contraction_referencesDifferOnTheBenchInputs() {
    // The strict per-configuration check only has teeth where the two roundings disagree.
    var s = BenchInputs.saxpy();
    differ(
        "saxpy",
        BenchReference.saxpy(s.n(), s.a(), s.x(), s.y(), Contraction.FUSED),
        BenchReference.saxpy(s.n(), s.a(), s.x(), s.y(), Contraction.UNFUSED));
    var d = BenchInputs.daxpy();
    double[] df = BenchReference.daxpy(d.n(), d.a(), d.x(), d.y(), Contraction.FUSED);
    double[] du = BenchReference.daxpy(d.n(), d.a(), d.x(), d.y(), Contraction.UNFUSED);
    assertTrue(!Arrays.equals(df, du), "daxpy: the references agree everywhere");
    var g = BenchInputs.sgemm();
    differ(
        "sgemmTiled",
        BenchReference.sgemmTiled(g.n(), g.a(), g.b(), g.c(), Contraction.FUSED),
        BenchReference.sgemmTiled(g.n(), g.a(), g.b(), g.c(), Contraction.UNFUSED));
    var m = BenchInputs.dotLoop();
    differ(
        "dotLoop",
        BenchReference.dotLoop(m.n(), m.m(), m.a(), m.b(), m.out(), Contraction.FUSED),
        BenchReference.dotLoop(m.n(), m.m(), m.a(), m.b(), m.out(), Contraction.UNFUSED));
    var c = BenchInputs.conv1d();
    differ(
        "conv1d",
        BenchReference.conv1d(c.n(), c.in(), c.w(), c.out(), Contraction.FUSED),
        BenchReference.conv1d(c.n(), c.in(), c.w(), c.out(), Contraction.UNFUSED));
    var sp = BenchInputs.spmvCsr();
    differ(
        "spmvCsr",
        BenchReference.spmvCsr(
            sp.rows(), sp.rowPtr(), sp.colIdx(), sp.vals(), sp.x(), sp.y(), Contraction.FUSED),
        BenchReference.spmvCsr(
            sp.rows(), sp.rowPtr(), sp.colIdx(), sp.vals(), sp.x(), sp.y(), Contraction.UNFUSED));
    var p = BenchInputs.poly();
    for (char v : new char[] {'A', 'B', 'C'}) {
      differ(
          "poly" + v,
          BenchReference.poly(v, p.n(), p.x(), p.y(), Contraction.FUSED),
          BenchReference.poly(v, p.n(), p.x(), p.y(), Contraction.UNFUSED));
    }
  }

  private static void differ(String kernel, float[] fused, float[] unfused) {
    int count = 0;
    for (int i = 0; i < fused.length; i++) {
      count += Float.floatToIntBits(fused[i]) != Float.floatToIntBits(unfused[i]) ? 1 : 0;
    }
    assertTrue(count >= fused.length / 100, kernel + ": only " + count + " elements differ");
  }
}
