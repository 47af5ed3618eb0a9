package dev.jptx.runtime.jvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Gpu;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The reference kernels against plain sequential loops, as {@code benchmarks/cuda/README.md} says.
 */
class BenchKernelsTest {
  private static final Device GPU = Device.jvm();
  private final Random random = new Random(42);

  @AfterAll
  static void close() {
    GPU.close();
  }

  private float[] floats(int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextFloat() * 2 - 1;
    }
    return a;
  }

  @Test
  void vecAdd_wrapsLikeJava() {
    int n = 10_000;
    int[] a = random.ints(n).toArray();
    int[] b = random.ints(n).toArray();
    int[] c = new int[n];
    GPU.launch(Launch.grid1d(n, 128), BenchKernels::vecAdd, n, a, b, c);
    for (int i = 0; i < n; i++) {
      assertEquals(a[i] + b[i], c[i]);
    }
  }

  @Test
  void saxpy_bitExactUnfused() {
    int n = 10_000;
    float[] x = floats(n);
    float[] y = floats(n);
    float[] expected = new float[n];
    for (int i = 0; i < n; i++) {
      expected[i] = 1.5f * x[i] + y[i];
    }
    GPU.launch(Launch.grid1d(n, 96), BenchKernels::saxpy, n, 1.5f, x, y);
    assertArrayEquals(expected, y);
  }

  @Test
  void reduceSum_treeOrderBitExact() {
    int n = 10_000;
    float[] in = floats(n);
    int blocks = (n + 255) / 256 + 1; // one block entirely past n writes 0
    float[] partial = new float[blocks];
    GPU.launch(Launch.of(Dim3.of(blocks), Dim3.of(256)), BenchKernels::reduceSum, n, in, partial);
    for (int b = 0; b < blocks; b++) {
      float[] v = new float[256];
      for (int t = 0; t < 256; t++) {
        v[t] = 256 * b + t < n ? in[256 * b + t] : 0.0f;
      }
      for (int s = 128; s > 0; s >>= 1) {
        for (int t = 0; t < s; t++) {
          v[t] = v[t] + v[t + s];
        }
      }
      assertEquals(v[0], partial[b], "block " + b);
    }
  }

  @Test
  void warpReduceSum_withinBound() {
    int n = 30_000;
    float[] in = floats(n);
    float[] out = new float[1];
    GPU.launch(Launch.of(Dim3.of(7), Dim3.of(96)), BenchKernels::warpReduceSum, n, in, out);
    double sum = 0;
    double abs = 0;
    for (float v : in) {
      sum += v;
      abs += Math.abs(v);
    }
    assertTrue(Math.abs(out[0] - sum) <= n * 0x1p-24 * abs, out[0] + " vs " + sum);
  }

  @Test
  void sgemmTiled_bitExactUnfused() {
    int n = 48;
    float[] a = floats(n * n);
    float[] b = floats(n * n);
    float[] c = new float[n * n];
    GPU.launch(
        Launch.of(Dim3.of(n / 16, n / 16), Dim3.of(16, 16)), BenchKernels::sgemmTiled, n, a, b, c);
    for (int r = 0; r < n; r++) {
      for (int col = 0; col < n; col++) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++) {
          acc += a[r * n + k] * b[k * n + col];
        }
        assertEquals(acc, c[r * n + col], "C[" + r + "][" + col + "]");
      }
    }
  }

  @Test
  void transpose_bitCopy() {
    int rows = 45;
    int cols = 70;
    float[] in = floats(rows * cols);
    float[] out = new float[rows * cols];
    GPU.launch(
        Launch.of(Dim3.of((cols + 31) / 32, (rows + 31) / 32), Dim3.of(32, 8)),
        BenchKernels::transpose,
        rows,
        cols,
        in,
        out);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        assertEquals(in[r * cols + c], out[c * rows + r]);
      }
    }
  }

  @Test
  void histogram256_exactCounts() {
    int n = 50_000;
    byte[] data = new byte[n];
    random.nextBytes(data);
    int[] bins = new int[256];
    GPU.launch(Launch.of(Dim3.of(5), Dim3.of(100)), BenchKernels::histogram256, n, data, bins);
    int[] expected = new int[256];
    for (byte v : data) {
      expected[v & 0xff]++;
    }
    assertArrayEquals(expected, bins);
  }

  @Test
  void scanBlock_exclusiveSegments() {
    int n = 3000;
    int[] in = random.ints(n, -1000, 1000).toArray();
    int[] out = new int[n];
    GPU.launch(
        Launch.of(Dim3.of((n + 511) / 512), Dim3.of(256)), BenchKernels::scanBlock, n, in, out);
    for (int i = 0; i < n; i++) {
      int sum = 0;
      for (int k = i / 512 * 512; k < i; k++) {
        sum += in[k];
      }
      assertEquals(sum, out[i], "element " + i);
    }
  }

  @Test
  void haxpy2_binary16Fma() {
    int n = 4096;
    int a2 = Gpu.packHalf2(1.25f, -0.75f);
    int[] x = new int[n];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      x[i] = Gpu.packHalf2(random.nextFloat() * 8 - 4, random.nextFloat() * 8 - 4);
      y[i] = Gpu.packHalf2(random.nextFloat() * 8 - 4, random.nextFloat() * 8 - 4);
    }
    int[] expected = new int[n];
    for (int i = 0; i < n; i++) {
      int lo = Gpu.floatToHalf((float) Math.fma(1.25, Gpu.lowHalf(x[i]), Gpu.lowHalf(y[i])));
      int hi = Gpu.floatToHalf((float) Math.fma(-0.75, Gpu.highHalf(x[i]), Gpu.highHalf(y[i])));
      expected[i] = (lo & 0xffff) | hi << 16;
    }
    GPU.launch(Launch.grid1d(n, 256), BenchKernels::haxpy2, n, a2, x, y);
    assertArrayEquals(expected, y);
  }

  @Test
  void barrierGrid_finishesQuickly() {
    // 256 blocks x 256 threads meeting at a barrier: on Java 17 every thread of a block is an OS
    // thread switched in once per barrier (about 1 s here); with virtual threads (JDK 21+) 0.1 s.
    int n = 256 * 256;
    int[] in = new int[n];
    int[] out = new int[n];
    long start = System.nanoTime();
    GPU.launch(Launch.grid1d(n, 256), BarrierTest::reverse, in, out);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(millis < 8000, "256 blocks x 256 threads with a barrier took " + millis + " ms");
  }
}
