package dev.jptx.compiler.outliner;

import dev.jptx.compiler.codegen.RegisterRenaming;
import dev.jptx.compiler.mir.FunctionInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.PtxParam;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MachineOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes an outlined {@code .func} and the calls that replace its occurrences (seed:
 * buildOutlinedFrame, insertOutlinedCall), in allocated machine IR. The function's registers are
 * the canonical numbers ({@link CanonicalSequence}); it loads each input from a {@code .param},
 * runs the sequence with the {@code .loc} lines of its first occurrence, stores its results and
 * returns. One result is a scalar return parameter; several share a byte array, 8 bytes each, as
 * nvcc returns a struct (PTX allows one return parameter, and {@code .reg} returns turn ptxas's ABI
 * off). A call passes the occurrence's registers and keeps the occurrence's first line.
 */
final class OutlinedFunctionBuilder {
  private OutlinedFunctionBuilder() {}

  /** The classes a value crossing a call may have: those with a {@code .param} type. */
  static boolean passable(RegisterClass c) {
    return c.callParameter();
  }

  /**
   * The function {@code name} for {@code form}, whose first occurrence (lines, source) is {@code
   * first} in {@code from}, returning {@code results} (canonical numbers).
   */
  static MachineFunction function(
      String name,
      CanonicalSequence form,
      List<MachineInstr> first,
      MachineFunction from,
      List<Integer> results) {
    List<PtxParam> params = new ArrayList<>();
    for (int k = 0; k < form.liveIns().size(); k++) {
      params.add(
          new PtxParam(name + "_param_" + k, paramType(form.classes().get(form.liveIns().get(k)))));
    }
    String returnType =
        results.isEmpty()
            ? ""
            : results.size() == 1
                ? paramType(form.classes().get(results.get(0)))
                : ".align 8 .b8[" + 8 * results.size() + "]";
    MachineFunction f =
        new MachineFunction(
            new FunctionInfo(
                name,
                false,
                params,
                List.of(),
                0,
                0,
                from.info().sourceFile(),
                name,
                returnType,
                List.of()));
    List<MachineInstr> is = new ArrayList<>();
    int line = first.get(0).line();
    for (int k = 0; k < form.liveIns().size(); k++) {
      int n = form.liveIns().get(k);
      is.add(
          MachineInstr.of(
              load(form.classes().get(n)),
              List.of(new VReg(n)),
              List.of(new MOperand.Sym(params.get(k).name()), zero()),
              line));
    }
    for (int k = 0; k < form.instrs().size(); k++) {
      MachineInstr i = form.instrs().get(k);
      is.add(new MachineInstr(i.opcode(), i.defs(), i.uses(), i.guard(), first.get(k).line()));
    }
    int last = first.get(first.size() - 1).line();
    for (int k = 0; k < results.size(); k++) {
      int n = results.get(k);
      is.add(
          MachineInstr.of(
              store(form.classes().get(n)),
              List.of(),
              List.of(
                  new MOperand.Sym(FunctionInfo.RETURN_PARAM),
                  new MOperand.Imm(results.size() == 1 ? 0 : 8L * k, MOperand.ImmKind.INT),
                  new MOperand.Reg(new VReg(n))),
              last));
    }
    is.add(MachineInstr.of(MoveOpcodes.RET, List.of(), List.of(), last));
    int[] register = FunctionRegisters.assign(is, form.classes());
    int[] id = new int[form.classes().size()];
    Map<Integer, VReg> made = new HashMap<>();
    for (int n = 0; n < id.length; n++) {
      RegisterClass c = form.classes().get(n);
      id[n] =
          made.computeIfAbsent(
                  register[n] * RegisterClass.values().length + c.ordinal(), k -> f.newVReg(c))
              .id();
    }
    MachineBlock b = f.addBlock();
    for (MachineInstr i : is) {
      b.add(RegisterRenaming.rename(i, n -> id[n]));
    }
    f.leaveSsa();
    f.markAllocated();
    return f;
  }

  /** The call of {@code name} standing for one occurrence: its registers for the numbers. */
  static MachineInstr call(
      String name, CanonicalSequence occurrence, List<Integer> results, int line) {
    List<MOperand> uses = new ArrayList<>();
    uses.add(new MOperand.Sym(name));
    for (int n : occurrence.liveIns()) {
      uses.add(new MOperand.Reg(occurrence.registers().get(n)));
    }
    List<VReg> defs = results.stream().map(n -> occurrence.registers().get(n)).toList();
    return MachineInstr.of(MoveOpcodes.CALL, defs, uses, line);
  }

  private static MOperand zero() {
    return new MOperand.Imm(0, MOperand.ImmKind.INT);
  }

  /**
   * The {@code .param} type of a value of class {@code c}, as calls declare it: its register
   * declaration's type, for the {@link #passable} classes.
   */
  static String paramType(RegisterClass c) {
    if (!passable(c)) {
      throw new IllegalArgumentException("no .param of class " + c);
    }
    return c.declaredType();
  }

  private static MachineOpcode load(RegisterClass c) {
    return MachineOpcodes.find("LD_PARAM_" + suffix(c));
  }

  private static MachineOpcode store(RegisterClass c) {
    return MachineOpcodes.find("ST_PARAM_" + suffix(c));
  }

  private static String suffix(RegisterClass c) {
    return switch (c) {
      case B32 -> "U32";
      case B64 -> "U64";
      case F32 -> "F32";
      case F64 -> "F64";
      default -> throw new IllegalArgumentException("no .param of class " + c);
    };
  }
}
