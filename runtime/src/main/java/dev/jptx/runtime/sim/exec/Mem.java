package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.AddressMap;
import dev.jptx.runtime.sim.memory.MemoryFault;
import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.StateSpace;

/**
 * The memory one {@code ld}, {@code st} or {@code atom} site reaches, by state space. A global site
 * remembers the allocation it last hit, so that the search by address is skipped while a thread
 * (and the next) keeps using the same array. Generic addresses are routed by window.
 */
final class Mem {
  final StateSpace space;
  private Region lastGlobal;

  Mem(StateSpace space) {
    this.space = space;
  }

  /** The region holding {@code size} bytes at {@code address} of this site's space. */
  Region region(ThreadState t, long address, int size) {
    switch (space) {
      case GLOBAL:
        return global(t, address, size);
      case SHARED:
        return t.block.shared;
      case LOCAL:
        return t.local;
      case CONST:
        return t.block.launch.program.constBank;
      case PARAM:
        return t.frame.params;
      default:
        return generic(t, address, size);
    }
  }

  /** The address within the region {@link #region} returned. */
  long translate(long address) {
    if (space != StateSpace.GENERIC) {
      return address;
    }
    if (AddressMap.inWindow(address, AddressMap.SHARED_WINDOW)) {
      return address - AddressMap.SHARED_WINDOW;
    } else if (AddressMap.inWindow(address, AddressMap.LOCAL_WINDOW)) {
      return address - AddressMap.LOCAL_WINDOW;
    } else if (AddressMap.inWindow(address, AddressMap.CONST_WINDOW)) {
      return address - AddressMap.CONST_WINDOW;
    } else if (AddressMap.inWindow(address, AddressMap.PARAM_WINDOW)) {
      return address - AddressMap.PARAM_WINDOW;
    }
    return address;
  }

  private Region global(ThreadState t, long address, int size) {
    Region r = lastGlobal;
    if (r != null && r.contains(address, size)) {
      return r;
    }
    r = t.block.launch.global.find(address, size);
    lastGlobal = r;
    return r;
  }

  private Region generic(ThreadState t, long address, int size) {
    if (AddressMap.inWindow(address, AddressMap.SHARED_WINDOW)) {
      return t.block.shared;
    } else if (AddressMap.inWindow(address, AddressMap.LOCAL_WINDOW)) {
      return t.local;
    } else if (AddressMap.inWindow(address, AddressMap.CONST_WINDOW)) {
      return t.block.launch.program.constBank;
    } else if (AddressMap.inWindow(address, AddressMap.PARAM_WINDOW)) {
      return t.block.launch.paramRegion;
    }
    if (address < AddressMap.GLOBAL_BASE) {
      throw new MemoryFault("no memory at this generic address", StateSpace.GENERIC, address, size);
    }
    return global(t, address, size);
  }

  /** Loads {@code size} bytes, zero-extended. */
  long load(ThreadState t, long address, int size) {
    return region(t, address, size).load(translate(address), size);
  }

  /** Stores the low {@code size} bytes of {@code value}. */
  void store(ThreadState t, long address, int size, long value) {
    region(t, address, size).store(translate(address), size, value);
  }
}
