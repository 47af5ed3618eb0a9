package dev.jptx.runtime.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A block of simulated memory: bytes with little-endian typed access, as NVIDIA GPUs store them.
 * Accesses check bounds and natural alignment; the caller has already found the region by address,
 * so offsets here are region-relative.
 */
public final class Region {
  private static final VarHandle I16 =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I32 =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I64 =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  final long base;
  final String name;
  final StateSpace space;
  byte[] data;

  /** A region of {@code size} zero bytes at {@code base} (an address or an offset). */
  public Region(StateSpace space, long base, int size, String name) {
    this.space = space;
    this.base = base;
    this.data = new byte[size];
    this.name = name;
  }

  /** The first address. */
  public long base() {
    return base;
  }

  /** Its size in bytes. */
  public int size() {
    return data.length;
  }

  /** What it holds, for error messages ({@code "float[1024] argument 3"}). */
  public String name() {
    return name;
  }

  /** The bytes themselves. */
  public byte[] bytes() {
    return data;
  }

  /** True if {@code size} bytes at {@code address} lie inside. */
  public boolean contains(long address, int size) {
    return address >= base && address + size <= base + data.length;
  }

  /** The region-relative offset of an access, after checking bounds and alignment. */
  int offset(long address, int size) {
    long off = address - base;
    if (off < 0 || off + size > data.length) {
      throw new MemoryFault("out of bounds of " + name, space, address, size);
    }
    if ((address & (size - 1)) != 0) {
      throw new MemoryFault("misaligned access in " + name, space, address, size);
    }
    return (int) off;
  }

  /** Reads an unsigned value of {@code size} bytes (1, 2, 4 or 8). */
  public long load(long address, int size) {
    int o = offset(address, size);
    return switch (size) {
      case 1 -> data[o] & 0xFFL;
      case 2 -> ((short) I16.get(data, o)) & 0xFFFFL;
      case 4 -> ((int) I32.get(data, o)) & 0xFFFF_FFFFL;
      default -> (long) I64.get(data, o);
    };
  }

  /** Writes the low {@code size} bytes of {@code value}. */
  public void store(long address, int size, long value) {
    int o = offset(address, size);
    switch (size) {
      case 1 -> data[o] = (byte) value;
      case 2 -> I16.set(data, o, (short) value);
      case 4 -> I32.set(data, o, (int) value);
      default -> I64.set(data, o, value);
    }
  }

  /** Grows the region to at least {@code size} bytes, keeping its content. */
  public void ensureCapacity(int size) {
    if (data.length < size) {
      data = java.util.Arrays.copyOf(data, Math.max(size, data.length * 2));
    }
  }
}
