package dev.jptx.compiler.pipeliner;

import java.util.List;

/**
 * A modulo schedule of one {@link PipelineLoop}: every instruction of the body between its PHIs and
 * its branches gets a cycle; iteration {@code t} issues instruction {@code i} at {@code t * ii +
 * cycle(i)}. The stage of an instruction is {@code cycle / ii}.
 *
 * @param loop the loop scheduled
 * @param ii the initiation interval
 * @param mii max(recMii, resMii), the lower bound the search started from
 * @param recMii the recurrence bound (0 under {@code pipeliner-ignore-recmii})
 * @param resMii the resource bound
 * @param cycles one entry per instruction of {@code loop.body().instrs()}, in order: its cycle,
 *     counted from 0 for the earliest scheduled instruction, or -1 for PHIs and the terminating
 *     branches, which are not scheduled
 */
public record ModuloSchedule(
    PipelineLoop loop, int ii, int mii, int recMii, int resMii, List<Integer> cycles) {
  /** Copies the list and checks the stages. */
  public ModuloSchedule {
    cycles = List.copyOf(cycles);
    if (ii < 1) {
      throw new IllegalArgumentException("II must be positive, not " + ii);
    }
    if (cycles.size() != loop.body().instrs().size()) {
      throw new IllegalArgumentException(
          "schedule has "
              + cycles.size()
              + " cycles for "
              + loop.body().instrs().size()
              + " instructions");
    }
  }

  /** True if instruction {@code index} of the body has a cycle. */
  public boolean scheduled(int index) {
    return cycles.get(index) >= 0;
  }

  /** The cycle of instruction {@code index} of the body. */
  public int cycle(int index) {
    return cycles.get(index);
  }

  /** The stage of instruction {@code index} of the body: {@code cycle / ii}. */
  public int stage(int index) {
    return cycles.get(index) / ii;
  }

  /**
   * The seed's {@code numStages}: {@code (lastCycle - firstCycle) / ii}, the index of the last
   * stage. 0 means no iterations overlap.
   */
  public int numStages() {
    int last = 0;
    for (int c : cycles) {
      last = Math.max(last, c);
    }
    return last / ii;
  }
}
