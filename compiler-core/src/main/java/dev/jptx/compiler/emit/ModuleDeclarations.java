package dev.jptx.compiler.emit;

import dev.jptx.compiler.mir.FunctionInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.MachineModule;
import dev.jptx.compiler.mir.PtxGlobal;
import dev.jptx.compiler.mir.PtxParam;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a PTX module declares before its function bodies: external functions it calls ({@code
 * vprintf}), a prototype of every device function (PTX needs a declaration before a call, and
 * recursion has no order that gives one), and its variables with their initializers.
 */
final class ModuleDeclarations {
  private ModuleDeclarations() {}

  static void write(MachineModule m, StringBuilder sb) {
    Set<String> defined = new HashSet<>();
    m.functions().forEach(f -> defined.add(f.info().name()));
    Map<String, String> externs = new LinkedHashMap<>();
    for (MachineFunction f : m.functions()) {
      for (MachineBlock b : f.blocks()) {
        for (MachineInstr i : b.instrs()) {
          if (i.opcode() == MoveOpcodes.CALL) {
            String callee = ((MOperand.Sym) i.uses().get(0)).name();
            if (!defined.contains(callee)) {
              externs.putIfAbsent(callee, externPrototype(callee, i, f));
            }
          }
        }
      }
    }
    externs.values().forEach(p -> sb.append(p).append(";\n"));
    boolean any = !externs.isEmpty();
    for (MachineFunction f : m.functions()) {
      if (!f.info().entry()) {
        sb.append(header(f.info())).append('(');
        List<PtxParam> ps = f.info().params();
        for (int k = 0; k < ps.size(); k++) {
          sb.append(k > 0 ? ", " : "").append(".param ").append(ps.get(k).ptxType());
          sb.append(' ').append(ps.get(k).name());
        }
        sb.append(");\n");
        any = true;
      }
    }
    if (any) {
      sb.append('\n');
    }
    for (PtxGlobal g : m.globals()) {
      sb.append(global(g)).append('\n');
    }
    if (!m.globals().isEmpty()) {
      sb.append('\n');
    }
  }

  /** {@code .visible .entry name} or {@code .func (.param .b32 func_retval0) name}. */
  static String header(FunctionInfo info) {
    if (info.entry()) {
      return ".visible .entry " + info.name();
    }
    String ret = info.returnType().isEmpty() ? "" : "(.param " + info.returnDeclaration() + ") ";
    return ".func " + ret + info.name();
  }

  private static String externPrototype(String callee, MachineInstr call, MachineFunction f) {
    StringBuilder sb = new StringBuilder(".extern .func ");
    if (!call.defs().isEmpty()) {
      sb.append("(.param ").append(CallSequence.paramType(f.regClass(call.defs().get(0))));
      sb.append(' ').append(FunctionInfo.RETURN_PARAM).append(") ");
    }
    sb.append(callee).append('(');
    for (int k = 1; k < call.uses().size(); k++) {
      VReg r = ((MOperand.Reg) call.uses().get(k)).reg();
      sb.append(k > 1 ? ", " : "").append(".param ");
      sb.append(CallSequence.paramType(f.regClass(r))).append(' ');
      sb.append(callee).append("_param_").append(k - 1);
    }
    return sb.append(')').toString();
  }

  private static String global(PtxGlobal g) {
    StringBuilder sb = new StringBuilder();
    sb.append(g.external() ? ".extern ." : ".").append(g.space());
    sb.append(" .align ").append(g.align()).append(' ').append(g.elementType()).append(' ');
    sb.append(g.name()).append('[').append(g.external() ? "" : g.count()).append(']');
    if (!g.init().isEmpty()) {
      sb.append(" = {");
      for (int k = 0; k < g.init().size(); k++) {
        sb.append(k > 0 ? ", " : "").append(literal(g.elementType(), g.init().get(k)));
      }
      sb.append('}');
    }
    return sb.append(';').toString();
  }

  private static String literal(String type, long bits) {
    return switch (type) {
      case ".f32" -> String.format(Locale.ROOT, "0f%08X", bits & 0xFFFFFFFFL);
      case ".f64" -> String.format(Locale.ROOT, "0d%016X", bits);
      case ".b8", ".u8" -> Long.toString(bits & 0xFF);
      case ".b16", ".u16" -> Long.toString(bits & 0xFFFF);
      case ".b32", ".u32" -> Long.toString(bits & 0xFFFFFFFFL);
      default -> Long.toUnsignedString(bits);
    };
  }
}
