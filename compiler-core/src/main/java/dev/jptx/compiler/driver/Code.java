package dev.jptx.compiler.driver;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.DagPrinter;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrPrinter;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.target.SmTarget;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The code under compilation, in whichever form the last pass left it: an IR module, its DAGs, its
 * machine functions, or PTX. The IR module stays reachable after instruction selection, since the
 * printer needs its globals.
 */
public final class Code {
  private final String unit;
  private final SmTarget target;
  private Module module;
  private List<DagFunction> dags;
  private List<MachineFunction> machine;
  private String ptx;
  private IrForm form;
  // what the last pass printed about a function (the pipeliner's schedules), shown after its MIR
  private final Map<MachineFunction, String> notes = new IdentityHashMap<>();

  private Code(String unit, SmTarget target, IrForm form) {
    this.unit = unit;
    this.target = target;
    this.form = form;
  }

  /** An IR module, compiled for {@code target} (its first target before the per-target stages). */
  public static Code ofIr(String unit, Module m, SmTarget target) {
    Code c = new Code(unit, target, IrForm.IR);
    c.module = m;
    return c;
  }

  /** Machine functions read from text, in the form their headers say. */
  public static Code ofMachine(String unit, List<MachineFunction> fs, SmTarget target) {
    Code c = new Code(unit, target, IrForm.SSA_MIR);
    c.machine = fs;
    c.form = c.machineForm();
    return c;
  }

  /** DAGs read from text. */
  public static Code ofDags(String unit, List<DagFunction> ds, SmTarget target) {
    Code c = new Code(unit, target, IrForm.DAG);
    c.dags = ds;
    return c;
  }

  /** What dumps and errors call this code: the class, and the target in the per-target stages. */
  public String unit() {
    return unit;
  }

  /** The target the per-target passes compile for. */
  public SmTarget target() {
    return target;
  }

  /** The form the code is in now. */
  public IrForm form() {
    return form.isMachine() ? machineForm() : form;
  }

  /** The IR module (also after instruction selection, for its globals), or null for MIR text. */
  public Module module() {
    return module;
  }

  /** The DAGs; only while the form is {@link IrForm#DAG}. */
  public List<DagFunction> dags() {
    return dags;
  }

  /** The machine functions; only in a machine IR form. */
  public List<MachineFunction> machine() {
    return machine;
  }

  /** The PTX text; only in form {@link IrForm#PTX}. */
  public String ptx() {
    return ptx;
  }

  void setDags(List<DagFunction> ds) {
    dags = ds;
    form = IrForm.DAG;
  }

  void setMachine(List<MachineFunction> fs) {
    dags = null;
    machine = fs;
    form = IrForm.SSA_MIR;
  }

  void setPtx(String text) {
    ptx = text;
    form = IrForm.PTX;
  }

  /** The code in its textual form: IR, DAG, MIR or PTX. */
  public String print() {
    return switch (form) {
      case IR -> IrPrinter.print(module);
      case DAG -> {
        StringBuilder sb = new StringBuilder();
        dags.forEach(d -> sb.append(DagPrinter.print(d)));
        yield sb.toString();
      }
      case SSA_MIR, MIR, ALLOCATED_MIR -> printMachine();
      case PTX -> ptx;
    };
  }

  private String printMachine() {
    if (notes.isEmpty()) {
      return MirPrinter.print(machine);
    }
    StringBuilder sb = new StringBuilder();
    for (MachineFunction f : machine) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(MirPrinter.print(f)).append(notes.getOrDefault(f, ""));
    }
    return sb.toString();
  }

  /**
   * Adds {@code text}, MIR comment lines, to what the dumps show after {@code f} until the next
   * pass runs.
   */
  void note(MachineFunction f, String text) {
    notes.merge(f, text, String::concat);
  }

  /** Forgets the notes of the last pass. */
  void clearNotes() {
    notes.clear();
  }

  /** Instructions in the IR or machine IR (what {@code --stats} counts a pass removing). */
  long instructionCount() {
    long n = 0;
    switch (form) {
      case IR -> {
        for (Function f : module.functions()) {
          for (var b : f.blocks()) {
            n += f.insts(b).size();
          }
        }
      }
      case SSA_MIR, MIR, ALLOCATED_MIR -> {
        for (MachineFunction f : machine) {
          for (MachineBlock b : f.blocks()) {
            n += b.instrs().size();
          }
        }
      }
      default -> n = -1;
    }
    return n;
  }

  /** The machine form the functions' headers hold; they must agree. */
  private IrForm machineForm() {
    IrForm found = null;
    for (MachineFunction f : machine) {
      IrForm each = formOf(f);
      if (found != null && each != found) {
        throw new IllegalArgumentException(
            "the functions are in different forms: "
                + found.description()
                + " and "
                + each.description()
                + " ("
                + f.info().name()
                + ")");
      }
      found = each;
    }
    return found == null ? form : found;
  }

  private static IrForm formOf(MachineFunction f) {
    if (f.isAllocated()) {
      return IrForm.ALLOCATED_MIR;
    }
    return f.isSsa() ? IrForm.SSA_MIR : IrForm.MIR;
  }
}
