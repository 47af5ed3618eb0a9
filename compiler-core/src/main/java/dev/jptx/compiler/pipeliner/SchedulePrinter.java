package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirPrinter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Prints a {@link ModuloSchedule} as MIR comment lines (the MIR parser skips lines starting with
 * {@code ;}), as LLVM's pipeliner prints its schedules: a header with the loop, II, MII, RecMII,
 * ResMII and numStages, then each scheduled instruction as {@code [stage S @cC] instr}, by cycle,
 * the body's order among equal cycles.
 */
public final class SchedulePrinter {
  private SchedulePrinter() {}

  /** The schedule's lines, each ending in a newline. */
  public static String print(MachineFunction f, ModuloSchedule s) {
    StringBuilder sb = new StringBuilder();
    sb.append("; schedule of ").append(s.loop().body()).append(" in @").append(f.info().name());
    sb.append(": II ").append(s.ii()).append(", MII ").append(s.mii());
    sb.append(", RecMII ").append(s.recMii()).append(", ResMII ").append(s.resMii());
    sb.append(", numStages ").append(s.numStages()).append('\n');
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < s.cycles().size(); i++) {
      if (s.scheduled(i)) {
        order.add(i);
      }
    }
    order.sort(Comparator.comparingInt(s::cycle).thenComparingInt(i -> i));
    for (int i : order) {
      sb.append(";   [stage ").append(s.stage(i)).append(" @c").append(s.cycle(i)).append("] ");
      sb.append(MirPrinter.instr(f, s.loop().body().instrs().get(i))).append('\n');
    }
    return sb.toString();
  }

  /** Debug lines (mask, resources) as comments. */
  static String comment(String lines) {
    StringBuilder sb = new StringBuilder();
    for (String l : lines.split("\n")) {
      if (!l.isEmpty()) {
        sb.append(";   ").append(l).append('\n');
      }
    }
    return sb.toString();
  }
}
