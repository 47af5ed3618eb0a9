package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.target.RegisterClass;
import java.io.PrintStream;

/**
 * The seed's {@code extra-machineinstr-printer} (machine-passes.md): per function, "Max Live RRegs:
 * {n}\tPRegs: {m}\nFunction Size: {s}", the register pressure figures of {@link RegisterPressure}
 * (data registers in 32-bit units, predicates) and the number of machine instructions, printed to a
 * diagnostic stream (standard error from the pipeline) for tuning the pressure heuristics. It
 * changes nothing. On by knob {@code extra-machineinstr-printer}; the pipeline runs it on SSA
 * machine IR, before PHI elimination.
 */
public final class PressureStatistics implements MachinePass {
  private final PrintStream out;

  /** A printer writing to {@code out}. */
  public PressureStatistics(PrintStream out) {
    this.out = out;
  }

  @Override
  public String name() {
    return "extra-machineinstr-printer";
  }

  @Override
  public boolean run(MachineFunction f) {
    out.print(f.info().name() + ":\n" + statistics(f));
    return false;
  }

  /** The seed's two lines for {@code f}, each ending in a newline. */
  public static String statistics(MachineFunction f) {
    RegisterPressure p = RegisterPressure.of(f);
    int size = 0;
    for (MachineBlock b : f.blocks()) {
      size += b.instrs().size();
    }
    return "Max Live RRegs: "
        + p.maxLiveRegisterUnits()
        + "\tPRegs: "
        + p.max(RegisterClass.PRED)
        + "\nFunction Size: "
        + size
        + "\n";
  }
}
