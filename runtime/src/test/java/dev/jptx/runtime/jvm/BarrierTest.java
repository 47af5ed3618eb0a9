package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.atomicExch;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.shflSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.syncThreadsAnd;
import static dev.jptx.Gpu.syncThreadsCount;
import static dev.jptx.Gpu.syncThreadsOr;
import static dev.jptx.Gpu.threadFence;
import static dev.jptx.Gpu.threadFenceBlock;
import static dev.jptx.Gpu.threadFenceSystem;
import static dev.jptx.Gpu.threadIdxX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** {@code syncThreads} and its reductions are real barriers; exited threads do not block them. */
public class BarrierTest {
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** Reverses each block's 256 elements through shared memory. */
  @Kernel
  public static void reverse(int[] in, int[] out) {
    int[] s = sharedInts(256);
    int t = threadIdxX();
    int base = blockIdxX() * 256;
    s[t] = in[base + t];
    syncThreads();
    out[base + t] = s[255 - t];
  }

  /** {@link #reverse} without its barrier: threads read slots not yet written. */
  @Kernel
  public static void reverseWithoutBarrier(int[] in, int[] out) {
    int[] s = sharedInts(256);
    int t = threadIdxX();
    int base = blockIdxX() * 256;
    s[t] = in[base + t];
    out[base + t] = s[255 - t];
  }

  /** Every reduction of a predicate, several rounds in a row. */
  @Kernel
  public static void reductions(int[] out) {
    int t = threadIdxX();
    int n = blockDimX();
    out[t * 4] = syncThreadsCount(t % 3 == 0);
    out[t * 4 + 1] = syncThreadsAnd(t >= 0) ? 1 : 0;
    out[t * 4 + 2] = syncThreadsAnd(t != n - 1) ? 1 : 0;
    out[t * 4 + 3] = (syncThreadsOr(t == n - 1) ? 1 : 0) + (syncThreadsOr(false) ? 2 : 0);
  }

  /** Threads beyond {@code live} return before the barrier the others wait at. */
  @Kernel
  public static void earlyExit(int live, int[] out) {
    int[] s = sharedInts(128);
    int t = threadIdxX();
    if (t >= live) {
      return;
    }
    s[t] = t * 10;
    threadFence();
    threadFenceBlock();
    threadFenceSystem();
    syncThreads();
    out[t] = s[live - 1 - t] + syncThreadsCount(true);
  }

  /** Half a warp waits at the block barrier, the other half at a full-warp shuffle. */
  @Kernel
  public static void deadlock(int[] out) {
    int t = threadIdxX();
    if (t < 16) {
      syncThreads();
    } else {
      out[t] = shflSync(FULL_MASK, t, 0);
    }
  }

  /** Thread 0 spins until thread 1, which the JVM device runs later, sets the flag. */
  @Kernel
  public static void spinWait(int[] flag) {
    int t = threadIdxX();
    if (t == 0) {
      while (atomicAdd(flag, 0, 0) == 0) {
        threadFence();
      }
      flag[1] = 7;
    } else if (t == 1) {
      atomicExch(flag, 0, 1);
    }
  }

  private static int[] iota(int n) {
    int[] a = new int[n];
    Arrays.setAll(a, i -> i * 7 + 1);
    return a;
  }

  @Test
  void syncThreads_sharedReversal() {
    int[] in = iota(4 * 256);
    int[] out = new int[in.length];
    GPU.launch(Launch.grid1d(in.length, 256), BarrierTest::reverse, in, out);
    for (int i = 0; i < in.length; i++) {
      int block = i / 256;
      assertTrue(out[i] == in[block * 256 + 255 - i % 256], "element " + i);
    }
  }

  @Test
  void syncThreads_missingBarrierIsVisible() {
    int[] in = iota(256);
    int[] out = new int[in.length];
    int[] expected = new int[in.length];
    GPU.launch(Launch.grid1d(256, 256), BarrierTest::reverse, in, expected);
    GPU.launch(Launch.grid1d(256, 256), BarrierTest::reverseWithoutBarrier, in, out);
    assertFalse(Arrays.equals(expected, out), "the JVM device must not hide a missing barrier");
  }

  @Test
  void syncThreadsReductions_countAndOr() {
    int n = 100;
    int[] out = new int[n * 4];
    GPU.launch(Launch.grid1d(n, n), BarrierTest::reductions, out);
    int count = (n + 2) / 3;
    for (int t = 0; t < n; t++) {
      assertArrayEquals(
          new int[] {count, 1, 0, 1}, Arrays.copyOfRange(out, t * 4, t * 4 + 4), "thread " + t);
    }
  }

  @Test
  void syncThreads_exitedThreadsDoNotBlock() {
    int live = 77;
    int[] out = new int[128];
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> GPU.launch(Launch.grid1d(128, 128), BarrierTest::earlyExit, live, out));
    for (int t = 0; t < live; t++) {
      assertTrue(out[t] == (live - 1 - t) * 10 + live, "thread " + t + ": " + out[t]);
    }
  }

  @Test
  void spinWait_otherThreadsStillRun() {
    int[] flag = new int[2];
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> GPU.launch(Launch.grid1d(64, 64), BarrierTest::spinWait, flag));
    assertArrayEquals(new int[] {1, 7}, flag);
  }

  @Test
  void deadlock_failsInsteadOfHanging() {
    int[] out = new int[32];
    KernelException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () ->
                assertThrows(
                    KernelException.class,
                    () -> GPU.launch(Launch.grid1d(32, 32), BarrierTest::deadlock, out)));
    assertTrue(e.getMessage().contains("deadlock"), e.getMessage());
    assertTrue(e.getMessage().contains("BarrierTest.deadlock"), e.getMessage());
  }
}
