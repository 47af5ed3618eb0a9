package dev.jptx.runtime.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.nio.ByteOrder;

/**
 * Copies between Java primitive arrays and simulated memory, little-endian as on the GPU; a {@code
 * boolean} is one byte, 0 or 1. A flat region is copied in place; a paged one through a buffer of
 * one page at a time.
 */
final class HostArrays {
  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private HostArrays() {}

  /** The size in bytes of one element of a primitive type. */
  static int elementSize(Class<?> type) {
    if (type == boolean.class || type == byte.class) {
      return 1;
    } else if (type == short.class || type == char.class) {
      return 2;
    } else if (type == int.class || type == float.class) {
      return 4;
    } else if (type == long.class || type == double.class) {
      return 8;
    }
    throw new IllegalArgumentException("not a primitive element type: " + type);
  }

  /** The bytes an array occupies on the device (a {@code long[]} may take more than 2 GiB). */
  static long byteSize(Object array) {
    return (long) Array.getLength(array) * elementSize(array.getClass().getComponentType());
  }

  static void copyIn(Object array, Region r) {
    int n = Array.getLength(array);
    if (r.isFlat()) {
      encode(array, 0, n, r.bytes(), 0);
      return;
    }
    int es = elementSize(array.getClass().getComponentType());
    byte[] buffer = new byte[Region.PAGE];
    int per = Region.PAGE / es;
    for (int i = 0; i < n; i += per) {
      int k = Math.min(per, n - i);
      encode(array, i, k, buffer, 0);
      r.write((long) i * es, buffer, 0, k * es);
    }
  }

  static void copyOut(Region r, Object array) {
    int n = Array.getLength(array);
    if (r.isFlat()) {
      decode(r.bytes(), 0, array, 0, n);
      return;
    }
    int es = elementSize(array.getClass().getComponentType());
    byte[] buffer = new byte[Region.PAGE];
    int per = Region.PAGE / es;
    for (int i = 0; i < n; i += per) {
      int k = Math.min(per, n - i);
      r.read((long) i * es, buffer, 0, k * es);
      decode(buffer, 0, array, i, k);
    }
  }

  /** Writes elements {@code from..from+n} of {@code array} to {@code d} at byte {@code at}. */
  private static void encode(Object array, int from, int n, byte[] d, int at) {
    if (array instanceof byte[] a) {
      System.arraycopy(a, from, d, at, n);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < n; i++) {
        d[at + i] = (byte) (a[from + i] ? 1 : 0);
      }
    } else if (array instanceof short[] a) {
      for (int i = 0; i < n; i++) {
        SHORT.set(d, at + 2 * i, a[from + i]);
      }
    } else if (array instanceof char[] a) {
      for (int i = 0; i < n; i++) {
        SHORT.set(d, at + 2 * i, (short) a[from + i]);
      }
    } else if (array instanceof int[] a) {
      for (int i = 0; i < n; i++) {
        INT.set(d, at + 4 * i, a[from + i]);
      }
    } else if (array instanceof float[] a) {
      for (int i = 0; i < n; i++) {
        INT.set(d, at + 4 * i, Float.floatToRawIntBits(a[from + i]));
      }
    } else if (array instanceof long[] a) {
      for (int i = 0; i < n; i++) {
        LONG.set(d, at + 8 * i, a[from + i]);
      }
    } else if (array instanceof double[] a) {
      for (int i = 0; i < n; i++) {
        LONG.set(d, at + 8 * i, Double.doubleToRawLongBits(a[from + i]));
      }
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }

  /** Reads elements {@code from..from+n} of {@code array} from {@code d} at byte {@code at}. */
  private static void decode(byte[] d, int at, Object array, int from, int n) {
    if (array instanceof byte[] a) {
      System.arraycopy(d, at, a, from, n);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = d[at + i] != 0;
      }
    } else if (array instanceof short[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = (short) SHORT.get(d, at + 2 * i);
      }
    } else if (array instanceof char[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = (char) (short) SHORT.get(d, at + 2 * i);
      }
    } else if (array instanceof int[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = (int) INT.get(d, at + 4 * i);
      }
    } else if (array instanceof float[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = Float.intBitsToFloat((int) INT.get(d, at + 4 * i));
      }
    } else if (array instanceof long[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = (long) LONG.get(d, at + 8 * i);
      }
    } else if (array instanceof double[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = Double.longBitsToDouble((long) LONG.get(d, at + 8 * i));
      }
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }
}
