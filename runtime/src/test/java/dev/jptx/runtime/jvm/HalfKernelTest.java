package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.bf16ToFloat;
import static dev.jptx.Gpu.bf16fma2;
import static dev.jptx.Gpu.floatToBf16;
import static dev.jptx.Gpu.floatToHalf;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.hadd2;
import static dev.jptx.Gpu.halfToFloat;
import static dev.jptx.Gpu.hfma2;
import static dev.jptx.Gpu.highHalf;
import static dev.jptx.Gpu.hmax2;
import static dev.jptx.Gpu.hmin2;
import static dev.jptx.Gpu.hmul2;
import static dev.jptx.Gpu.hsub2;
import static dev.jptx.Gpu.lowHalf;
import static dev.jptx.Gpu.packHalf2;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.jptx.Gpu;
import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The half and bfloat16 functions inside a kernel give what they give outside one. */
public class HalfKernelTest {
  private static final Device GPU = Device.jvm();
  private static final int RESULTS = 13;

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** Applies every half-precision function of the device API to one triple of inputs. */
  @Kernel
  public static void halves(int[] a, int[] b, int[] c, float[] f, int[] out) {
    int i = globalIdX();
    int base = i * RESULTS;
    out[base] = hadd2(a[i], b[i]);
    out[base + 1] = hsub2(a[i], b[i]);
    out[base + 2] = hmul2(a[i], b[i]);
    out[base + 3] = hfma2(a[i], b[i], c[i]);
    out[base + 4] = hmax2(a[i], b[i]);
    out[base + 5] = hmin2(a[i], b[i]);
    out[base + 6] = packHalf2(f[i], -f[i]);
    out[base + 7] = Float.floatToRawIntBits(lowHalf(a[i]));
    out[base + 8] = Float.floatToRawIntBits(highHalf(a[i]));
    out[base + 9] = Float.floatToRawIntBits(halfToFloat((short) b[i]));
    out[base + 10] = floatToHalf(f[i]) + (floatToBf16(f[i]) << 16);
    out[base + 11] = Float.floatToRawIntBits(bf16ToFloat((short) c[i]));
    out[base + 12] = bf16fma2(a[i], b[i], c[i]);
  }

  @Test
  void halfFunctions_sameInsideAKernel() {
    int n = 512;
    var random = new Random(5);
    int[] a = random.ints(n).toArray();
    int[] b = random.ints(n).toArray();
    int[] c = random.ints(n).toArray();
    float[] f = new float[n];
    for (int i = 0; i < n; i++) {
      f[i] = (float) random.nextGaussian() * 100;
    }
    int[] out = new int[n * RESULTS];
    GPU.launch(Launch.grid1d(n, 128), HalfKernelTest::halves, a, b, c, f, out);
    int[] expected = new int[n * RESULTS];
    for (int i = 0; i < n; i++) {
      int[] row = {
        Gpu.hadd2(a[i], b[i]),
        Gpu.hsub2(a[i], b[i]),
        Gpu.hmul2(a[i], b[i]),
        Gpu.hfma2(a[i], b[i], c[i]),
        Gpu.hmax2(a[i], b[i]),
        Gpu.hmin2(a[i], b[i]),
        Gpu.packHalf2(f[i], -f[i]),
        Float.floatToRawIntBits(Gpu.lowHalf(a[i])),
        Float.floatToRawIntBits(Gpu.highHalf(a[i])),
        Float.floatToRawIntBits(Gpu.halfToFloat((short) b[i])),
        Gpu.floatToHalf(f[i]) + (Gpu.floatToBf16(f[i]) << 16),
        Float.floatToRawIntBits(Gpu.bf16ToFloat((short) c[i])),
        Gpu.bf16fma2(a[i], b[i], c[i])
      };
      System.arraycopy(row, 0, expected, i * RESULTS, RESULTS);
    }
    assertArrayEquals(expected, out);
  }
}
