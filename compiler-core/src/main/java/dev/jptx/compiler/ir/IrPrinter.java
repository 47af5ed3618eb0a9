package dev.jptx.compiler.ir;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a module or function in the IR's textual form, which {@link IrParser} reads back. Values
 * and blocks are numbered densely in print order (parameters, then results in layout order), so
 * equal functions print equally whatever their handle ids.
 *
 * <pre>
 * kernel @saxpy(i32 %0, f32 %1, ptr.global readonly %2, i32 %3, ...) maxntid(256, 1, 1) {
 * b0:
 *   %6 = intrinsic i32 ctaid.x(), line 7
 *   %9 = icmp slt i32 %8, %0, line 8
 *   br %9, b1, b2, line 8
 * ...
 * }
 * </pre>
 */
public final class IrPrinter {
  private final Function f;
  private final Map<Value, Integer> names = new HashMap<>();
  private final Map<Block, Integer> blockNames = new HashMap<>();

  private IrPrinter(Function f) {
    this.f = f;
    int n = 0;
    for (Value p : f.params()) {
      names.put(p, n++);
    }
    int b = 0;
    for (Block block : f.blocks()) {
      blockNames.put(block, b++);
      for (Inst i : f.insts(block)) {
        Value r = f.result(i);
        if (r != null) {
          names.put(r, n++);
        }
      }
    }
  }

  /** The text of a whole module: its variables, then its functions separated by blank lines. */
  public static String print(Module m) {
    StringBuilder sb = new StringBuilder();
    for (GlobalVariable g : m.globals()) {
      sb.append(GlobalText.format(g)).append('\n');
    }
    for (Function f : m.functions()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(print(f));
    }
    return sb.toString();
  }

  /** The text of one function. */
  public static String print(Function f) {
    return new IrPrinter(f).function();
  }

  private String function() {
    StringBuilder sb = new StringBuilder();
    if (f.kind() == Function.Kind.KERNEL) {
      sb.append("kernel @").append(f.name());
    } else {
      sb.append("func ").append(f.returnType().text()).append(" @").append(f.name());
    }
    sb.append('(');
    List<Value> params = f.params();
    for (int i = 0; i < params.size(); i++) {
      sb.append(i > 0 ? ", " : "").append(f.type(params.get(i)).text());
      ParamFlags flags = f.paramFlags(i);
      if (flags.readOnly()) {
        sb.append(" readonly");
      }
      if (flags.extension() != ParamFlags.Extension.NONE) {
        sb.append(flags.extension() == ParamFlags.Extension.SIGN ? " signext" : " zeroext");
      }
      sb.append(' ').append(name(params.get(i)));
    }
    sb.append(')');
    sb.append(FunctionAttributesText.format(f.attributes()));
    sb.append(" {\n");
    for (Block b : f.blocks()) {
      sb.append(block(b)).append(":\n");
      for (Inst i : f.insts(b)) {
        sb.append("  ").append(inst(i)).append('\n');
      }
    }
    return sb.append("}\n").toString();
  }

  private String block(Block b) {
    Integer n = blockNames.get(b);
    return n == null ? "<removed " + b + ">" : "b" + n;
  }

  private String name(Value v) {
    Integer n = names.get(v);
    return n == null ? "<undefined " + v + ">" : "%" + n;
  }

  /** An operand: a value name, or a constant's literal. */
  private String operand(Value v) {
    if (f.isConstant(v)) {
      return ConstantText.format(f.type(v), f.constantBits(v));
    }
    return name(v);
  }

  private String typed(Value v) {
    return f.type(v).text() + " " + operand(v);
  }

  private String inst(Inst i) {
    InstData d = f.data(i);
    Value r = f.result(i);
    String prefix = r == null ? "" : name(r) + " = ";
    String type = r == null ? "" : f.type(r).text();
    String op = d.opcode().text();
    String body;
    if (d instanceof InstData.Binary x) {
      body = op + " " + type + " " + operand(x.lhs()) + ", " + operand(x.rhs());
    } else if (d instanceof InstData.Unary x) {
      body = op + " " + type + " " + operand(x.operand());
    } else if (d instanceof InstData.Compare x) {
      body = op + " " + x.predicate().text() + " " + typed(x.lhs()) + ", " + operand(x.rhs());
    } else if (d instanceof InstData.Cast x) {
      body = op + " " + typed(x.operand()) + " to " + type;
    } else if (d instanceof InstData.Select x) {
      body =
          op
              + " "
              + type
              + " "
              + operand(x.condition())
              + ", "
              + operand(x.ifTrue())
              + ", "
              + operand(x.ifFalse());
    } else if (d instanceof InstData.Load x) {
      body = op + (x.invariant() ? " invariant " : " ") + type + " " + operand(x.address());
    } else if (d instanceof InstData.Store x) {
      body = op + " " + typed(x.value()) + ", " + operand(x.address());
    } else if (d instanceof InstData.Atomic x) {
      StringBuilder sb = new StringBuilder(op + " " + x.op().text() + " " + type + " ");
      sb.append(operand(x.address()));
      x.values().forEach(v -> sb.append(", ").append(operand(v)));
      body = sb.toString();
    } else if (d instanceof InstData.Alloca x) {
      body = op + " " + type + " " + x.bytes() + ", align " + x.align();
    } else if (d instanceof InstData.GlobalAddress x) {
      body = op + " " + type + " @" + x.symbol();
    } else if (d instanceof InstData.PtrAdd x) {
      body = op + " " + type + " " + operand(x.base()) + ", " + operand(x.offset());
    } else if (d instanceof InstData.ExtractElement x) {
      body = op + " " + type + " " + operand(x.vector()) + ", " + x.lane();
    } else if (d instanceof InstData.BuildVector x) {
      StringBuilder sb = new StringBuilder(op + " " + type);
      for (int k = 0; k < x.lanes().size(); k++) {
        sb.append(k > 0 ? ", " : " ").append(operand(x.lanes().get(k)));
      }
      body = sb.toString();
    } else if (d instanceof InstData.Phi x) {
      StringBuilder sb = new StringBuilder(op + " " + type + " ");
      for (int k = 0; k < x.blocks().size(); k++) {
        sb.append(k > 0 ? ", " : "").append('[').append(block(x.blocks().get(k))).append(": ");
        sb.append(operand(x.values().get(k))).append(']');
      }
      body = sb.toString();
    } else if (d instanceof InstData.Call x) {
      body = op + " " + (r == null ? "void" : type) + " @" + x.callee() + args(x.args());
    } else if (d instanceof InstData.IntrinsicCall x) {
      body = op + " " + (r == null ? "void" : type) + " " + x.intrinsic().text() + args(x.args());
    } else if (d instanceof InstData.Jump x) {
      body = op + " " + block(x.target());
    } else if (d instanceof InstData.Branch x) {
      body =
          op + " " + operand(x.condition()) + ", " + block(x.ifTrue()) + ", " + block(x.ifFalse());
    } else if (d instanceof InstData.Switch x) {
      StringBuilder sb = new StringBuilder(op + " i32 " + operand(x.value()) + ", ");
      sb.append(block(x.otherwise())).append(" [");
      for (int k = 0; k < x.keys().size(); k++) {
        sb.append(k > 0 ? ", " : "").append(x.keys().get(k)).append(": ");
        sb.append(block(x.targets().get(k)));
      }
      body = sb.append(']').toString();
    } else if (d instanceof InstData.Return x) {
      body = x.values().isEmpty() ? op : op + " " + typed(x.values().get(0));
    } else {
      throw new IllegalStateException("unknown payload " + d);
    }
    int line = f.line(i);
    return prefix + body + (line > 0 ? ", line " + line : "");
  }

  private String args(List<Value> args) {
    StringBuilder sb = new StringBuilder("(");
    for (int k = 0; k < args.size(); k++) {
      sb.append(k > 0 ? ", " : "").append(typed(args.get(k)));
    }
    return sb.append(')').toString();
  }
}
