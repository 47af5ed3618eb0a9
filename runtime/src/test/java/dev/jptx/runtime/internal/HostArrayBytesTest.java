package dev.jptx.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostArrayBytesTest {
  @Test
  void layout_littleEndianInEachElementsWidth() {
    assertArrayEquals(new byte[] {1, 0, 0, 1}, bytes(new boolean[] {true, false, false, true}));
    assertArrayEquals(new byte[] {0x34, 0x12, 0x41, 0}, bytes(new short[] {0x1234, 0x41}));
    assertArrayEquals(new byte[] {0x41, 0, (byte) 0xe9, 0}, bytes(new char[] {'A', 'é'}));
    assertArrayEquals(new byte[] {0, 0, (byte) 0xc0, 0x7f}, bytes(new float[] {Float.NaN}));
    assertArrayEquals(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, bytes(new long[] {0x0102030405060708L}));
    assertEquals(16, HostArrayBytes.byteSize(new double[2]));
    assertThrows(IllegalArgumentException.class, () -> HostArrayBytes.elementSize(String.class));
  }

  @Test
  void roundTrip_everyTypeThroughBuffersAndPartsOfArrays() {
    List<Object> arrays =
        List.of(
            new byte[] {1, -2, 3},
            new boolean[] {true, false, true},
            new short[] {-1, 2, 300},
            new char[] {'a', '\uffff', 'z'},
            new int[] {-7, 0, Integer.MAX_VALUE},
            new float[] {-0.0f, Float.intBitsToFloat(0x7fc00001), 1.5f},
            new long[] {Long.MIN_VALUE, 1, -1},
            new double[] {Double.MIN_VALUE, -0.0, 3.25});
    for (Object a : arrays) {
      ByteBuffer b = HostArrayBytes.of(a);
      Object back = java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), 3);
      HostArrayBytes.read(b, back);
      assertEquals(bytesOf(a), bytesOf(back), a.getClass().getSimpleName());
      // the last two elements at byte 5 of a larger array, and back into elements 1..2
      int es = HostArrayBytes.elementSize(a.getClass().getComponentType());
      byte[] d = new byte[5 + 3 * es];
      HostArrayBytes.encode(a, 1, 2, d, 5);
      Object part = java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), 3);
      HostArrayBytes.decode(d, 5, part, 1, 2);
      for (int i = 1; i < 3; i++) {
        assertEquals(
            String.valueOf(java.lang.reflect.Array.get(a, i)),
            String.valueOf(java.lang.reflect.Array.get(part, i)));
      }
    }
  }

  private static byte[] bytes(Object array) {
    return HostArrayBytes.of(array).array();
  }

  private static String bytesOf(Object array) {
    return java.util.Arrays.toString(bytes(array));
  }
}
