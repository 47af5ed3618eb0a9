package dev.jptx.compiler.mir;

import dev.jptx.compiler.target.ConstraintFamily;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.OperandSpec;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks machine IR against the opcode table: every operand of the kind and register class its row
 * demands, guards on predicates, blocks ending in {@code BRA} or {@code RET} with only guarded
 * branches before, PHIs naming each predecessor once, and (in SSA form) one definition per
 * register. Returns every problem found.
 */
public final class MirVerifier {
  private final MachineFunction f;
  private final List<String> errors = new ArrayList<>();

  private MirVerifier(MachineFunction f) {
    this.f = f;
  }

  /** Every problem in {@code f}; empty if well formed. */
  public static List<String> verify(MachineFunction f) {
    MirVerifier v = new MirVerifier(f);
    v.run();
    return v.errors;
  }

  /** Throws {@link IllegalStateException} listing the problems, if any. */
  public static void check(MachineFunction f, String after) {
    List<String> e = verify(f);
    if (!e.isEmpty()) {
      throw new IllegalStateException(
          "MIR verification failed after " + after + ":\n  " + String.join("\n  ", e));
    }
  }

  private void run() {
    Set<VReg> defined = new HashSet<>();
    List<List<MachineBlock>> preds = f.predecessors();
    Set<MachineBlock> inLayout = new HashSet<>(f.blocks());
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      if (is.isEmpty()) {
        errors.add(where(b, null) + "empty block");
        continue;
      }
      MachineInstr last = is.get(is.size() - 1);
      if (!last.opcode().isTerminator() || last.guard() != null) {
        errors.add(where(b, last) + "block does not end in an unconditional BRA or RET");
      }
      boolean seenNonPhi = false;
      for (int k = 0; k < is.size(); k++) {
        MachineInstr i = is.get(k);
        if (i.opcode().isTerminator() && k < is.size() - 1 && i.guard() == null) {
          errors.add(where(b, i) + "unconditional terminator before the end of the block");
        }
        if (i.opcode() == MoveOpcodes.PHI) {
          if (seenNonPhi) {
            errors.add(where(b, i) + "PHI after a non-PHI instruction");
          }
          phi(b, i, preds.get(b.id()));
        } else {
          seenNonPhi = true;
          operands(b, i, inLayout);
        }
        if (i.guard() != null && f.regClass(i.guard().predicate()) != RegisterClass.PRED) {
          errors.add(where(b, i) + "guard is not a predicate register");
        }
        for (VReg d : i.defs()) {
          if (d.id() >= f.vregCount()) {
            errors.add(where(b, i) + "defines unknown register " + d);
          } else if (f.isSsa() && !defined.add(d)) {
            errors.add(where(b, i) + "register " + d + " defined twice in SSA form");
          }
        }
      }
    }
  }

  private void operands(MachineBlock b, MachineInstr i, Set<MachineBlock> inLayout) {
    MachineOpcode op = i.opcode();
    if (op.family() == ConstraintFamily.PSEUDO) {
      pseudo(b, i);
      return;
    }
    if (op == MoveOpcodes.CALL) {
      call(b, i);
      return;
    }
    if (i.defs().size() != op.defs().size() || i.uses().size() != op.uses().size()) {
      errors.add(
          where(b, i)
              + "has "
              + i.defs().size()
              + " results and "
              + i.uses().size()
              + " sources; "
              + op.name()
              + " takes "
              + op.defs().size()
              + " and "
              + op.uses().size());
      return;
    }
    for (int k = 0; k < i.defs().size(); k++) {
      RegisterClass want = op.defs().get(k);
      if (f.regClass(i.defs().get(k)) != want) {
        errors.add(where(b, i) + "result " + k + " must be of class " + want.mirName());
      }
    }
    for (int k = 0; k < i.uses().size(); k++) {
      String problem = operand(op.uses().get(k), i.uses().get(k), inLayout);
      if (problem != null) {
        errors.add(where(b, i) + "source " + k + " " + problem);
      }
    }
  }

  private String operand(OperandSpec spec, MOperand o, Set<MachineBlock> inLayout) {
    switch (spec.kind()) {
      case REG:
      case REG_OR_IMM:
        if (o instanceof MOperand.Reg r) {
          if (r.reg().id() >= f.vregCount()) {
            return "is an unknown register";
          }
          return f.regClass(r.reg()) == spec.registerClass()
              ? null
              : "must be of class " + spec.registerClass().mirName();
        }
        return spec.kind() == OperandSpec.Kind.REG_OR_IMM && o instanceof MOperand.Imm
            ? null
            : "must be a register";
      case IMM:
        return o instanceof MOperand.Imm ? null : "must be an immediate";
      case BLOCK:
        return o instanceof MOperand.BlockRef br && inLayout.contains(f.block(br.block()))
            ? null
            : "must be a block of the function";
      case SYMBOL:
        return o instanceof MOperand.Sym ? null : "must be a symbol";
      case SPECIAL:
        return o instanceof MOperand.Special ? null : "must be a special register";
      case CONDITION:
        return o instanceof MOperand.Cond ? null : "must be a comparison";
      default:
        return "has an unknown kind";
    }
  }

  /**
   * {@code CALL @callee, args...}: a symbol, then registers; any number of results (a Java method
   * returns at most one, an outlined function all the values its sequence leaves).
   */
  private void call(MachineBlock b, MachineInstr i) {
    boolean ok = !i.uses().isEmpty() && i.uses().get(0) instanceof MOperand.Sym;
    for (int k = 1; ok && k < i.uses().size(); k++) {
      ok = i.uses().get(k) instanceof MOperand.Reg;
    }
    if (!ok) {
      errors.add(where(b, i) + "CALL needs a callee symbol and argument registers");
    }
  }

  private void pseudo(MachineBlock b, MachineInstr i) {
    if (i.opcode() == MoveOpcodes.COPY) {
      if (i.defs().size() != 1
          || i.uses().size() != 1
          || !(i.uses().get(0) instanceof MOperand.Reg r)
          || f.regClass(r.reg()) != f.regClass(i.defs().get(0))) {
        errors.add(where(b, i) + "COPY needs one result and one source register of its class");
      }
    } else if (i.opcode() == MoveOpcodes.IMPLICIT_DEF
        && (i.defs().size() != 1 || !i.uses().isEmpty())) {
      errors.add(where(b, i) + "IMPLICIT_DEF needs one result and no sources");
    }
  }

  private void phi(MachineBlock b, MachineInstr i, List<MachineBlock> preds) {
    if (i.defs().size() != 1 || i.uses().size() % 2 != 0) {
      errors.add(where(b, i) + "PHI needs one result and (register, block) pairs");
      return;
    }
    RegisterClass c = f.regClass(i.defs().get(0));
    Set<Integer> from = new HashSet<>();
    for (int k = 0; k < i.uses().size(); k += 2) {
      if (!(i.uses().get(k) instanceof MOperand.Reg r) || f.regClass(r.reg()) != c) {
        errors.add(
            where(b, i) + "PHI source " + k / 2 + " must be a register of class " + c.mirName());
      }
      if (!(i.uses().get(k + 1) instanceof MOperand.BlockRef br) || !from.add(br.block())) {
        errors.add(where(b, i) + "PHI names a block twice or not at all");
      }
    }
    Set<Integer> want = new HashSet<>();
    preds.forEach(p -> want.add(p.id()));
    if (!from.equals(want)) {
      errors.add(where(b, i) + "PHI blocks " + from + " differ from predecessors " + want);
    }
  }

  private String where(MachineBlock b, MachineInstr i) {
    return "@" + f.info().name() + " " + b + (i == null ? "" : " " + i.opcode().name()) + ": ";
  }
}
