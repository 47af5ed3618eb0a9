package dev.jptx.runtime.jvm;

import dev.jptx.spi.BarrierOp;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One block in flight: the scheduling of its GPU threads, its barrier and its warps.
 *
 * <p>Every GPU thread is a real Java thread when it has to wait, but the block hands one turn
 * around: a worker runs its GPU thread until the thread finishes (then it starts the next unstarted
 * one itself) or waits in a rendezvous (then it passes its turn to a runnable waiter or to a new
 * GPU thread, and parks). A block without barriers thus runs on one Java thread, and a barrier
 * costs one direct hand-over per thread, instead of a stampede of hundreds of threads waking at
 * once and queuing on one lock (which on a small machine is ten times slower).
 *
 * <p>Passing turns also detects deadlock: a thread that must wait while no thread of the block can
 * run and none is unstarted would wait forever, so the launch fails instead. And so that a thread
 * spinning on memory another thread of its block must write cannot starve it, the driver grants an
 * extra turn whenever the block makes no progress for a while. All state is guarded by {@link
 * #lock}.
 */
final class BlockRun {
  private static final long WATCHDOG_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  final JvmLaunch launch;
  final int blockX;
  final int blockY;
  final int blockZ;
  final int threads;
  final ReentrantLock lock = new ReentrantLock();
  final BlockSharedMemory shared;

  private final Team team;
  private final WarpUnit[] warps;
  private final ArrayDeque<Worker> runnable = new ArrayDeque<>();
  private final Thread driver = Thread.currentThread();
  private volatile boolean finished;

  private int nextThread;
  private int exited;
  private int turns;
  private long progress;
  private BarrierRound barrier = new BarrierRound();

  /** A round of the block barrier: arrivals and true predicates. */
  private static final class BarrierRound extends Round {
    int arrived;
    int trueCount;

    /** Per warp, the lanes that had exited when the barrier completed. */
    int[] exitedLanes;
  }

  BlockRun(JvmLaunch launch, Team team, long linearBlock) {
    this.launch = launch;
    this.team = team;
    int gx = launch.grid.x();
    int gy = launch.grid.y();
    this.blockX = (int) (linearBlock % gx);
    this.blockY = (int) (linearBlock / gx % gy);
    this.blockZ = (int) (linearBlock / gx / gy);
    this.threads = (int) launch.block.count();
    this.shared = new BlockSharedMemory(this);
    this.warps = new WarpUnit[(threads + 31) / 32];
    for (int w = 0; w < warps.length; w++) {
      int lanes = Math.min(32, threads - 32 * w);
      warps[w] = new WarpUnit(this, w, lanes == 32 ? -1 : (1 << lanes) - 1);
    }
  }

  /** Runs the block on the driver's team; returns when every started thread has finished. */
  void run() {
    lock.lock();
    try {
      turns = 1;
      nextThread = 1;
    } finally {
      lock.unlock();
    }
    team.start(this, 0);
    long seen = -1;
    while (!finished) {
      LockSupport.parkNanos(this, WATCHDOG_NANOS);
      seen = watchdog(seen);
    }
  }

  /** Grants an extra turn if nothing happened since the last look; returns the progress seen. */
  private long watchdog(long seen) {
    Handoff handoff = Handoff.NONE;
    long now;
    lock.lock();
    try {
      if (!finished && progress == seen && !launch.isAborted()) {
        if (!runnable.isEmpty()) {
          turns++;
          handoff = Handoff.resume(runnable.poll());
        } else if (nextThread < threads) {
          turns++;
          handoff = Handoff.start(this, nextThread++);
        }
      }
      now = progress;
    } finally {
      lock.unlock();
    }
    handoff.run(team);
    return now;
  }

  /** The body of a worker: runs GPU thread {@code linear}, then unstarted ones, then idles. */
  void runThreads(Worker worker, int linear) {
    int next = linear;
    while (next >= 0) {
      var thread = new JvmThread(this, next, worker);
      launch.invoke(thread);
      Handoff handoff = Handoff.NONE;
      lock.lock();
      try {
        next = -1;
        finish(thread);
        if (nextThread < threads && !launch.isAborted()) {
          next = nextThread++;
        } else {
          team.release(worker);
          handoff = passTurnOrEnd();
        }
      } finally {
        lock.unlock();
      }
      if (handoff == null) {
        launch.failBlock(deadlock()); // outside the lock: failing wakes every block
      } else {
        handoff.run(team);
      }
    }
  }

  /** Bookkeeping of a finished GPU thread (lock held). */
  private void finish(JvmThread thread) {
    exited++;
    progress++;
    warps[thread.warp].exit(thread.lane);
    BarrierRound round = barrier;
    if (round.arrived > 0 && round.arrived == threads - exited) {
      endBarrier(round);
    }
  }

  /**
   * A worker gives up its turn for good (lock held): hands it to a runnable waiter, or ends the
   * block if every started thread has finished. Returns null for a deadlock: waiters remain that
   * nothing can wake.
   */
  private Handoff passTurnOrEnd() {
    if (launch.isAborted()) {
      if (exited == nextThread) {
        finishBlock();
      }
      return Handoff.NONE;
    }
    Worker waiter = runnable.poll();
    if (waiter != null) {
      return Handoff.resume(waiter);
    }
    turns--;
    if (exited == threads) {
      finishBlock();
    } else if (turns == 0) {
      return null;
    }
    return Handoff.NONE;
  }

  private void finishBlock() {
    finished = true;
    LockSupport.unpark(driver);
  }

  WarpUnit warp(int index) {
    return warps[index];
  }

  /** {@code bar.sync} and {@code bar.red}: every thread that has not exited takes part. */
  int barrier(JvmThread thread, BarrierOp op, boolean predicate) {
    BarrierRound round;
    boolean last;
    Handoff handoff = Handoff.NONE;
    lock.lock();
    try {
      checkAborted();
      progress++;
      round = barrier;
      round.arrived++;
      if (predicate) {
        round.trueCount++;
      }
      last = round.arrived == threads - exited;
      if (last) {
        endBarrier(round);
      } else {
        handoff = prepareToWait(round, thread.worker);
      }
    } finally {
      lock.unlock();
    }
    if (!last) {
      handoff.run(team);
      thread.worker.awaitTurn(launch);
      round.checkOutcome(launch);
    }
    thread.seenExited = round.exitedLanes[thread.warp];
    switch (op) {
      case SYNC:
        return 0;
      case COUNT:
        return round.trueCount;
      case AND:
        return round.trueCount == round.arrived ? 1 : 0;
      case OR:
        return round.trueCount > 0 ? 1 : 0;
      default:
        throw new AssertionError(op);
    }
  }

  private void endBarrier(BarrierRound round) {
    // every thread not exited is here, so which ones exited is the same in every run
    round.exitedLanes = new int[warps.length];
    for (int w = 0; w < warps.length; w++) {
      round.exitedLanes[w] = warps[w].exitedLanes();
    }
    barrier = new BarrierRound();
    end(round);
  }

  /** Ends a round successfully (lock held): its waiters become runnable. */
  void end(Round round) {
    round.done = true;
    runnable.addAll(round.waiters());
  }

  /** Ends a round that can never complete (lock held): its waiters become runnable and throw. */
  void fail(Round round, String failure) {
    round.failure = failure;
    runnable.addAll(round.waiters());
  }

  /**
   * Registers {@code worker} as a waiter of {@code round} and decides who runs next (lock held);
   * the caller carries the hand-over out and waits for its turn after releasing the lock. If no
   * thread of the block could run any more, throws the deadlock instead.
   */
  Handoff prepareToWait(Round round, Worker worker) {
    progress++;
    Handoff handoff;
    Worker waiter = runnable.poll();
    if (waiter != null) {
      handoff = Handoff.resume(waiter);
    } else if (nextThread < threads) {
      handoff = Handoff.start(this, nextThread++);
    } else if (turns > 1) {
      turns--; // another turn granted by the watchdog is still running
      handoff = Handoff.NONE;
    } else {
      throw deadlock();
    }
    round.addWaiter(worker);
    return handoff;
  }

  Team team() {
    return team;
  }

  void checkAborted() {
    if (launch.isAborted()) {
      throw LaunchAborted.INSTANCE;
    }
  }

  /** Wakes every waiting thread so that it sees the launch has been aborted. */
  void wakeAll() {
    lock.lock();
    try {
      for (Worker worker : barrier.waiters()) {
        worker.wake();
      }
      for (Worker worker : runnable) {
        worker.wake();
      }
      for (WarpUnit warp : warps) {
        warp.wakeAll();
      }
      if (exited == nextThread) {
        finishBlock();
      }
    } finally {
      lock.unlock();
    }
  }

  private IllegalStateException deadlock() {
    int atWarp = 0;
    for (WarpUnit warp : warps) {
      atWarp += warp.waiting();
    }
    return new IllegalStateException(
        "deadlock in block "
            + coordinates()
            + ": every live thread waits ("
            + barrier.waiters().size()
            + " at syncThreads, "
            + atWarp
            + " at warp operations) and no other thread can reach them");
  }

  String coordinates() {
    return "(" + blockX + "," + blockY + "," + blockZ + ")";
  }
}
