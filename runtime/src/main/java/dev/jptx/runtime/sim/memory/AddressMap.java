package dev.jptx.runtime.sim.memory;

/**
 * Where each state space lives in the simulator's 64-bit generic address space. Global memory
 * (device allocations and module {@code .global} variables) is addressed directly, as on CUDA, so a
 * pointer a kernel receives is both generic and global. The block's shared memory, the thread's
 * local memory and the module's constant bank each sit in a window of their own, so that {@code
 * cvta} and generic loads find them; their state-space addresses are offsets from 0.
 */
public final class AddressMap {
  /** Generic addresses of shared memory: {@code SHARED_WINDOW + offset}. */
  public static final long SHARED_WINDOW = 0x0000_0100_0000_0000L;

  /** Generic addresses of the thread's local memory: {@code LOCAL_WINDOW + offset}. */
  public static final long LOCAL_WINDOW = 0x0000_0200_0000_0000L;

  /** Generic addresses of the constant bank: {@code CONST_WINDOW + offset}. */
  public static final long CONST_WINDOW = 0x0000_0300_0000_0000L;

  /** Generic addresses of the kernel's parameter buffer: {@code PARAM_WINDOW + offset}. */
  public static final long PARAM_WINDOW = 0x0000_0400_0000_0000L;

  /** The size of each window. */
  public static final long WINDOW_SIZE = 1L << 32;

  /** Where global allocations start; each is 256-byte aligned, with unmapped gaps between. */
  public static final long GLOBAL_BASE = 0x0000_1000_0000_0000L;

  /**
   * Where the module's functions seem to lie, 8 bytes apart, for {@code mov.u64 %rd, f} and the
   * indirect calls through it: never memory, so a load or store there faults.
   */
  public static final long FUNCTION_WINDOW = 0x0000_0500_0000_0000L;

  private AddressMap() {}

  /** True if {@code address} lies in the window starting at {@code window}. */
  public static boolean inWindow(long address, long window) {
    return address >= window && address < window + WINDOW_SIZE;
  }
}
