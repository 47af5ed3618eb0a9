package dev.jptx.runtime.sim.memory;

import dev.jptx.runtime.sim.ptx.StateSpace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A block of simulated memory: bytes with little-endian typed access, as NVIDIA GPUs store them.
 * Accesses check bounds and natural alignment; the caller has already found the region by address,
 * so offsets here are region-relative.
 *
 * <p>A region of up to {@link #FLAT_LIMIT} bytes is one Java array. A larger one (up to the
 * device's whole memory, beyond what a Java array can index) is backed lazily by {@link #PAGE}-byte
 * pages, each allocated on its first write; a page never written reads as zeros, as a fresh region
 * does. A naturally aligned access of at most 8 bytes never straddles a page.
 */
public final class Region {
  /** The largest region kept in one array; larger ones are paged. */
  public static final long FLAT_LIMIT = 1L << 24;

  private static final int PAGE_BITS = 16;

  /** The size of a page of a paged region. */
  public static final int PAGE = 1 << PAGE_BITS;

  private static final VarHandle I16 =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I32 =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I64 =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  final long base;
  final String name;
  final StateSpace space;
  private long size;
  // the bytes of a flat region; null for a paged one
  private byte[] data;
  // the pages of a paged region, null until written; null for a flat one
  private final byte[][] pages;

  /** A region of {@code size} zero bytes at {@code base} (an address or an offset). */
  public Region(StateSpace space, long base, long size, String name) {
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size + " of " + name);
    }
    this.space = space;
    this.base = base;
    this.size = size;
    this.name = name;
    if (size <= FLAT_LIMIT) {
      this.data = new byte[(int) size];
      this.pages = null;
    } else {
      this.pages = new byte[(int) ((size + PAGE - 1) >>> PAGE_BITS)][];
    }
  }

  /** The first address. */
  public long base() {
    return base;
  }

  /** Its size in bytes. */
  public long size() {
    return size;
  }

  /** What it holds, for error messages ({@code "float[1024] argument 3"}). */
  public String name() {
    return name;
  }

  /** True if the region is one array, which {@link #bytes} returns. */
  public boolean isFlat() {
    return data != null;
  }

  /** The bytes themselves, of a flat region (parameters, shared and local memory, small arrays). */
  public byte[] bytes() {
    if (data == null) {
      throw new IllegalStateException(name + " is paged, not one array");
    }
    return data;
  }

  /** True if {@code size} bytes at {@code address} lie inside. */
  public boolean contains(long address, int size) {
    return address >= base && address - base <= this.size - size;
  }

  /** The region-relative offset of an access, after checking bounds and alignment. */
  private long offset(long address, int size) {
    long off = address - base;
    if (off < 0 || off > this.size - size) {
      throw new MemoryFault("out of bounds of " + name, space, address, size);
    }
    if ((address & (size - 1)) != 0) {
      throw new MemoryFault("misaligned access in " + name, space, address, size);
    }
    return off;
  }

  /** Reads an unsigned value of {@code size} bytes (1, 2, 4 or 8). */
  public long load(long address, int size) {
    long off = offset(address, size);
    byte[] d = data;
    int o;
    if (d != null) {
      o = (int) off;
    } else {
      d = pages[(int) (off >>> PAGE_BITS)];
      if (d == null) {
        return 0;
      }
      o = (int) off & (PAGE - 1);
    }
    return switch (size) {
      case 1 -> d[o] & 0xFFL;
      case 2 -> ((short) I16.get(d, o)) & 0xFFFFL;
      case 4 -> ((int) I32.get(d, o)) & 0xFFFF_FFFFL;
      default -> (long) I64.get(d, o);
    };
  }

  /** Writes the low {@code size} bytes of {@code value}. */
  public void store(long address, int size, long value) {
    long off = offset(address, size);
    byte[] d = data;
    int o;
    if (d != null) {
      o = (int) off;
    } else {
      d = page((int) (off >>> PAGE_BITS));
      o = (int) off & (PAGE - 1);
    }
    switch (size) {
      case 1 -> d[o] = (byte) value;
      case 2 -> I16.set(d, o, (short) value);
      case 4 -> I32.set(d, o, (int) value);
      default -> I64.set(d, o, value);
    }
  }

  /** Page {@code p} of a paged region, allocated on first use. */
  private byte[] page(int p) {
    byte[] d = pages[p];
    return d != null ? d : newPage(p);
  }

  // synchronized so that two threads writing one fresh page cannot each allocate it
  private synchronized byte[] newPage(int p) {
    byte[] d = pages[p];
    if (d == null) {
      d = new byte[PAGE];
      pages[p] = d;
    }
    return d;
  }

  /** Copies {@code length} bytes from region offset {@code offset} into {@code to[at...]}. */
  public void read(long offset, byte[] to, int at, int length) {
    checkRange(offset, length);
    if (data != null) {
      System.arraycopy(data, (int) offset, to, at, length);
      return;
    }
    while (length > 0) {
      int o = (int) offset & (PAGE - 1);
      int n = Math.min(length, PAGE - o);
      byte[] d = pages[(int) (offset >>> PAGE_BITS)];
      if (d == null) {
        Arrays.fill(to, at, at + n, (byte) 0);
      } else {
        System.arraycopy(d, o, to, at, n);
      }
      offset += n;
      at += n;
      length -= n;
    }
  }

  /**
   * Copies {@code length} bytes of {@code from[at...]} to region offset {@code offset}. Zeros
   * written to a page never written leave it unallocated.
   */
  public void write(long offset, byte[] from, int at, int length) {
    checkRange(offset, length);
    if (data != null) {
      System.arraycopy(from, at, data, (int) offset, length);
      return;
    }
    while (length > 0) {
      int o = (int) offset & (PAGE - 1);
      int n = Math.min(length, PAGE - o);
      int p = (int) (offset >>> PAGE_BITS);
      if (pages[p] != null || !allZero(from, at, n)) {
        System.arraycopy(from, at, page(p), o, n);
      }
      offset += n;
      at += n;
      length -= n;
    }
  }

  private void checkRange(long offset, int length) {
    if (offset < 0 || length < 0 || offset > size - length) {
      throw new IndexOutOfBoundsException(
          length + " bytes at offset " + offset + " of " + name + " (" + size + " bytes)");
    }
  }

  private static boolean allZero(byte[] b, int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  /** Grows a flat region to at least {@code size} bytes, keeping its content. */
  public void ensureCapacity(int size) {
    if (data.length < size) {
      data = Arrays.copyOf(data, Math.max(size, data.length * 2));
      this.size = data.length;
    }
  }
}
