package dev.jptx.runtime.sim;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.internal.HostArrayBytes;
import dev.jptx.runtime.internal.KernelArguments;
import dev.jptx.runtime.sim.exec.KernelEntry;
import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.StateSpace;
import dev.jptx.spi.KernelAbi;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a launch's parameter buffer and does its transfers: Java arrays are copied into fresh
 * allocations before the launch and (unless read-only) back after it, as on CUDA; device arrays are
 * passed by address; primitives by value in the width of their {@code .param}.
 */
final class ParamBuffer {
  private record Transfer(Object host, Region region, boolean copyBack) {}

  private final SimDevice device;
  private final KernelEntry entry;
  private final Region view;
  private final List<Transfer> transfers = new ArrayList<>();

  ParamBuffer(SimDevice device, KernelEntry entry) {
    this.device = device;
    this.entry = entry;
    this.view =
        new Region(
            StateSpace.PARAM, 0, Math.max(entry.paramBytes(), 1), "parameters of " + entry.name());
  }

  byte[] bytes() {
    return view.bytes();
  }

  /** Writes {@code value} into parameter {@code i}, whose size must be {@code size}. */
  void put(int i, int size, long value, String what) {
    if (i >= entry.paramCount()) {
      throw new IllegalArgumentException(
          "entry "
              + entry.name()
              + " has "
              + entry.paramCount()
              + " parameters, but more arguments were given");
    }
    if (entry.paramSize(i) != size) {
      throw new IllegalArgumentException(
          "parameter "
              + i
              + " of entry "
              + entry.name()
              + " has "
              + entry.paramSize(i)
              + " bytes, but the argument is "
              + what
              + " ("
              + size
              + " bytes)");
    }
    view.store(entry.paramOffset(i), size, value);
  }

  /**
   * The device address of an array argument: a device array's, or a copy of a Java array; for a
   * table of an array of arrays, a copy of the table built from its rows' copies.
   */
  long address(Object array, boolean copyBack) {
    if (array instanceof KernelAbi.RowTable t) {
      return address(t.table(row -> address(row, copyBack)), false);
    }
    if (array instanceof DeviceArray d) {
      return device.own(d).region().base();
    }
    for (Transfer t : transfers) {
      if (t.host() == array) {
        // one Java array is one buffer, as on the JVM: both parameters see each other's stores
        return t.region().base();
      }
    }
    Region r =
        device
            .memory()
            .allocate(
                HostArrayBytes.byteSize(array), "argument " + array.getClass().getSimpleName());
    HostArrays.copyIn(array, r);
    transfers.add(new Transfer(array, r, copyBack));
    return r.base();
  }

  /** After the launch: copies results back, frees the temporary allocations. */
  void finish(boolean copyBack) {
    for (Transfer t : transfers) {
      if (copyBack && t.copyBack()) {
        HostArrays.copyOut(t.region(), t.host());
      }
      device.memory().free(t.region());
    }
  }

  /**
   * Writes a boxed primitive, encoded by the kernel ABI codec, into parameter {@code i}: the
   * parameter's size in the PTX must be the encoding's.
   */
  void putValue(int i, Object v) {
    byte[] bytes = KernelArguments.encode(i, v);
    long value = 0;
    for (int k = bytes.length - 1; k >= 0; k--) {
      value = value << 8 | (bytes[k] & 0xff);
    }
    String name = v.getClass().getSimpleName();
    put(i, bytes.length, value, ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name);
  }
}
