package dev.jptx.runtime.internal;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.spi.KernelAbi;
import java.lang.reflect.Array;
import java.util.List;

/**
 * A launch's arguments through the kernel ABI codec ({@link KernelAbi}), for the devices that
 * marshal them into parameter bytes: what counts as an array, and each argument's bytes with errors
 * that name the argument.
 */
public final class KernelArguments {
  private KernelArguments() {}

  /** The length of an array or device array argument, or -1 for anything else. */
  public static int arrayLength(Object a) {
    if (a instanceof DeviceArray d) {
      return d.length();
    }
    return a != null && a.getClass().isArray() ? Array.getLength(a) : -1;
  }

  /** True for an array or a device array. */
  public static boolean isArray(Object a) {
    return arrayLength(a) >= 0;
  }

  /** The entry's parameters for a kernel's arguments: each array its address, then its length. */
  public static List<KernelAbi.Slot> slots(Object[] args) {
    return KernelAbi.slots(args, KernelArguments::arrayLength);
  }

  /** The bytes of argument {@code index}, a boxed primitive. */
  public static byte[] encode(int index, Object value) {
    try {
      return KernelAbi.encode(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("argument " + index + " is " + e.getMessage(), e);
    }
  }
}
