package dev.jptx.runtime.sim.exec;

/** The negative results of {@link Exec#run}: what the scheduler must do instead of continuing. */
final class Status {
  /** The thread has finished. */
  static final int EXIT = -1;

  /** The thread waits at a collective operation; its {@code pc} stays on it. */
  static final int BLOCK = -2;

  /**
   * Reload the code, registers and {@code pc} from the thread: a call or return changed its frame,
   * or a collective completed and moved its {@code pc}.
   */
  static final int SWITCH = -3;

  private Status() {}
}
