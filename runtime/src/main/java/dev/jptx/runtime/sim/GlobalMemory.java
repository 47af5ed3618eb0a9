package dev.jptx.runtime.sim;

import java.util.Map;
import java.util.TreeMap;

/**
 * The device's global memory: allocations at 256-byte-aligned addresses with unmapped gaps between
 * them, so that an access past one allocation's end faults instead of reaching the next. Lookups
 * are by address; the engine keeps the last region it used per instruction, so most accesses skip
 * the search.
 */
public final class GlobalMemory {
  private static final long ALIGN = 256;
  private static final long GAP = 4096;

  private final TreeMap<Long, Region> regions = new TreeMap<>();
  private long next = AddressMap.GLOBAL_BASE;

  /** Allocates {@code size} zeroed bytes; returns the region. */
  public synchronized Region allocate(int size, String name) {
    Region r = new Region(StateSpace.GLOBAL, next, size, name);
    regions.put(next, r);
    next += ((Math.max(size, 1) + ALIGN - 1) / ALIGN) * ALIGN + GAP;
    return r;
  }

  /** Frees a region; later accesses to it fault. */
  public synchronized void free(Region r) {
    regions.remove(r.base());
  }

  /** The region holding {@code size} bytes at {@code address}, or a fault saying why not. */
  public synchronized Region find(long address, int size) {
    Map.Entry<Long, Region> e = regions.floorEntry(address);
    if (e != null && e.getValue().contains(address, 1)) {
      return e.getValue();
    }
    if (e != null && address - e.getValue().base() < e.getValue().size() + GAP) {
      Region r = e.getValue();
      throw new MemoryFault(
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
    throw new MemoryFault("no allocation there", StateSpace.GLOBAL, address, size);
  }
}
