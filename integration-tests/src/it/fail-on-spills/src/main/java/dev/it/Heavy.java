package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Kernels for failOnSpills: one that cannot fit 24 registers, one that easily does. */
public final class Heavy {
  private Heavy() {}

  /** 48 values live at once under a 24-register limit: ptxas must spill. */
  @Kernel(maxRegisters = 24)
  public static void heavy(int n, float[] x, float[] y) {
    int i = globalIdX();
    if (i >= n) {
      return;
    }
    float v0 = x[i + 0];
    float v1 = x[i + 1];
    float v2 = x[i + 2];
    float v3 = x[i + 3];
    float v4 = x[i + 4];
    float v5 = x[i + 5];
    float v6 = x[i + 6];
    float v7 = x[i + 7];
    float v8 = x[i + 8];
    float v9 = x[i + 9];
    float v10 = x[i + 10];
    float v11 = x[i + 11];
    float v12 = x[i + 12];
    float v13 = x[i + 13];
    float v14 = x[i + 14];
    float v15 = x[i + 15];
    float v16 = x[i + 16];
    float v17 = x[i + 17];
    float v18 = x[i + 18];
    float v19 = x[i + 19];
    float v20 = x[i + 20];
    float v21 = x[i + 21];
    float v22 = x[i + 22];
    float v23 = x[i + 23];
    float v24 = x[i + 24];
    float v25 = x[i + 25];
    float v26 = x[i + 26];
    float v27 = x[i + 27];
    float v28 = x[i + 28];
    float v29 = x[i + 29];
    float v30 = x[i + 30];
    float v31 = x[i + 31];
    float v32 = x[i + 32];
    float v33 = x[i + 33];
    float v34 = x[i + 34];
    float v35 = x[i + 35];
    float v36 = x[i + 36];
    float v37 = x[i + 37];
    float v38 = x[i + 38];
    float v39 = x[i + 39];
    float v40 = x[i + 40];
    float v41 = x[i + 41];
    float v42 = x[i + 42];
    float v43 = x[i + 43];
    float v44 = x[i + 44];
    float v45 = x[i + 45];
    float v46 = x[i + 46];
    float v47 = x[i + 47];
    y[i + 0] = v0 * v1 + v7;
    y[i + 1] = v1 * v2 + v8;
    y[i + 2] = v2 * v3 + v9;
    y[i + 3] = v3 * v4 + v10;
    y[i + 4] = v4 * v5 + v11;
    y[i + 5] = v5 * v6 + v12;
    y[i + 6] = v6 * v7 + v13;
    y[i + 7] = v7 * v8 + v14;
    y[i + 8] = v8 * v9 + v15;
    y[i + 9] = v9 * v10 + v16;
    y[i + 10] = v10 * v11 + v17;
    y[i + 11] = v11 * v12 + v18;
    y[i + 12] = v12 * v13 + v19;
    y[i + 13] = v13 * v14 + v20;
    y[i + 14] = v14 * v15 + v21;
    y[i + 15] = v15 * v16 + v22;
    y[i + 16] = v16 * v17 + v23;
    y[i + 17] = v17 * v18 + v24;
    y[i + 18] = v18 * v19 + v25;
    y[i + 19] = v19 * v20 + v26;
    y[i + 20] = v20 * v21 + v27;
    y[i + 21] = v21 * v22 + v28;
    y[i + 22] = v22 * v23 + v29;
    y[i + 23] = v23 * v24 + v30;
    y[i + 24] = v24 * v25 + v31;
    y[i + 25] = v25 * v26 + v32;
    y[i + 26] = v26 * v27 + v33;
    y[i + 27] = v27 * v28 + v34;
    y[i + 28] = v28 * v29 + v35;
    y[i + 29] = v29 * v30 + v36;
    y[i + 30] = v30 * v31 + v37;
    y[i + 31] = v31 * v32 + v38;
    y[i + 32] = v32 * v33 + v39;
    y[i + 33] = v33 * v34 + v40;
    y[i + 34] = v34 * v35 + v41;
    y[i + 35] = v35 * v36 + v42;
    y[i + 36] = v36 * v37 + v43;
    y[i + 37] = v37 * v38 + v44;
    y[i + 38] = v38 * v39 + v45;
    y[i + 39] = v39 * v40 + v46;
    y[i + 40] = v40 * v41 + v47;
    y[i + 41] = v41 * v42 + v0;
    y[i + 42] = v42 * v43 + v1;
    y[i + 43] = v43 * v44 + v2;
    y[i + 44] = v44 * v45 + v3;
    y[i + 45] = v45 * v46 + v4;
    y[i + 46] = v46 * v47 + v5;
    y[i + 47] = v47 * v0 + v6;
  }

  /** Fits in registers. */
  @Kernel
  public static void light(int n, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = 2f * y[i];
    }
  }
}
