package dev.jptx.compiler.mir;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Prints machine IR in the textual form {@link MirParser} reads:
 *
 * <pre>
 * entry @saxpy(.u32 saxpy_param_0, ...) maxntid(256, 1, 1) {
 * bb0:
 *   %0:b32 = LD_PARAM_U32 @saxpy_param_0, 0, line 12
 *   %5:pred = SETP_S32 ge, %4, %0, line 13
 *   &#64;%5 BRA bb2
 *   BRA bb1
 * ...
 * }
 * </pre>
 *
 * A register's class is shown where it is defined first; registers keep their ids.
 */
public final class MirPrinter {
  private MirPrinter() {}

  /** The text of several functions, separated by blank lines. */
  public static String print(List<MachineFunction> functions) {
    StringBuilder sb = new StringBuilder();
    for (MachineFunction f : functions) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(print(f));
    }
    return sb.toString();
  }

  /** The text of one function. */
  public static String print(MachineFunction f) {
    StringBuilder sb = new StringBuilder();
    FunctionInfo info = f.info();
    sb.append(info.entry() ? "entry @" : "func @").append(info.name()).append('(');
    for (int i = 0; i < info.params().size(); i++) {
      PtxParam p = info.params().get(i);
      sb.append(i > 0 ? ", " : "").append(p.ptxType()).append(' ').append(p.name());
    }
    sb.append(')');
    if (info.maxThreads().size() == 3) {
      List<Integer> t = info.maxThreads();
      sb.append(" maxntid(").append(t.get(0)).append(", ").append(t.get(1)).append(", ");
      sb.append(t.get(2)).append(')');
    }
    if (info.minBlocksPerSm() > 0) {
      sb.append(" minnctapersm(").append(info.minBlocksPerSm()).append(')');
    }
    if (info.maxRegisters() > 0) {
      sb.append(" maxnreg(").append(info.maxRegisters()).append(')');
    }
    if (!info.javaName().isEmpty()) {
      sb.append(" java(\"").append(info.javaName()).append("\")");
    }
    if (!info.sourceFile().isEmpty()) {
      sb.append(" source(\"").append(info.sourceFile()).append("\")");
    }
    if (!info.returnType().isEmpty()) {
      sb.append(" returns(").append(info.returnType()).append(')');
    }
    for (FrameObject o : info.frame()) {
      sb.append(" local(").append(o.name()).append(", ").append(o.bytes());
      sb.append(", align ").append(o.align()).append(')');
    }
    if (f.isAllocated()) {
      sb.append(" allocated");
    } else if (!f.isSsa()) {
      sb.append(" nossa");
    }
    sb.append(" {\n");
    Set<VReg> shown = new HashSet<>();
    for (MachineBlock b : f.blocks()) {
      sb.append(b).append(":\n");
      for (MachineInstr i : b.instrs()) {
        sb.append("  ").append(instr(f, i, shown)).append('\n');
      }
    }
    return sb.append("}\n").toString();
  }

  /** One instruction as a function body prints it, with the classes of its results. */
  public static String instr(MachineFunction f, MachineInstr i) {
    return instr(f, i, new HashSet<>());
  }

  /** One instruction, showing the classes of registers not shown before. */
  static String instr(MachineFunction f, MachineInstr i, Set<VReg> shown) {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < i.defs().size(); k++) {
      VReg d = i.defs().get(k);
      sb.append(k > 0 ? ", " : "").append(d);
      if (shown.add(d)) {
        sb.append(':').append(f.regClass(d).mirName());
      }
    }
    if (!i.defs().isEmpty()) {
      sb.append(" = ");
    }
    if (i.guard() != null) {
      sb.append(i.guard().negated() ? "@!" : "@").append(i.guard().predicate()).append(' ');
    }
    sb.append(i.opcode().name());
    for (int k = 0; k < i.uses().size(); k++) {
      sb.append(k > 0 ? ", " : " ").append(operand(i.uses().get(k)));
    }
    if (i.line() > 0) {
      sb.append(", line ").append(i.line());
    }
    return sb.toString();
  }

  /** An operand as MIR text spells it. */
  public static String operand(MOperand o) {
    if (o instanceof MOperand.Reg r) {
      return r.reg().toString();
    } else if (o instanceof MOperand.Imm imm) {
      return switch (imm.kind()) {
        case INT -> Long.toString(imm.bits());
        case F32 -> String.format(Locale.ROOT, "0f%08X", imm.bits() & 0xFFFFFFFFL);
        case F64 -> String.format(Locale.ROOT, "0d%016X", imm.bits());
      };
    } else if (o instanceof MOperand.BlockRef b) {
      return "bb" + b.block();
    } else if (o instanceof MOperand.Sym s) {
      return "@" + s.name();
    } else if (o instanceof MOperand.Special s) {
      return s.name();
    } else if (o instanceof MOperand.Cond c) {
      return c.name();
    }
    throw new IllegalArgumentException("unknown operand " + o);
  }
}
