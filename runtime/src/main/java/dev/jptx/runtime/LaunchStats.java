package dev.jptx.runtime;

import java.util.Map;

/**
 * Measurements of the last launch on a device.
 *
 * @param elapsedNanos the launch's wall time (CUDA events on {@code cuda})
 * @param instructions dynamic thread-instructions on {@code sim}, {@code -1} elsewhere
 * @param instructionsByOpcode thread-instructions per PTX opcode on {@code sim}, empty elsewhere
 */
public record LaunchStats(
    long elapsedNanos, long instructions, Map<String, Long> instructionsByOpcode) {
  /** Copies the map, so that a record never changes. */
  public LaunchStats {
    instructionsByOpcode = Map.copyOf(instructionsByOpcode);
  }
}
