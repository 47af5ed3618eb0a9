package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.dynamicSharedBooleans;
import static dev.jptx.Gpu.dynamicSharedBytes;
import static dev.jptx.Gpu.dynamicSharedChars;
import static dev.jptx.Gpu.dynamicSharedDoubles;
import static dev.jptx.Gpu.dynamicSharedFloats;
import static dev.jptx.Gpu.dynamicSharedInts;
import static dev.jptx.Gpu.dynamicSharedLongs;
import static dev.jptx.Gpu.dynamicSharedShorts;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedBooleans;
import static dev.jptx.Gpu.sharedBytes;
import static dev.jptx.Gpu.sharedChars;
import static dev.jptx.Gpu.sharedDoubles;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.sharedLongs;
import static dev.jptx.Gpu.sharedShorts;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** One shared array per call site and block; dynamic shared memory sized by the launch. */
public class SharedMemoryTest {
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** Two call sites give two arrays; every thread of the block sees the same ones. */
  @Kernel
  public static void twoSites(int[] out) {
    int[] a = sharedInts(64);
    int[] b = sharedInts(64);
    int t = threadIdxX();
    a[t] = t;
    b[t] = -t;
    syncThreads();
    out[globalIdX()] = a[63 - t] * 1000 + b[63 - t] + (a == b ? 1_000_000 : 0);
  }

  /** The same call site reached in a loop returns the same array each time. */
  @Kernel
  public static void loop(int[] out) {
    int[] first = null;
    int t = threadIdxX();
    for (int i = 0; i < 4; i++) {
      int[] s = sharedInts(32);
      if (first == null) {
        first = s;
      }
      out[t] += s == first ? 1 : 100;
    }
  }

  /** A declaration inside a device function: one array, however often it is called. */
  static int[] scratch() {
    return sharedInts(16);
  }

  /** Calls the device function from two places. */
  @Kernel
  public static void deviceFunction(int[] out) {
    int t = threadIdxX();
    int[] a = scratch();
    a[t] = t + 1;
    syncThreads();
    int[] b = scratch();
    out[t] = (a == b ? 1 : 0) + b[15 - t] * 10;
  }

  /** Each block writes its index into its own array; blocks never share. */
  @Kernel
  public static void perBlock(int[] out) {
    int[] s = sharedInts(1);
    if (threadIdxX() == 0) {
      s[0] = blockIdxX();
    }
    syncThreads();
    out[globalIdX()] = s[0];
  }

  /** Every element type, with its declared length. */
  @Kernel
  public static void allTypes(int[] out) {
    if (threadIdxX() == 0) {
      out[0] = sharedBooleans(3).length;
      out[1] = sharedBytes(5).length;
      out[2] = sharedShorts(7).length;
      out[3] = sharedChars(11).length;
      out[4] = sharedInts(13).length;
      out[5] = sharedLongs(17).length;
      out[6] = sharedFloats(19).length;
      out[7] = sharedDoubles(23).length;
    }
  }

  /** A length that is not constant across the block is an error on the JVM. */
  @Kernel
  public static void varyingLength(int[] out) {
    out[threadIdxX()] = sharedInts(threadIdxX() + 1).length;
  }

  /** Dynamic shared memory as each element type, one type per launch. */
  @Kernel
  public static void dynamicLength(int type, int[] out) {
    int length;
    switch (type) {
      case 0:
        length = dynamicSharedBooleans().length;
        break;
      case 1:
        length = dynamicSharedBytes().length;
        break;
      case 2:
        length = dynamicSharedShorts().length;
        break;
      case 3:
        length = dynamicSharedChars().length;
        break;
      case 4:
        length = dynamicSharedInts().length;
        break;
      case 5:
        length = dynamicSharedLongs().length;
        break;
      case 6:
        length = dynamicSharedFloats().length;
        break;
      default:
        length = dynamicSharedDoubles().length;
        break;
    }
    out[globalIdX()] = length;
  }

  /** Reverses each block's elements through dynamic shared memory sized to the block. */
  @Kernel
  public static void dynamicReverse(float[] in, float[] out) {
    float[] s = dynamicSharedFloats();
    int t = threadIdxX();
    int n = blockDimX();
    s[t] = in[globalIdX()];
    syncThreads();
    out[globalIdX()] = s[n - 1 - t] + (s == dynamicSharedFloats() ? 0 : 1000);
  }

  /** Uses dynamic shared memory as two element types. */
  @Kernel
  public static void dynamicTwoTypes(int[] out) {
    out[0] = dynamicSharedInts().length + dynamicSharedFloats().length;
  }

  @Test
  void sharedInts_twoCallSitesTwoArrays() {
    int[] out = new int[128];
    GPU.launch(Launch.grid1d(128, 64), SharedMemoryTest::twoSites, out);
    for (int g = 0; g < 128; g++) {
      int r = 63 - g % 64;
      assertEquals(r * 1000 - r, out[g], "thread " + g);
    }
  }

  @Test
  void sharedInts_loopReturnsSameArray() {
    int[] out = new int[32];
    GPU.launch(Launch.grid1d(32, 32), SharedMemoryTest::loop, out);
    int[] expected = new int[32];
    Arrays.fill(expected, 4);
    assertArrayEquals(expected, out);
  }

  @Test
  void sharedInts_deviceFunctionCalledTwiceIsOneArray() {
    int[] out = new int[16];
    GPU.launch(Launch.grid1d(16, 16), SharedMemoryTest::deviceFunction, out);
    for (int t = 0; t < 16; t++) {
      assertEquals(1 + (16 - t) * 10, out[t], "thread " + t);
    }
  }

  @Test
  void sharedInts_oneArrayPerBlock() {
    int[] out = new int[64 * 40];
    GPU.launch(Launch.grid1d(out.length, 40), SharedMemoryTest::perBlock, out);
    for (int g = 0; g < out.length; g++) {
      assertEquals(g / 40, out[g], "thread " + g);
    }
  }

  @Test
  void shared_everyElementType() {
    int[] out = new int[8];
    GPU.launch(Launch.grid1d(4, 4), SharedMemoryTest::allTypes, out);
    assertArrayEquals(new int[] {3, 5, 7, 11, 13, 17, 19, 23}, out);
  }

  @Test
  void shared_varyingLengthFails() {
    KernelException e =
        assertThrows(
            KernelException.class,
            () -> GPU.launch(Launch.grid1d(4, 4), SharedMemoryTest::varyingLength, new int[4]));
    assertTrue(e.getMessage().contains("compile-time constant"), e.getMessage());
  }

  @Test
  void dynamicShared_lengthIsBytesOverElementSize() {
    int[] sizes = {1, 1, 2, 2, 4, 8, 4, 8};
    for (int type = 0; type < 8; type++) {
      int[] out = new int[6];
      GPU.launch(
          Launch.grid1d(6, 3).sharedMemoryBytes(1000), SharedMemoryTest::dynamicLength, type, out);
      int[] expected = new int[6];
      Arrays.fill(expected, 1000 / sizes[type]);
      assertArrayEquals(expected, out, "type " + type);
    }
  }

  @Test
  void dynamicShared_blockWideBuffer() {
    float[] in = new float[300];
    for (int i = 0; i < in.length; i++) {
      in[i] = i * 0.5f;
    }
    float[] out = new float[300];
    GPU.launch(
        Launch.grid1d(300, 100).sharedMemoryBytes(400), SharedMemoryTest::dynamicReverse, in, out);
    for (int g = 0; g < 300; g++) {
      assertEquals(in[g / 100 * 100 + 99 - g % 100], out[g], "thread " + g);
    }
  }

  @Test
  void dynamicShared_twoElementTypesFail() {
    KernelException e =
        assertThrows(
            KernelException.class,
            () ->
                GPU.launch(
                    Launch.grid1d(1, 1).sharedMemoryBytes(64),
                    SharedMemoryTest::dynamicTwoTypes,
                    new int[1]));
    assertTrue(e.getMessage().contains("one element type"), e.getMessage());
  }
}
