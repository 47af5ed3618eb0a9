package dev.jptx.runtime.sim.exec;

import java.time.Duration;

/**
 * What may end a launch early besides a fault: the stack each thread has for calls, and a deadline
 * (a timeout, or the launching thread's interrupt, which the simulator checks every {@link
 * LaunchContext#POLL_INTERVAL} instructions).
 *
 * @param stackBytes the stack of each thread, for the frames of calls
 * @param timeout how long the launch may run, or null for no limit
 */
public record LaunchLimits(long stackBytes, Duration timeout) {
  /** The simulator's stack size unless {@code Device.setStackSize} sets another: 1 MiB. */
  public static final long DEFAULT_STACK_BYTES = 1L << 20;

  /**
   * The bytes of stack a call uses besides its callee's {@code .local} frame and parameters: the
   * return address and saved state, a round figure (ptxas's real frames vary by target).
   */
  static final int CALL_OVERHEAD_BYTES = 16;
}
