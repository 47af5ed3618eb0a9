package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;

/**
 * A kernel with more values live at once than its register budget: {@value #VALUES} floats are
 * loaded, each scaled, before the first is combined, so all are live at the last load. Its CUDA
 * twin is {@code regalloc/many-live.cu} in the test resources (generated together with this file).
 */
public final class ManyLive {
  /** Values per thread. */
  public static final int VALUES = 48;

  private ManyLive() {}

  /** {@code out[i]} = the values of row {@code i}, scaled and combined by Horner's rule. */
  @Kernel(maxRegisters = 16)
  public static void horner(float[] in, float[] out, int n) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i >= n) {
      return;
    }
    int base = i * 48;
    float v0 = in[base + 0] * 1.0f;
    float v1 = in[base + 1] * 2.0f;
    float v2 = in[base + 2] * 3.0f;
    float v3 = in[base + 3] * 4.0f;
    float v4 = in[base + 4] * 5.0f;
    float v5 = in[base + 5] * 6.0f;
    float v6 = in[base + 6] * 7.0f;
    float v7 = in[base + 7] * 8.0f;
    float v8 = in[base + 8] * 9.0f;
    float v9 = in[base + 9] * 10.0f;
    float v10 = in[base + 10] * 11.0f;
    float v11 = in[base + 11] * 12.0f;
    float v12 = in[base + 12] * 13.0f;
    float v13 = in[base + 13] * 14.0f;
    float v14 = in[base + 14] * 15.0f;
    float v15 = in[base + 15] * 16.0f;
    float v16 = in[base + 16] * 17.0f;
    float v17 = in[base + 17] * 18.0f;
    float v18 = in[base + 18] * 19.0f;
    float v19 = in[base + 19] * 20.0f;
    float v20 = in[base + 20] * 21.0f;
    float v21 = in[base + 21] * 22.0f;
    float v22 = in[base + 22] * 23.0f;
    float v23 = in[base + 23] * 24.0f;
    float v24 = in[base + 24] * 25.0f;
    float v25 = in[base + 25] * 26.0f;
    float v26 = in[base + 26] * 27.0f;
    float v27 = in[base + 27] * 28.0f;
    float v28 = in[base + 28] * 29.0f;
    float v29 = in[base + 29] * 30.0f;
    float v30 = in[base + 30] * 31.0f;
    float v31 = in[base + 31] * 32.0f;
    float v32 = in[base + 32] * 33.0f;
    float v33 = in[base + 33] * 34.0f;
    float v34 = in[base + 34] * 35.0f;
    float v35 = in[base + 35] * 36.0f;
    float v36 = in[base + 36] * 37.0f;
    float v37 = in[base + 37] * 38.0f;
    float v38 = in[base + 38] * 39.0f;
    float v39 = in[base + 39] * 40.0f;
    float v40 = in[base + 40] * 41.0f;
    float v41 = in[base + 41] * 42.0f;
    float v42 = in[base + 42] * 43.0f;
    float v43 = in[base + 43] * 44.0f;
    float v44 = in[base + 44] * 45.0f;
    float v45 = in[base + 45] * 46.0f;
    float v46 = in[base + 46] * 47.0f;
    float v47 = in[base + 47] * 48.0f;
    float r = v47;
    r = r * 0.5f + v46;
    r = r * 0.5f + v45;
    r = r * 0.5f + v44;
    r = r * 0.5f + v43;
    r = r * 0.5f + v42;
    r = r * 0.5f + v41;
    r = r * 0.5f + v40;
    r = r * 0.5f + v39;
    r = r * 0.5f + v38;
    r = r * 0.5f + v37;
    r = r * 0.5f + v36;
    r = r * 0.5f + v35;
    r = r * 0.5f + v34;
    r = r * 0.5f + v33;
    r = r * 0.5f + v32;
    r = r * 0.5f + v31;
    r = r * 0.5f + v30;
    r = r * 0.5f + v29;
    r = r * 0.5f + v28;
    r = r * 0.5f + v27;
    r = r * 0.5f + v26;
    r = r * 0.5f + v25;
    r = r * 0.5f + v24;
    r = r * 0.5f + v23;
    r = r * 0.5f + v22;
    r = r * 0.5f + v21;
    r = r * 0.5f + v20;
    r = r * 0.5f + v19;
    r = r * 0.5f + v18;
    r = r * 0.5f + v17;
    r = r * 0.5f + v16;
    r = r * 0.5f + v15;
    r = r * 0.5f + v14;
    r = r * 0.5f + v13;
    r = r * 0.5f + v12;
    r = r * 0.5f + v11;
    r = r * 0.5f + v10;
    r = r * 0.5f + v9;
    r = r * 0.5f + v8;
    r = r * 0.5f + v7;
    r = r * 0.5f + v6;
    r = r * 0.5f + v5;
    r = r * 0.5f + v4;
    r = r * 0.5f + v3;
    r = r * 0.5f + v2;
    r = r * 0.5f + v1;
    r = r * 0.5f + v0;
    out[i] = r;
  }
}
