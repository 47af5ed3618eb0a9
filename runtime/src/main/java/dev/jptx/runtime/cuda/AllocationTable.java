package dev.jptx.runtime.cuda;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The driver binding's device allocations by address, shared by every thread that uses a device.
 *
 * <p>An address is forgotten <em>before</em> the driver frees it: once {@code cuMemFree} returns,
 * another thread's {@code cuMemAlloc} may get the same address, and forgetting it afterwards would
 * drop that thread's new entry (on an H200 a launch then failed with {@code no allocation at 0x...}
 * while eight threads ran kernels).
 *
 * @param <P> the binding's pointer object
 */
final class AllocationTable<P> {
  private final Map<Long, P> byAddress = new ConcurrentHashMap<>();

  /** Records a new allocation. */
  void add(long address, P pointer) {
    byAddress.put(address, pointer);
  }

  /** The pointer of a live allocation. */
  P get(long address) {
    P p = byAddress.get(address);
    if (p == null) {
      throw new IllegalStateException("no allocation at 0x" + Long.toHexString(address));
    }
    return p;
  }

  /** Forgets {@code address}, then frees it with {@code free}. */
  void release(long address, Consumer<P> free) {
    P p = byAddress.remove(address);
    if (p == null) {
      throw new IllegalStateException("no allocation at 0x" + Long.toHexString(address));
    }
    free.accept(p);
  }
}
