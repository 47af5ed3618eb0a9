package dev.jptx.runtime.jvm;

import java.util.ArrayList;
import java.util.List;

/**
 * One rendezvous in progress: a block barrier or a warp operation. Threads arrive under the block's
 * lock and, unless they complete the round, hand their turn to another thread and wait. Whoever
 * ends the round (the last arrival, or a failure) makes its waiters runnable again. Fields are
 * guarded by the block's lock; {@link #done} and {@link #failure} are also read by a resumed
 * waiter, after the hand-over that publishes them.
 */
class Round {
  private final List<Worker> waiters = new ArrayList<>();

  /** Set when every participant has arrived; the round's data is final from then on. */
  volatile boolean done;

  /** Set when the round can never complete, e.g. a participant exited; waiters throw it. */
  volatile String failure;

  void addWaiter(Worker worker) {
    waiters.add(worker);
  }

  void removeWaiter(Worker worker) {
    waiters.remove(worker);
  }

  List<Worker> waiters() {
    return waiters;
  }

  /** After resuming: returns if the round completed, throws if it failed or the launch aborted. */
  void checkOutcome(JvmLaunch launch) {
    if (done) {
      return;
    }
    if (failure != null) {
      throw new IllegalStateException(failure);
    }
    if (launch.isAborted()) {
      throw LaunchAborted.INSTANCE;
    }
    throw new AssertionError("resumed before the round ended");
  }
}
