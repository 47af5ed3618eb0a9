package dev.jptx.runtime.jvm;

import java.util.concurrent.locks.LockSupport;

/**
 * A Java thread of a driver's team that runs GPU threads. It is given a GPU thread to start ({@link
 * #assign}) or, while one of its GPU threads waits in a rendezvous, its turn to continue ({@link
 * #resume}); between GPU threads it parks, and it survives from block to block so that a block
 * needs no new Java threads.
 */
final class Worker implements Runnable {
  private final Team team;
  private volatile Thread thread;
  private volatile BlockRun block;
  private volatile int assigned = -1;
  private volatile boolean resumed;
  private volatile boolean stopped;

  Worker(Team team) {
    this.team = team;
  }

  /** Gives this idle worker GPU thread {@code linear} of {@code run} to start. */
  void assign(BlockRun run, int linear) {
    block = run;
    assigned = linear;
    LockSupport.unpark(thread);
  }

  /** Gives this worker's waiting GPU thread its turn to continue. */
  void resume() {
    resumed = true;
    LockSupport.unpark(thread);
  }

  /** Wakes the worker without giving it a turn, so that it notices an aborted launch. */
  void wake() {
    LockSupport.unpark(thread);
  }

  void stop() {
    stopped = true;
    LockSupport.unpark(thread);
  }

  /** Parks the calling GPU thread until it is resumed or the launch is aborted. */
  void awaitTurn(JvmLaunch launch) {
    while (!resumed && !launch.isAborted()) {
      LockSupport.park(this);
    }
    resumed = false;
  }

  @Override
  public void run() {
    thread = Thread.currentThread();
    while (true) {
      while (assigned < 0 && !stopped) {
        LockSupport.park(this);
      }
      if (assigned < 0) {
        return;
      }
      BlockRun run = block;
      int linear = assigned;
      block = null;
      assigned = -1;
      run.runThreads(this, linear);
    }
  }

  Team team() {
    return team;
  }
}
