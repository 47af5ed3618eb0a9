package dev.jptx.runtime.sim.exec;

/**
 * A kernel did something the simulator refuses (a bad memory access, a deadlock, a trap, a warp
 * operation with a bad mask); the message names the PTX line, the instruction, the thread and the
 * block.
 */
public final class SimulationError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** An error with a complete message. */
  public SimulationError(String message) {
    super(message);
  }

  /** An error with a complete message and its cause. */
  public SimulationError(String message, Throwable cause) {
    super(message, cause);
  }
}
