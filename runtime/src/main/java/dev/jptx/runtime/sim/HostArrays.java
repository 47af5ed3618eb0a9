package dev.jptx.runtime.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.nio.ByteOrder;

/**
 * Copies between Java primitive arrays and simulated memory, little-endian as on the GPU; a {@code
 * boolean} is one byte, 0 or 1.
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

  /** The bytes an array occupies on the device. */
  static int byteSize(Object array) {
    return Array.getLength(array) * elementSize(array.getClass().getComponentType());
  }

  static void copyIn(Object array, Region r) {
    byte[] d = r.bytes();
    if (array instanceof byte[] a) {
      System.arraycopy(a, 0, d, 0, a.length);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < a.length; i++) {
        d[i] = (byte) (a[i] ? 1 : 0);
      }
    } else if (array instanceof short[] a) {
      for (int i = 0; i < a.length; i++) {
        SHORT.set(d, 2 * i, a[i]);
      }
    } else if (array instanceof char[] a) {
      for (int i = 0; i < a.length; i++) {
        SHORT.set(d, 2 * i, (short) a[i]);
      }
    } else if (array instanceof int[] a) {
      for (int i = 0; i < a.length; i++) {
        INT.set(d, 4 * i, a[i]);
      }
    } else if (array instanceof float[] a) {
      for (int i = 0; i < a.length; i++) {
        INT.set(d, 4 * i, Float.floatToRawIntBits(a[i]));
      }
    } else if (array instanceof long[] a) {
      for (int i = 0; i < a.length; i++) {
        LONG.set(d, 8 * i, a[i]);
      }
    } else if (array instanceof double[] a) {
      for (int i = 0; i < a.length; i++) {
        LONG.set(d, 8 * i, Double.doubleToRawLongBits(a[i]));
      }
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }

  static void copyOut(Region r, Object array) {
    byte[] d = r.bytes();
    if (array instanceof byte[] a) {
      System.arraycopy(d, 0, a, 0, a.length);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = d[i] != 0;
      }
    } else if (array instanceof short[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = (short) SHORT.get(d, 2 * i);
      }
    } else if (array instanceof char[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = (char) (short) SHORT.get(d, 2 * i);
      }
    } else if (array instanceof int[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = (int) INT.get(d, 4 * i);
      }
    } else if (array instanceof float[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = Float.intBitsToFloat((int) INT.get(d, 4 * i));
      }
    } else if (array instanceof long[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = (long) LONG.get(d, 8 * i);
      }
    } else if (array instanceof double[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = Double.longBitsToDouble((long) LONG.get(d, 8 * i));
      }
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }
}
