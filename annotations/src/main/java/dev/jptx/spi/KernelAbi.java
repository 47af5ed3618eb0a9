package dev.jptx.spi;

import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * The kernel parameter ABI (API.md): how a kernel's Java parameters become the parameters of its
 * PTX entry, and how a launch's arguments become their bytes. The compiler declares the entry from
 * this table; the {@code cuda} device and the GPU report marshal arguments with it; the simulator
 * reads each entry's {@code .param} list from the PTX itself and checks these bytes against it.
 *
 * <ul>
 *   <li>A primitive is one parameter of its own width, little-endian: {@code boolean} {@code .u8}
 *       (0 or 1), {@code byte .s8}, {@code short .s16}, {@code char .u16}, {@code int .s32}, {@code
 *       long .s64}, {@code float .f32}, {@code double .f64}.
 *   <li>An array is two: its device address ({@code .u64}) and its length ({@code .s32}).
 *   <li>An array of primitive arrays ({@code float[][]}) is three: the device address of a table of
 *       its rows' device addresses ({@code .u64} each), the device address of a table of their
 *       lengths ({@code .s32} each), then the number of rows ({@code .s32}).
 *   <li>A record of primitives is its components, in declaration order, each as above; a component
 *       that is itself a record is flattened the same way.
 * </ul>
 */
public final class KernelAbi {
  /**
   * One PTX parameter.
   *
   * @param ptxType its declared type ({@code .s32})
   * @param bytes its size, which is also its alignment
   */
  public record Param(String ptxType, int bytes) {}

  /** The address half of an array parameter. */
  public static final Param ADDRESS = new Param(".u64", 8);

  /** The length half of an array parameter. */
  public static final Param LENGTH = new Param(".s32", 4);

  private KernelAbi() {}

  /**
   * The PTX parameters of a Java parameter of type {@code descriptor} ({@code I}, {@code [F}).
   *
   * @throws IllegalArgumentException for a type kernels cannot take (objects)
   */
  public static List<Param> params(String descriptor) {
    if (descriptor.startsWith("[[")) {
      return List.of(ADDRESS, ADDRESS, LENGTH);
    }
    if (descriptor.startsWith("[")) {
      return List.of(ADDRESS, LENGTH);
    }
    return List.of(
        switch (descriptor) {
          case "Z" -> new Param(".u8", 1);
          case "B" -> new Param(".s8", 1);
          case "S" -> new Param(".s16", 2);
          case "C" -> new Param(".u16", 2);
          case "I" -> new Param(".s32", 4);
          case "J" -> new Param(".s64", 8);
          case "F" -> new Param(".f32", 4);
          case "D" -> new Param(".f64", 8);
          default ->
              throw new IllegalArgumentException("no kernel parameter of type " + descriptor);
        });
  }

  /**
   * One PTX parameter's value in a launch.
   *
   * @param argument the index of the Java argument it comes from
   * @param value the array (for its address) or the boxed primitive
   * @param address true for an array's address, false for a value
   */
  public record Slot(int argument, Object value, boolean address) {}

  /**
   * The value of an address slot of an array of arrays: one of its two tables, which the device
   * builds once it knows where each row lives.
   *
   * @param rows the rows
   * @param lengths true for the table of row lengths, false for the table of row addresses
   */
  public record RowTable(Object[] rows, boolean lengths) {
    /**
     * The table as a Java array to copy to the device like any argument: {@code int[]} row lengths,
     * or {@code long[]} row addresses from {@code addressOf}, which copies each row in (once per
     * distinct row, as for aliased arguments).
     */
    public Object table(ToLongFunction<Object> addressOf) {
      if (lengths) {
        int[] t = new int[rows.length];
        for (int k = 0; k < t.length; k++) {
          t[k] = java.lang.reflect.Array.getLength(rows[k]);
        }
        return t;
      }
      long[] t = new long[rows.length];
      for (int k = 0; k < t.length; k++) {
        t[k] = addressOf.applyAsLong(rows[k]);
      }
      return t;
    }
  }

  /** True for an array whose elements are primitive arrays ({@code float[][]}). */
  public static boolean isArrayOfArrays(Object a) {
    return a instanceof Object[]
        && a.getClass().getComponentType().isArray()
        && a.getClass().getComponentType().getComponentType().isPrimitive();
  }

  /**
   * The entry's parameters for a launch's arguments: each array (or device array, whose length
   * {@code arrayLength} knows) is its address, then its length as an {@code Integer}; an array of
   * arrays is its two {@link RowTable}s, then its row count; a boxed primitive is itself; a record
   * is its components' values, in declaration order (nested records flattened too), each a slot of
   * the record's argument.
   *
   * @param arrayLength the length of an array argument, or -1 if it is not an array
   */
  public static List<Slot> slots(Object[] args, ToIntFunction<Object> arrayLength) {
    List<Slot> out = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      int length = args[i] == null ? -1 : arrayLength.applyAsInt(args[i]);
      if (isArrayOfArrays(args[i])) {
        Object[] rows = (Object[]) args[i];
        out.add(new Slot(i, new RowTable(rows, false), true));
        out.add(new Slot(i, new RowTable(rows, true), true));
        out.add(new Slot(i, rows.length, false));
      } else if (length >= 0) {
        out.add(new Slot(i, args[i], true));
        out.add(new Slot(i, length, false));
      } else if (args[i] instanceof Record r) {
        addComponents(i, r, out);
      } else {
        out.add(new Slot(i, args[i], false));
      }
    }
    return out;
  }

  /** The components of record {@code r}, passed by value, flattened into {@code out}. */
  private static void addComponents(int argument, Record r, List<Slot> out) {
    for (RecordComponent c : r.getClass().getRecordComponents()) {
      Object v = componentValue(r, c);
      if (v instanceof Record nested) {
        addComponents(argument, nested, out);
      } else {
        out.add(new Slot(argument, v, false));
      }
    }
  }

  private static Object componentValue(Record r, RecordComponent c) {
    Method accessor = c.getAccessor();
    try {
      // a record declared private or in a non-public class still passes by value
      accessor.setAccessible(true);
      return accessor.invoke(r);
    } catch (IllegalAccessException | InaccessibleObjectException e) {
      throw new IllegalArgumentException(
          "a " + r.getClass().getName() + " whose component " + c.getName() + " cannot be read", e);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException(
          "a " + r.getClass().getName() + " whose accessor " + c.getName() + "() threw",
          e.getCause());
    }
  }

  /**
   * The bytes of a boxed primitive as its parameter holds them.
   *
   * @throws IllegalArgumentException for anything else, naming what was passed
   */
  public static byte[] encode(Object v) {
    if (v instanceof Integer x) {
      return bytes(4).putInt(x).array();
    } else if (v instanceof Long x) {
      return bytes(8).putLong(x).array();
    } else if (v instanceof Float x) {
      return bytes(4).putFloat(x).array();
    } else if (v instanceof Double x) {
      return bytes(8).putDouble(x).array();
    } else if (v instanceof Short x) {
      return bytes(2).putShort(x).array();
    } else if (v instanceof Character x) {
      return bytes(2).putChar(x).array();
    } else if (v instanceof Byte x) {
      return new byte[] {x};
    } else if (v instanceof Boolean x) {
      return new byte[] {(byte) (x ? 1 : 0)};
    }
    throw new IllegalArgumentException(
        "a "
            + (v == null ? "null" : v.getClass().getName())
            + "; pass arrays, DeviceArrays or boxed primitives");
  }

  private static ByteBuffer bytes(int n) {
    return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
  }
}
