package dev.jptx.runtime.jvm;

/**
 * The turn a thread passes on, decided under the block's lock and carried out after releasing it:
 * unparking the next thread while still holding the lock would let it run straight into that lock
 * and park again, tripling the context switches of every barrier.
 */
final class Handoff {
  static final Handoff NONE = new Handoff(null, null, -1);

  private final Worker resume;
  private final BlockRun start;
  private final int thread;

  private Handoff(Worker resume, BlockRun start, int thread) {
    this.resume = resume;
    this.start = start;
    this.thread = thread;
  }

  /** Resume a waiting thread's worker. */
  static Handoff resume(Worker worker) {
    return new Handoff(worker, null, -1);
  }

  /** Start GPU thread {@code linear} of {@code block} on an idle worker. */
  static Handoff start(BlockRun block, int linear) {
    return new Handoff(null, block, linear);
  }

  /** Carries the hand-over out; call without holding the block's lock. */
  void run(Team team) {
    if (resume != null) {
      resume.resume();
    } else if (start != null) {
      team.start(start, thread);
    }
  }
}
