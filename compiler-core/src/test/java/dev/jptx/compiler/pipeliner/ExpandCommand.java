package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.mir.MirVerifier;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;

/**
 * The file-test command {@code modulo-expand mve|peeling II C0,C1,...}: the first single-block loop
 * of each function gets the schedule at that II with the cycles given for its scheduled
 * instructions in body order, the generator rewrites it, and the verified MIR is printed.
 */
public final class ExpandCommand {
  private ExpandCommand() {}

  /** Runs the command on MIR text. */
  public static String run(String input, List<String> args) {
    List<MachineFunction> fs = MirParser.parse(input);
    int ii = Integer.parseInt(args.get(1));
    for (MachineFunction f : fs) {
      MirVerifier.check(f, "parse");
      PipelineLoop l = TestLoops.find(f).get(0);
      List<Integer> cycles = new ArrayList<>();
      String[] given = args.get(2).split(",");
      int next = 0;
      for (var i : l.body().instrs()) {
        boolean scheduled = i.opcode() != MoveOpcodes.PHI && !i.opcode().isTerminator();
        cycles.add(scheduled ? Integer.parseInt(given[next++]) : -1);
      }
      ModuloSchedule s = new ModuloSchedule(l, ii, ii, 0, 0, cycles);
      boolean done =
          switch (args.get(0)) {
            case "mve" -> ModuloScheduleExpander.expand(f, s);
            case "peeling" -> PeelingScheduleExpander.expand(f, s);
            default -> throw new IllegalArgumentException("unknown generator " + args.get(0));
          };
      if (!done) {
        throw new IllegalStateException("the generator declined the loop");
      }
      MirVerifier.check(f, "modulo-expand");
    }
    return MirPrinter.print(fs);
  }
}
