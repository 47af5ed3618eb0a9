package dev.jptx.runtime.cuda;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Copies between Java primitive arrays and byte buffers in the GPU's layout: little-endian, a
 * {@code boolean} one byte, 0 or 1. The buffer is read and written from 0 to its limit.
 */
final class HostBytes {
  private HostBytes() {}

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
  static long byteSize(Object array) {
    return (long) Array.getLength(array) * elementSize(array.getClass().getComponentType());
  }

  /** A new heap buffer holding {@code array}'s bytes. */
  static ByteBuffer of(Object array) {
    ByteBuffer b = ByteBuffer.allocate((int) byteSize(array)).order(ByteOrder.LITTLE_ENDIAN);
    write(array, b);
    return b;
  }

  /** A new heap buffer with room for {@code array}'s bytes. */
  static ByteBuffer sized(Object array) {
    return ByteBuffer.allocate((int) byteSize(array)).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** Writes {@code array} into {@code b} from 0. */
  static void write(Object array, ByteBuffer b) {
    ByteBuffer d = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    d.clear();
    if (array instanceof byte[] a) {
      d.put(a);
    } else if (array instanceof boolean[] a) {
      for (boolean x : a) {
        d.put((byte) (x ? 1 : 0));
      }
    } else if (array instanceof short[] a) {
      d.asShortBuffer().put(a);
    } else if (array instanceof char[] a) {
      d.asCharBuffer().put(a);
    } else if (array instanceof int[] a) {
      d.asIntBuffer().put(a);
    } else if (array instanceof float[] a) {
      d.asFloatBuffer().put(a);
    } else if (array instanceof long[] a) {
      d.asLongBuffer().put(a);
    } else if (array instanceof double[] a) {
      d.asDoubleBuffer().put(a);
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }

  /** Reads {@code array} from {@code b} from 0. */
  static void read(ByteBuffer b, Object array) {
    ByteBuffer d = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    d.clear();
    if (array instanceof byte[] a) {
      d.get(a);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = d.get() != 0;
      }
    } else if (array instanceof short[] a) {
      d.asShortBuffer().get(a);
    } else if (array instanceof char[] a) {
      d.asCharBuffer().get(a);
    } else if (array instanceof int[] a) {
      d.asIntBuffer().get(a);
    } else if (array instanceof float[] a) {
      d.asFloatBuffer().get(a);
    } else if (array instanceof long[] a) {
      d.asLongBuffer().get(a);
    } else if (array instanceof double[] a) {
      d.asDoubleBuffer().get(a);
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }
}
