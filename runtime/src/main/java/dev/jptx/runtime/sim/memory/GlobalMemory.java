package dev.jptx.runtime.sim.memory;

import dev.jptx.runtime.sim.ptx.StateSpace;
import java.util.Map;
import java.util.TreeMap;

/**
 * The device's global memory: allocations at 256-byte-aligned addresses with unmapped guard gaps
 * between them, so that an access past one allocation's end (or before its start) faults instead of
 * reaching the next. The simulated address space is free, so the gap on each side of an allocation
 * is at least as large as the allocation and at least {@link #MIN_GAP}: an index that overshoots by
 * up to the array's own length faults. Regions are backed lazily (see {@link Region}), so the
 * {@link #CAPACITY} of the device is not bounded by the Java heap until it is written. Lookups are
 * by address; the engine keeps the last region it used per instruction, so most accesses skip the
 * search.
 */
public final class GlobalMemory {
  /** The device memory the simulator offers, as {@code info()} reports it. */
  public static final long CAPACITY = 32L << 30;

  /** The smallest guard gap between two allocations. */
  public static final long MIN_GAP = 1L << 20;

  private static final long ALIGN = 256;

  private final TreeMap<Long, Region> regions = new TreeMap<>();
  private long end = AddressMap.GLOBAL_BASE;
  private long gapAfterLast;
  private long live;

  /** The guard gap an allocation of {@code size} bytes needs on each side. */
  public static long gap(long size) {
    return Math.max(MIN_GAP, align(size));
  }

  private static long align(long size) {
    return ((Math.max(size, 1) + ALIGN - 1) / ALIGN) * ALIGN;
  }

  /** Allocates {@code size} zeroed bytes; returns the region. */
  public synchronized Region allocate(long size, String name) {
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size + " of " + name);
    }
    if (size > CAPACITY - live) {
      throw new IllegalStateException(
          "out of device memory: "
              + name
              + " needs "
              + size
              + " bytes, but "
              + live
              + " of the simulator's "
              + CAPACITY
              + " bytes are allocated");
    }
    long base = end == AddressMap.GLOBAL_BASE ? end : end + Math.max(gapAfterLast, gap(size));
    Region r = new Region(StateSpace.GLOBAL, base, size, name);
    regions.put(base, r);
    end = base + align(size);
    gapAfterLast = gap(size);
    live += size;
    return r;
  }

  /** Frees a region; later accesses to it fault. */
  public synchronized void free(Region r) {
    if (regions.remove(r.base(), r)) {
      live -= r.size();
    }
  }

  /** The region holding {@code size} bytes at {@code address}, or a fault saying why not. */
  public synchronized Region find(long address, int size) {
    Map.Entry<Long, Region> e = regions.floorEntry(address);
    Region before = e == null ? null : e.getValue();
    if (before != null && before.contains(address, size)) {
      return before;
    }
    // name the allocation whose guard gap the access fell into, the nearer one if both
    e = regions.higherEntry(address);
    Region after = e == null ? null : e.getValue();
    long past = before == null ? Long.MAX_VALUE : address - before.base() - before.size();
    long ahead = after == null ? Long.MAX_VALUE : after.base() - address;
    if (before != null && past < gap(before.size()) && past <= ahead) {
      throw outOfBounds(before, address, size);
    }
    if (after != null && ahead <= gap(after.size())) {
      throw outOfBounds(after, address, size);
    }
    throw new MemoryFault("no allocation there", StateSpace.GLOBAL, address, size);
  }

  private static MemoryFault outOfBounds(Region r, long address, int size) {
    return new MemoryFault(
        "out of bounds of "
            + r.name()
            + " ("
            + r.size()
            + " bytes at 0x"
            + Long.toHexString(r.base())
            + ", byte offset "
            + (address - r.base())
            + ")",
        StateSpace.GLOBAL,
        address,
        size);
  }
}
