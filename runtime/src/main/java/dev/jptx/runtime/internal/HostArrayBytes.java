package dev.jptx.runtime.internal;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Java primitive arrays as the devices hold them: little-endian, each element in its own width, a
 * {@code boolean} one byte, 0 or 1. The one implementation the {@code cuda} device (its copies
 * through byte buffers) and the simulator (its memory's byte arrays) share.
 */
public final class HostArrayBytes {
  private HostArrayBytes() {}

  /** The size in bytes of one element of a primitive type. */
  public static int elementSize(Class<?> type) {
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

  /** The bytes an array occupies on a device (a {@code long[]} may take more than 2 GiB). */
  public static long byteSize(Object array) {
    return (long) Array.getLength(array) * elementSize(array.getClass().getComponentType());
  }

  /** A new heap buffer holding {@code array}'s bytes. */
  public static ByteBuffer of(Object array) {
    ByteBuffer b = sized(array);
    write(array, b);
    return b;
  }

  /** A new heap buffer with room for {@code array}'s bytes. */
  public static ByteBuffer sized(Object array) {
    return ByteBuffer.allocate((int) byteSize(array)).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** Writes all of {@code array} into {@code b} from 0. */
  public static void write(Object array, ByteBuffer b) {
    encode(array, 0, Array.getLength(array), b, 0);
  }

  /** Reads all of {@code array} from {@code b} from 0. */
  public static void read(ByteBuffer b, Object array) {
    decode(b, 0, array, 0, Array.getLength(array));
  }

  /** Writes elements {@code from..from+n} of {@code array} into {@code d} at byte {@code at}. */
  public static void encode(Object array, int from, int n, byte[] d, int at) {
    encode(array, from, n, ByteBuffer.wrap(d), at);
  }

  /** Reads elements {@code from..from+n} of {@code array} from {@code d} at byte {@code at}. */
  public static void decode(byte[] d, int at, Object array, int from, int n) {
    decode(ByteBuffer.wrap(d), at, array, from, n);
  }

  private static ByteBuffer at(ByteBuffer b, int at) {
    ByteBuffer d = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    d.clear();
    d.position(at);
    return d.slice().order(ByteOrder.LITTLE_ENDIAN);
  }

  private static void encode(Object array, int from, int n, ByteBuffer b, int at) {
    ByteBuffer d = at(b, at);
    if (array instanceof byte[] a) {
      d.put(a, from, n);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < n; i++) {
        d.put((byte) (a[from + i] ? 1 : 0));
      }
    } else if (array instanceof short[] a) {
      d.asShortBuffer().put(a, from, n);
    } else if (array instanceof char[] a) {
      d.asCharBuffer().put(a, from, n);
    } else if (array instanceof int[] a) {
      d.asIntBuffer().put(a, from, n);
    } else if (array instanceof float[] a) {
      d.asFloatBuffer().put(a, from, n);
    } else if (array instanceof long[] a) {
      d.asLongBuffer().put(a, from, n);
    } else if (array instanceof double[] a) {
      d.asDoubleBuffer().put(a, from, n);
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }

  private static void decode(ByteBuffer b, int at, Object array, int from, int n) {
    ByteBuffer d = at(b, at);
    if (array instanceof byte[] a) {
      d.get(a, from, n);
    } else if (array instanceof boolean[] a) {
      for (int i = 0; i < n; i++) {
        a[from + i] = d.get() != 0;
      }
    } else if (array instanceof short[] a) {
      d.asShortBuffer().get(a, from, n);
    } else if (array instanceof char[] a) {
      d.asCharBuffer().get(a, from, n);
    } else if (array instanceof int[] a) {
      d.asIntBuffer().get(a, from, n);
    } else if (array instanceof float[] a) {
      d.asFloatBuffer().get(a, from, n);
    } else if (array instanceof long[] a) {
      d.asLongBuffer().get(a, from, n);
    } else if (array instanceof double[] a) {
      d.asDoubleBuffer().get(a, from, n);
    } else {
      throw new IllegalArgumentException("not a primitive array: " + array);
    }
  }
}
