package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineFunction;

/** A code generator of modulo schedules (placeholder until the generator is written). */
public final class PeelingScheduleExpander {
  private PeelingScheduleExpander() {}

  /**
   * Rewrites the schedule's loop in {@code f} as prolog, kernel and epilog; returns false, changing
   * nothing, if it cannot.
   */
  public static boolean expand(MachineFunction f, ModuloSchedule s) {
    return false;
  }
}
