package dev.jptx.compiler.dag;

import java.util.List;

/**
 * An IR phi as the backend sees it: a register defined at the start of its block from one register
 * per predecessor (each predecessor's DAG copies the incoming value into it).
 *
 * @param result the register holding the phi's value
 * @param predecessors the predecessor blocks (layout indices), matching {@code registers}
 * @param registers the incoming register from each predecessor
 */
public record PhiCopy(int result, List<Integer> predecessors, List<Integer> registers) {
  /** Copies the lists. */
  public PhiCopy {
    predecessors = List.copyOf(predecessors);
    registers = List.copyOf(registers);
  }
}
