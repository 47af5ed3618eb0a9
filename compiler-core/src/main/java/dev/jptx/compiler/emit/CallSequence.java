package dev.jptx.compiler.emit;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;

/**
 * The PTX calling sequence of a {@code CALL}, in a scope of its own as nvcc writes it: one {@code
 * .param} per argument filled by {@code st.param}, a return parameter, the {@code call}, and the
 * {@code ld.param} of the result. Parameter types follow the registers' classes, which match the
 * callee's declaration ({@code KernelAbi.deviceParamType}).
 *
 * <p>A function that can call itself is called indirectly, through its address and a {@code
 * .callprototype}: ptxas 13.0 crashes (a segmentation fault, sm_90, -O1 and up) on some direct
 * calls of a recursive function, such as one behind a branch ptxas proves never taken in an entry
 * with a parameter (docs/toolchain/ptxas-13.0-segfault-2.ptx), and assembles the same modules with
 * the calls indirect. A recursive call is a real call whichever way it is written (ptxas can inline
 * neither), so only the function address's {@code mov} is added.
 */
final class CallSequence {
  private CallSequence() {}

  /**
   * Writes the sequence of {@code call}.
   *
   * @param prototype the number of the call prototype for an indirect call (unique in the
   *     function), or -1 for a direct call
   */
  static void write(
      MachineInstr call, MachineFunction f, RegisterNames regs, int prototype, StringBuilder sb) {
    String callee = ((MOperand.Sym) call.uses().get(0)).name();
    sb.append("\t{ // call ").append(callee).append('\n');
    if (prototype >= 0) {
      sb.append("\t.reg .b64 %rdcallee;\n");
      sb.append("\tmov.u64 %rdcallee, ").append(callee).append(";\n");
    }
    StringBuilder params = new StringBuilder();
    for (int k = 1; k < call.uses().size(); k++) {
      VReg r = ((MOperand.Reg) call.uses().get(k)).reg();
      String type = paramType(f.regClass(r));
      String p = "param" + (k - 1);
      sb.append("\t.param ").append(type).append(' ').append(p).append(";\n");
      sb.append("\tst.param").append(type).append(" [").append(p).append("], ");
      sb.append(regs.name(r)).append(";\n");
      params.append(k > 1 ? ", " : "").append(p);
    }
    boolean hasResult = !call.defs().isEmpty();
    // several results share a byte array, 8 bytes each (an outlined function's)
    boolean several = call.defs().size() > 1;
    String retType =
        several ? ".align 8 .b8" : hasResult ? paramType(f.regClass(call.defs().get(0))) : "";
    if (hasResult) {
      sb.append("\t.param ").append(retType).append(" retval0");
      sb.append(several ? "[" + 8 * call.defs().size() + "]" : "").append(";\n");
    }
    if (prototype >= 0) {
      StringBuilder types = new StringBuilder();
      for (int k = 1; k < call.uses().size(); k++) {
        VReg r = ((MOperand.Reg) call.uses().get(k)).reg();
        types.append(k > 1 ? ", " : "").append(".param ").append(paramType(f.regClass(r)));
        types.append(" _");
      }
      sb.append("\tprototype_").append(prototype).append(": .callprototype ");
      sb.append(hasResult ? "(.param " + retType + " _) " : "").append("_ (").append(types);
      sb.append(");\n");
      sb.append("\tcall ").append(hasResult ? "(retval0), " : "").append("%rdcallee, (");
      sb.append(params).append("), prototype_").append(prototype).append(";\n");
    } else {
      sb.append("\tcall ").append(hasResult ? "(retval0), " : "").append(callee);
      sb.append(", (").append(params).append(");\n");
    }
    for (int k = 0; k < call.defs().size(); k++) {
      VReg r = call.defs().get(k);
      sb.append("\tld.param").append(paramType(f.regClass(r))).append(' ');
      sb.append(regs.name(r)).append(", [retval0").append(several ? "+" + 8 * k : "");
      sb.append("];\n");
    }
    sb.append("\t}\n");
  }

  /** The {@code .param} type of a value in a register of class {@code c}. */
  static String paramType(RegisterClass c) {
    if (!c.callParameter()) {
      throw new IllegalArgumentException("no call parameter of class " + c.mirName());
    }
    return c.declaredType();
  }
}
