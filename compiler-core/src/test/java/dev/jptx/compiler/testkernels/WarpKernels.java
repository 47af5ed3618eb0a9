package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.activeMask;
import static dev.jptx.Gpu.allSync;
import static dev.jptx.Gpu.anySync;
import static dev.jptx.Gpu.ballotSync;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.laneId;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.shflDownSync;
import static dev.jptx.Gpu.shflSync;
import static dev.jptx.Gpu.shflUpSync;
import static dev.jptx.Gpu.shflXorSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.syncWarp;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;

/**
 * Warp operations on full warps: every shuffle mode on every type, with constant operands and with
 * per-lane ones (out of range, negative: only their low 5 bits count), votes over the whole warp
 * and over half of it, {@code activeMask}, warp reductions, and {@code syncWarp} ordering shared
 * memory within a warp.
 */
public final class WarpKernels {
  private WarpKernels() {}

  @Kernel
  public static void intShuffles(int[] in, int[] ops, int[] out) {
    int i = globalIdX();
    int v = in[i];
    int op = ops[i];
    int lane = laneId();
    out[8 * i] = shflSync(FULL_MASK, v, (lane * 7 + 3) & 31);
    out[8 * i + 1] = shflSync(FULL_MASK, v, op);
    out[8 * i + 2] = shflUpSync(FULL_MASK, v, 3);
    out[8 * i + 3] = shflUpSync(FULL_MASK, v, op);
    out[8 * i + 4] = shflDownSync(FULL_MASK, v, 5);
    out[8 * i + 5] = shflDownSync(FULL_MASK, v, op);
    out[8 * i + 6] = shflXorSync(FULL_MASK, v, 9);
    out[8 * i + 7] = shflXorSync(FULL_MASK, v, op);
  }

  @Kernel
  public static void wideShuffles(
      long[] longs,
      float[] floats,
      double[] doubles,
      int[] ops,
      long[] lo,
      float[] fo,
      double[] d) {
    int i = globalIdX();
    int op = ops[i];
    lo[4 * i] = shflSync(FULL_MASK, longs[i], op);
    lo[4 * i + 1] = shflUpSync(FULL_MASK, longs[i], op);
    lo[4 * i + 2] = shflDownSync(FULL_MASK, longs[i], 1);
    lo[4 * i + 3] = shflXorSync(FULL_MASK, longs[i], op);
    fo[4 * i] = shflSync(FULL_MASK, floats[i], 31 - laneId());
    fo[4 * i + 1] = shflUpSync(FULL_MASK, floats[i], op);
    fo[4 * i + 2] = shflDownSync(FULL_MASK, floats[i], op);
    fo[4 * i + 3] = shflXorSync(FULL_MASK, floats[i], 16);
    d[4 * i] = shflSync(FULL_MASK, doubles[i], op);
    d[4 * i + 1] = shflUpSync(FULL_MASK, doubles[i], 1);
    d[4 * i + 2] = shflDownSync(FULL_MASK, doubles[i], op);
    d[4 * i + 3] = shflXorSync(FULL_MASK, doubles[i], op);
  }

  @Kernel
  public static void votes(int[] in, int[] out) {
    int i = globalIdX();
    int v = in[i];
    out[6 * i] = ballotSync(FULL_MASK, (v & 1) != 0);
    out[6 * i + 1] = anySync(FULL_MASK, v == 12345) ? 1 : 0;
    out[6 * i + 2] = allSync(FULL_MASK, v != 0) ? 1 : 0;
    out[6 * i + 3] = activeMask();
    if (laneId() < 16) {
      // only the lanes of the mask vote; the others' predicates do not count
      out[6 * i + 4] = ballotSync(0xffff, (v & 2) != 0);
      out[6 * i + 5] = allSync(0xffff, v != 7) ? 1 : 0;
    }
  }

  /**
   * {@code activeMask} read before a barrier and used after it: the read must stay before the
   * barrier, since afterwards lanes of the warp may have finished (found by the fuzzer: the mask
   * moved below {@code bar.sync} to its use).
   */
  @Kernel
  public static void activeMaskBeforeBarrier(int[] out) {
    int i = globalIdX();
    int mask = activeMask();
    int[] sh = sharedInts(128);
    sh[threadIdxX()] = i;
    syncThreads();
    out[2 * i] = sh[(threadIdxX() + 1) % 128];
    out[2 * i + 1] = mask;
  }

  /** Sums over each warp: a down-shuffle tree of floats and a butterfly of doubles. */
  @Kernel
  public static void warpSums(float[] in, float[] sums, double[] everyLane) {
    int i = globalIdX();
    float v = in[i];
    for (int offset = 16; offset > 0; offset /= 2) {
      v += shflDownSync(FULL_MASK, v, offset);
    }
    if (laneId() == 0) {
      sums[i / 32] = v;
    }
    double d = in[i];
    for (int mask = 1; mask < 32; mask *= 2) {
      d += shflXorSync(FULL_MASK, d, mask);
    }
    everyLane[i] = d;
  }

  /** {@code syncWarp} orders shared memory between the lanes of a warp (blocks of 64). */
  @Kernel
  public static void warpExchange(int[] in, int[] out) {
    int[] s = sharedInts(64);
    int t = threadIdxX();
    s[t] = in[globalIdX()];
    syncWarp();
    out[globalIdX()] = s[t ^ 1] + s[t ^ 31];
  }
}
