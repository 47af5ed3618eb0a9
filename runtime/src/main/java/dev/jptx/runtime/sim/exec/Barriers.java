package dev.jptx.runtime.sim.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * The 16 named barriers of a block ({@code bar.sync}, {@code bar.red}, {@code bar.arrive}, {@code
 * barrier.sync}). Threads count individually (sm_70 and newer semantics), and a barrier without an
 * explicit count waits for every thread of the block that has not exited, which is what CUDA
 * programs that return early from some threads rely on.
 */
final class Barriers {
  /** Plain synchronization. */
  static final int SYNC = 0;

  /** {@code bar.red.popc.u32}: the number of threads whose predicate is true. */
  static final int POPC = 1;

  /** {@code bar.red.and.pred}. */
  static final int AND = 2;

  /** {@code bar.red.or.pred}. */
  static final int OR = 3;

  private static final int COUNT = 16;

  private final BlockContext block;
  private final List<List<ThreadState>> waiting = new ArrayList<>();
  private final int[] arrived = new int[COUNT];
  private final int[] expected = new int[COUNT];

  Barriers(BlockContext block) {
    this.block = block;
    for (int i = 0; i < COUNT; i++) {
      waiting.add(new ArrayList<>());
    }
  }

  /**
   * Thread {@code t} arrives at barrier {@code id} expecting {@code count} threads (0: all live
   * threads), bringing {@code value} for a reduction whose result goes to register {@code dest}.
   * Returns {@link Status#BLOCK} if the thread must wait, {@link Status#SWITCH} if its arrival
   * completed the barrier (every waiter's pc now points past it), or the next pc for a non-waiting
   * arrival.
   */
  int arrive(ThreadState t, int id, int count, int kind, long value, int dest, boolean wait) {
    if (id < 0 || id >= COUNT) {
      throw new SimulationError("barrier " + id + " does not exist (0..15)");
    }
    t.pendingKind = kind;
    t.pendingA = value;
    t.pendingDest = dest;
    arrived[id]++;
    expected[id] = count;
    if (wait) {
      t.blocked = true;
      waiting.get(id).add(t);
    }
    if (complete(id)) {
      // completion moved every waiter, this thread included, past the barrier
      return wait ? Status.SWITCH : t.pc + 1;
    }
    return wait ? Status.BLOCK : t.pc + 1;
  }

  /** Completes barrier {@code id} if enough threads arrived; returns true if it did. */
  private boolean complete(int id) {
    int need = expected[id] > 0 ? expected[id] : block.live;
    if (arrived[id] < need) {
      return false;
    }
    List<ThreadState> ws = waiting.get(id);
    long popc = 0;
    boolean all = true;
    boolean any = false;
    for (ThreadState w : ws) {
      boolean p = w.pendingA != 0;
      popc += p ? 1 : 0;
      all &= p;
      any |= p;
    }
    boolean everyone = expected[id] <= 0;
    for (ThreadState w : ws) {
      if (everyone) {
        // every live thread is here, so which ones exited is the same in every run
        w.seenExited = block.warps.exitedLanes(w.warp);
      }
      switch (w.pendingKind) {
        case POPC -> w.r[w.pendingDest] = popc;
        case AND -> w.r[w.pendingDest] = all ? 1 : 0;
        case OR -> w.r[w.pendingDest] = any ? 1 : 0;
        default -> {}
      }
      w.blocked = false;
      w.pc++;
    }
    ws.clear();
    arrived[id] = 0;
    expected[id] = 0;
    return true;
  }

  /** A thread exited: barriers waiting for all live threads may now be complete. */
  void threadExited() {
    for (int id = 0; id < COUNT; id++) {
      if (!waiting.get(id).isEmpty()) {
        complete(id);
      }
    }
  }

  /** Describes what waits where, for deadlock reports. */
  String describeWaiting() {
    StringBuilder sb = new StringBuilder();
    for (int id = 0; id < COUNT; id++) {
      if (!waiting.get(id).isEmpty()) {
        sb.append(" barrier ")
            .append(id)
            .append(": ")
            .append(waiting.get(id).size())
            .append(" thread(s) waiting of ")
            .append(expected[id] > 0 ? expected[id] : block.live)
            .append(';');
      }
    }
    return sb.toString();
  }
}
