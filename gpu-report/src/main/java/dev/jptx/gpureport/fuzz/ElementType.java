package dev.jptx.gpureport.fuzz;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Array;

/**
 * The eight primitive types a kernel argument or array element may have: the corpus's type codes
 * (the ordinal), how a value is written and read, an element's bits, and the comparison rule.
 */
enum ElementType {
  BOOLEAN(boolean.class, Boolean.class, 1),
  BYTE(byte.class, Byte.class, 8),
  SHORT(short.class, Short.class, 16),
  CHAR(char.class, Character.class, 16),
  INT(int.class, Integer.class, 32),
  LONG(long.class, Long.class, 64),
  FLOAT(float.class, Float.class, 32),
  DOUBLE(double.class, Double.class, 64);

  private static final ElementType[] ALL = values();

  final Class<?> primitive;
  final Class<?> box;
  final int bits;

  ElementType(Class<?> primitive, Class<?> box, int bits) {
    this.primitive = primitive;
    this.box = box;
    this.bits = bits;
  }

  /** The type of code {@code code}; an {@link IOException} for an unknown code. */
  static ElementType of(int code) throws IOException {
    if (code < 0 || code >= ALL.length) {
      throw new IOException("unknown type code " + code);
    }
    return ALL[code];
  }

  /** The type of a boxed primitive, or of a primitive array's elements; null for anything else. */
  static ElementType of(Object value) {
    Class<?> c = value.getClass();
    for (ElementType t : ALL) {
      if (c == t.box || c.isArray() && c.getComponentType() == t.primitive) {
        return t;
      }
    }
    return null;
  }

  /** The element at {@code i} as raw bits, zero-extended to 64 (NaN payloads kept). */
  long bits(Object array, int i) {
    switch (this) {
      case BOOLEAN:
        return ((boolean[]) array)[i] ? 1 : 0;
      case BYTE:
        return ((byte[]) array)[i] & 0xffL;
      case SHORT:
        return ((short[]) array)[i] & 0xffffL;
      case CHAR:
        return ((char[]) array)[i];
      case INT:
        return ((int[]) array)[i] & 0xffff_ffffL;
      case LONG:
        return ((long[]) array)[i];
      case FLOAT:
        return Float.floatToRawIntBits(((float[]) array)[i]) & 0xffff_ffffL;
      case DOUBLE:
        return Double.doubleToRawLongBits(((double[]) array)[i]);
      default:
        throw new AssertionError(this);
    }
  }

  /**
   * Whether two elements agree: the same bits, except that every NaN equals every other NaN
   * (devices may return other payloads, API.md section 1), as the fuzzer's {@code ArrayDiff}
   * compares. {@code -0.0} differs from {@code 0.0}.
   */
  boolean same(Object expected, Object actual, int i) {
    if (this == FLOAT) {
      float e = ((float[]) expected)[i];
      float a = ((float[]) actual)[i];
      if (Float.isNaN(e) || Float.isNaN(a)) {
        return Float.isNaN(e) && Float.isNaN(a);
      }
    } else if (this == DOUBLE) {
      double e = ((double[]) expected)[i];
      double a = ((double[]) actual)[i];
      if (Double.isNaN(e) || Double.isNaN(a)) {
        return Double.isNaN(e) && Double.isNaN(a);
      }
    }
    return bits(expected, i) == bits(actual, i);
  }

  /** {@code bits} as hex digits of this type's width, and the value they stand for. */
  String show(long bits) {
    String hex = String.format("0x%0" + Math.max(1, this.bits / 4) + "x", bits);
    switch (this) {
      case FLOAT:
        return hex + " (" + Float.intBitsToFloat((int) bits) + ")";
      case DOUBLE:
        return hex + " (" + Double.longBitsToDouble(bits) + ")";
      case BOOLEAN:
        return hex + " (" + (bits != 0) + ")";
      case BYTE:
        return hex + " (" + (byte) bits + ")";
      case SHORT:
        return hex + " (" + (short) bits + ")";
      case INT:
        return hex + " (" + (int) bits + ")";
      default:
        return hex + " (" + bits + ")";
    }
  }

  /** A copy of {@code array}, whose elements must be of this type. */
  Object copy(Object array) {
    int n = Array.getLength(array);
    Object out = Array.newInstance(primitive, n);
    System.arraycopy(array, 0, out, 0, n);
    return out;
  }

  void writeValue(DataOutputStream out, Object value) throws IOException {
    switch (this) {
      case BOOLEAN:
        out.writeBoolean((Boolean) value);
        break;
      case BYTE:
        out.writeByte((Byte) value);
        break;
      case SHORT:
        out.writeShort((Short) value);
        break;
      case CHAR:
        out.writeChar((Character) value);
        break;
      case INT:
        out.writeInt((Integer) value);
        break;
      case LONG:
        out.writeLong((Long) value);
        break;
      case FLOAT:
        out.writeInt(Float.floatToRawIntBits((Float) value));
        break;
      case DOUBLE:
        out.writeLong(Double.doubleToRawLongBits((Double) value));
        break;
      default:
        throw new AssertionError(this);
    }
  }

  Object readValue(DataInputStream in) throws IOException {
    switch (this) {
      case BOOLEAN:
        return in.readBoolean();
      case BYTE:
        return in.readByte();
      case SHORT:
        return in.readShort();
      case CHAR:
        return in.readChar();
      case INT:
        return in.readInt();
      case LONG:
        return in.readLong();
      case FLOAT:
        return Float.intBitsToFloat(in.readInt());
      case DOUBLE:
        return Double.longBitsToDouble(in.readLong());
      default:
        throw new AssertionError(this);
    }
  }

  /** The elements of {@code array}, without its length. */
  void writeElements(DataOutputStream out, Object array) throws IOException {
    int n = Array.getLength(array);
    for (int i = 0; i < n; i++) {
      long b = bits(array, i);
      switch (bits) {
        case 1:
        case 8:
          out.writeByte((int) b);
          break;
        case 16:
          out.writeShort((int) b);
          break;
        case 32:
          out.writeInt((int) b);
          break;
        default:
          out.writeLong(b);
          break;
      }
    }
  }

  /** {@code n} elements written by {@link #writeElements}, as a new array. */
  Object readElements(DataInputStream in, int n) throws IOException {
    Object a = Array.newInstance(primitive, n);
    for (int i = 0; i < n; i++) {
      Array.set(a, i, fromBits(readBits(in)));
    }
    return a;
  }

  private long readBits(DataInputStream in) throws IOException {
    switch (bits) {
      case 1:
      case 8:
        return in.readUnsignedByte();
      case 16:
        return in.readUnsignedShort();
      case 32:
        return in.readInt() & 0xffff_ffffL;
      default:
        return in.readLong();
    }
  }

  private Object fromBits(long b) {
    switch (this) {
      case BOOLEAN:
        return b != 0;
      case BYTE:
        return (byte) b;
      case SHORT:
        return (short) b;
      case CHAR:
        return (char) b;
      case INT:
        return (int) b;
      case LONG:
        return b;
      case FLOAT:
        return Float.intBitsToFloat((int) b);
      case DOUBLE:
        return Double.longBitsToDouble(b);
      default:
        throw new AssertionError(this);
    }
  }
}
