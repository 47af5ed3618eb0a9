package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.globalIdX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Typed launches through {@code Kernel0} up to {@code Kernel12}, with every parameter type. */
public class ArityTest {
  private static final Device GPU = Device.jvm();
  static final AtomicInteger CALLS = new AtomicInteger();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** No parameters at all. */
  @Kernel
  public static void none() {
    CALLS.incrementAndGet();
  }

  /** Two parameters. */
  @Kernel
  public static void two(int v, int[] out) {
    out[globalIdX()] = v;
  }

  /** Three parameters. */
  @Kernel
  public static void three(boolean flag, char c, short[] out) {
    out[globalIdX()] = (short) (flag ? c : -c);
  }

  /** Five parameters. */
  @Kernel
  public static void five(byte b, short s, long l, double d, double[] out) {
    out[globalIdX()] = b + s + l + d;
  }

  /** Twelve parameters of every kind. */
  @Kernel
  public static void twelve(
      boolean z,
      byte b,
      short s,
      char c,
      int i,
      long l,
      float f,
      double d,
      boolean[] zs,
      byte[] bs,
      char[] cs,
      double[] out) {
    int g = globalIdX();
    zs[g] = z;
    bs[g] = b;
    cs[g] = c;
    out[g] = s + i + l + f + d;
  }

  @Test
  void kernel0_runsOncePerThread() {
    CALLS.set(0);
    GPU.launch(Launch.grid1d(100, 32), ArityTest::none);
    assertEquals(128, CALLS.get());
  }

  @Test
  void kernel2_kernel3_kernel5() {
    int[] ints = new int[8];
    GPU.launch(Launch.grid1d(8, 8), ArityTest::two, 7, ints);
    assertArrayEquals(new int[] {7, 7, 7, 7, 7, 7, 7, 7}, ints);
    short[] shorts = new short[2];
    GPU.launch(Launch.grid1d(2, 2), ArityTest::three, false, 'A', shorts);
    assertArrayEquals(new short[] {-65, -65}, shorts);
    double[] doubles = new double[1];
    GPU.launch(Launch.grid1d(1, 1), ArityTest::five, (byte) 1, (short) 2, 3L, 0.5, doubles);
    assertArrayEquals(new double[] {6.5}, doubles);
  }

  @Test
  void kernel12_everyParameterType() {
    boolean[] zs = new boolean[3];
    byte[] bs = new byte[3];
    char[] cs = new char[3];
    double[] out = new double[3];
    GPU.launch(
        Launch.grid1d(3, 3),
        ArityTest::twelve,
        true,
        (byte) -2,
        (short) 300,
        'x',
        70_000,
        1L << 40,
        0.25f,
        0.125,
        zs,
        bs,
        cs,
        out);
    assertArrayEquals(new boolean[] {true, true, true}, zs);
    assertArrayEquals(new byte[] {-2, -2, -2}, bs);
    assertArrayEquals(new char[] {'x', 'x', 'x'}, cs);
    double expected = (short) 300 + 70_000 + (1L << 40) + 0.25f + 0.125; // as the kernel types it
    assertArrayEquals(new double[] {expected, expected, expected}, out);
  }
}
