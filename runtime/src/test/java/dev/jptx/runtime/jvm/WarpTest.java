package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.activeMask;
import static dev.jptx.Gpu.allSync;
import static dev.jptx.Gpu.anySync;
import static dev.jptx.Gpu.ballotSync;
import static dev.jptx.Gpu.laneId;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.shflDownSync;
import static dev.jptx.Gpu.shflSync;
import static dev.jptx.Gpu.shflUpSync;
import static dev.jptx.Gpu.shflXorSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.syncWarp;
import static dev.jptx.Gpu.threadIdxX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Shuffles in every mode and type, votes, masks, partial warps and exited lanes. */
public class WarpTest {
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** Each of the four modes on int, with in-range and out-of-range operands. */
  @Kernel
  public static void shuffleInts(int[] out) {
    int t = threadIdxX();
    int v = t * 100 + 1;
    out[t * 8] = shflSync(FULL_MASK, v, (t * 7 + 3) & 31);
    out[t * 8 + 1] = shflSync(FULL_MASK, v, 37); // only the low 5 bits count: lane 5
    out[t * 8 + 2] = shflUpSync(FULL_MASK, v, 3);
    out[t * 8 + 3] = shflDownSync(FULL_MASK, v, 5);
    out[t * 8 + 4] = shflXorSync(FULL_MASK, v, 6);
    out[t * 8 + 5] = shflUpSync(FULL_MASK, v, 0);
    out[t * 8 + 6] = shflDownSync(FULL_MASK, v, 31);
    out[t * 8 + 7] = shflXorSync(FULL_MASK, v, 31);
  }

  /** The same on long, float and double, whose bit patterns must survive. */
  @Kernel
  public static void shuffleWide(long[] longs, float[] floats, double[] doubles) {
    int t = threadIdxX();
    long l = 0x1234_5678_0000_0000L * (t + 1) + t;
    float f = t == 3 ? Float.intBitsToFloat(0x7fc0_1234) : t * 0.5f - 3;
    double d = t == 4 ? -0.0 : t * 1e300;
    longs[t * 4] = shflSync(FULL_MASK, l, 31 - t);
    longs[t * 4 + 1] = shflUpSync(FULL_MASK, l, 1);
    longs[t * 4 + 2] = shflDownSync(FULL_MASK, l, 1);
    longs[t * 4 + 3] = shflXorSync(FULL_MASK, l, 1);
    floats[t * 4] = shflSync(FULL_MASK, f, 3);
    floats[t * 4 + 1] = shflUpSync(FULL_MASK, f, 2);
    floats[t * 4 + 2] = shflDownSync(FULL_MASK, f, 2);
    floats[t * 4 + 3] = shflXorSync(FULL_MASK, f, 2);
    doubles[t * 4] = shflSync(FULL_MASK, d, 4);
    doubles[t * 4 + 1] = shflUpSync(FULL_MASK, d, 4);
    doubles[t * 4 + 2] = shflDownSync(FULL_MASK, d, 4);
    doubles[t * 4 + 3] = shflXorSync(FULL_MASK, d, 4);
  }

  /** Two half-warps shuffle and vote independently, each with its own mask. */
  @Kernel
  public static void halfMasks(int[] out) {
    int lane = laneId();
    int mask = lane < 16 ? 0x0000ffff : 0xffff0000;
    out[lane * 5] = shflDownSync(mask, lane * 10, 4);
    out[lane * 5 + 1] = shflSync(mask, lane * 10, lane & 16);
    out[lane * 5 + 2] = ballotSync(mask, lane % 3 == 0);
    out[lane * 5 + 3] = anySync(mask, lane == 20) ? 1 : 0;
    out[lane * 5 + 4] = allSync(mask, lane != 7) ? 1 : 0;
  }

  /** Votes of the full warp, and of a sparse mask whose lanes alone take part. */
  @Kernel
  public static void votes(int[] out) {
    int lane = laneId();
    out[lane * 6] = ballotSync(FULL_MASK, lane % 3 == 0);
    out[lane * 6 + 1] = anySync(FULL_MASK, lane == 31) ? 1 : 0;
    out[lane * 6 + 2] = allSync(FULL_MASK, lane < 40) ? 1 : 0;
    out[lane * 6 + 3] = allSync(FULL_MASK, lane != 0) ? 1 : 0;
    out[lane * 6 + 4] = anySync(FULL_MASK, false) ? 1 : 0;
    int sparse = 0x0f0f0f0f;
    boolean inSparse = (sparse >>> lane & 1) != 0;
    out[lane * 6 + 5] = ballotSync(inSparse ? sparse : ~sparse, true);
  }

  /** A block of 48: the second warp has 16 lanes. */
  @Kernel
  public static void partialWarp(int[] out) {
    int t = threadIdxX();
    out[t * 4] = shflDownSync(FULL_MASK, t, 8);
    out[t * 4 + 1] = ballotSync(FULL_MASK, true);
    out[t * 4 + 2] = allSync(FULL_MASK, true) ? 1 : 0;
    out[t * 4 + 3] = activeMask();
    syncWarp(); // no lane exits before every lane has read the mask
  }

  /** Lanes below 10 return; after the barrier the others see them gone. */
  @Kernel
  public static void activeAfterExit(int[] out) {
    int t = threadIdxX();
    if (laneId() < 10) {
      return;
    }
    syncThreads(); // lanes below 10 have certainly exited now
    out[t] = activeMask();
    syncThreads(); // and the others certainly not
  }

  /**
   * After a shuffle lanes run on independently: some finish while others have not read the mask
   * yet. The mask must not depend on which: exits count only once a barrier has passed.
   */
  @Kernel
  public static void activeAfterShuffle(int[] out) {
    int t = threadIdxX();
    int v = shflSync(FULL_MASK, t, 0);
    if (laneId() < 4) {
      return;
    }
    out[2 * t] = activeMask() + v;
    syncThreads();
    out[2 * t + 1] = activeMask();
  }

  /** Lanes hand values to their neighbours through shared memory ordered by syncWarp. */
  @Kernel
  public static void warpBarrier(int[] out) {
    int[] s = sharedInts(64);
    int t = threadIdxX();
    for (int round = 0; round < 3; round++) {
      s[t] = t * 10 + round;
      syncWarp();
      out[t * 3 + round] = s[(t & ~31) | ((t + 1) & 31)];
      syncWarp();
    }
  }

  /** Lane {@code gone} returns; the others shuffle with the full mask. */
  @Kernel
  public static void shuffleWithExitedLane(int gone, int[] out) {
    int lane = laneId();
    if (lane == gone) {
      return;
    }
    out[lane] = shflSync(FULL_MASK, lane, 0);
  }

  /** Lane 3 calls with a mask that leaves it out. */
  @Kernel
  public static void callerOutsideMask(int[] out) {
    int lane = laneId();
    out[lane] = ballotSync(lane == 3 ? 0x1 : FULL_MASK & ~0x8, true);
  }

  @Test
  void shuffle_intModes() {
    int[] out = new int[32 * 8];
    GPU.launch(Launch.grid1d(32, 32), WarpTest::shuffleInts, out);
    for (int t = 0; t < 32; t++) {
      int[] expected = {
        ((t * 7 + 3) & 31) * 100 + 1,
        5 * 100 + 1,
        (t >= 3 ? t - 3 : t) * 100 + 1,
        (t + 5 <= 31 ? t + 5 : t) * 100 + 1,
        (t ^ 6) * 100 + 1,
        t * 100 + 1,
        (t == 0 ? 31 : t) * 100 + 1,
        (t ^ 31) * 100 + 1
      };
      for (int k = 0; k < 8; k++) {
        assertEquals(expected[k], out[t * 8 + k], "lane " + t + " result " + k);
      }
    }
  }

  @Test
  void shuffle_longFloatDoubleKeepBits() {
    long[] longs = new long[128];
    float[] floats = new float[128];
    double[] doubles = new double[128];
    GPU.launch(Launch.grid1d(32, 32), WarpTest::shuffleWide, longs, floats, doubles);
    for (int t = 0; t < 32; t++) {
      int t0 = t;
      java.util.function.IntToLongFunction l = s -> 0x1234_5678_0000_0000L * (s + 1) + s;
      java.util.function.IntUnaryOperator f =
          s -> s == 3 ? 0x7fc0_1234 : Float.floatToRawIntBits(s * 0.5f - 3);
      java.util.function.IntToLongFunction d =
          s -> Double.doubleToRawLongBits(s == 4 ? -0.0 : s * 1e300);
      assertEquals(l.applyAsLong(31 - t), longs[t * 4]);
      assertEquals(l.applyAsLong(t >= 1 ? t - 1 : t), longs[t * 4 + 1]);
      assertEquals(l.applyAsLong(t <= 30 ? t + 1 : t), longs[t * 4 + 2]);
      assertEquals(l.applyAsLong(t ^ 1), longs[t * 4 + 3]);
      assertEquals(f.applyAsInt(3), Float.floatToRawIntBits(floats[t * 4]), "lane " + t0);
      assertEquals(f.applyAsInt(t >= 2 ? t - 2 : t), Float.floatToRawIntBits(floats[t * 4 + 1]));
      assertEquals(f.applyAsInt(t <= 29 ? t + 2 : t), Float.floatToRawIntBits(floats[t * 4 + 2]));
      assertEquals(f.applyAsInt(t ^ 2), Float.floatToRawIntBits(floats[t * 4 + 3]));
      assertEquals(d.applyAsLong(4), Double.doubleToRawLongBits(doubles[t * 4]));
      assertEquals(
          d.applyAsLong(t >= 4 ? t - 4 : t), Double.doubleToRawLongBits(doubles[t * 4 + 1]));
      assertEquals(
          d.applyAsLong(t <= 27 ? t + 4 : t), Double.doubleToRawLongBits(doubles[t * 4 + 2]));
      assertEquals(d.applyAsLong(t ^ 4), Double.doubleToRawLongBits(doubles[t * 4 + 3]));
    }
  }

  @Test
  void masks_halfWarpsAreIndependent() {
    int[] out = new int[32 * 5];
    GPU.launch(Launch.grid1d(32, 32), WarpTest::halfMasks, out);
    for (int lane = 0; lane < 32; lane++) {
      int lo = lane < 16 ? 0 : 16;
      int mask = lane < 16 ? 0x0000ffff : 0xffff0000;
      int source = lane + 4;
      // lanes 12..15 read lanes 16..19, outside their mask: the JVM gives the own value
      int down = source <= 31 && source < lo + 16 ? source * 10 : lane * 10;
      int ballot = 0;
      for (int i = lo; i < lo + 16; i++) {
        ballot |= i % 3 == 0 ? 1 << i : 0;
      }
      assertEquals(down, out[lane * 5], "down, lane " + lane);
      assertEquals(lo * 10, out[lane * 5 + 1], "idx, lane " + lane);
      assertEquals(ballot & mask, out[lane * 5 + 2], "ballot, lane " + lane);
      assertEquals(lane < 16 ? 0 : 1, out[lane * 5 + 3], "any, lane " + lane);
      assertEquals(lane < 16 ? 0 : 1, out[lane * 5 + 4], "all, lane " + lane);
    }
  }

  @Test
  void votes_fullAndSparseMasks() {
    int[] out = new int[32 * 6];
    GPU.launch(Launch.grid1d(32, 32), WarpTest::votes, out);
    int ballot = 0;
    for (int i = 0; i < 32; i += 3) {
      ballot |= 1 << i;
    }
    for (int lane = 0; lane < 32; lane++) {
      boolean inSparse = (0x0f0f0f0f >>> lane & 1) != 0;
      assertArrayEquals(
          new int[] {ballot, 1, 1, 0, 0, inSparse ? 0x0f0f0f0f : 0xf0f0f0f0},
          java.util.Arrays.copyOfRange(out, lane * 6, lane * 6 + 6),
          "lane " + lane);
    }
  }

  @Test
  void partialWarp_missingLanesAreAbsent() {
    int[] out = new int[48 * 4];
    GPU.launch(Launch.grid1d(48, 48), WarpTest::partialWarp, out);
    for (int t = 0; t < 48; t++) {
      int lane = t % 32;
      int lanes = t < 32 ? 32 : 16;
      int existing = lanes == 32 ? -1 : 0xffff;
      int down = lane + 8 < lanes ? t + 8 : t; // lanes 8..15 of warp 1 read missing lanes
      assertEquals(down, out[t * 4], "thread " + t);
      assertEquals(existing, out[t * 4 + 1], "ballot, thread " + t);
      assertEquals(1, out[t * 4 + 2], "all, thread " + t);
      assertEquals(existing, out[t * 4 + 3], "activeMask, thread " + t);
    }
  }

  @Test
  void activeMask_leavesOutExitedLanes() {
    int[] out = new int[44];
    GPU.launch(Launch.grid1d(44, 44), WarpTest::activeAfterExit, out);
    for (int t = 0; t < 44; t++) {
      int expected = t % 32 < 10 ? 0 : t < 32 ? 0xfffffc00 : 0x00000c00;
      assertEquals(expected, out[t], "thread " + t);
    }
  }

  @Test
  void activeMask_seesExitsAtBarriersOnly() {
    for (int run = 0; run < 20; run++) {
      int[] out = new int[2 * 64];
      GPU.launch(Launch.grid1d(64, 64), WarpTest::activeAfterShuffle, out);
      for (int t = 0; t < 64; t++) {
        if (t % 32 < 4) {
          continue;
        }
        assertEquals(-1 + (t & ~31), out[2 * t], "before the barrier, thread " + t);
        assertEquals(0xfffffff0, out[2 * t + 1], "after the barrier, thread " + t);
      }
    }
  }

  @Test
  void syncWarp_ordersSharedMemory() {
    int[] out = new int[64 * 3];
    GPU.launch(Launch.grid1d(64, 64), WarpTest::warpBarrier, out);
    for (int t = 0; t < 64; t++) {
      int neighbour = (t & ~31) | ((t + 1) & 31);
      for (int round = 0; round < 3; round++) {
        assertEquals(neighbour * 10 + round, out[t * 3 + round], "thread " + t);
      }
    }
  }

  @Test
  void exitedLaneInMask_failsClearly() {
    for (int gone : new int[] {0, 5, 31}) {
      int[] out = new int[32];
      KernelException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () ->
                  assertThrows(
                      KernelException.class,
                      () ->
                          GPU.launch(
                              Launch.grid1d(32, 32), WarpTest::shuffleWithExitedLane, gone, out)));
      assertTrue(e.getMessage().contains("exited"), e.getMessage());
      assertTrue(
          e.getMessage().contains("lane " + gone) || e.getMessage().contains("[" + gone),
          e.getMessage());
    }
  }

  @Test
  void callerOutsideMask_failsClearly() {
    int[] out = new int[32];
    KernelException e =
        assertThrows(
            KernelException.class,
            () -> GPU.launch(Launch.grid1d(32, 32), WarpTest::callerOutsideMask, out));
    assertTrue(e.getMessage().contains("not in the mask"), e.getMessage());
  }
}
