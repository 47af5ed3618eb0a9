package dev.jptx.compiler.ir;

import dev.jptx.compiler.text.LineLexer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Parses the blocks and instructions of one function for {@link IrParser}. */
final class FunctionBodyParser {
  private record Pending(Inst inst, LineLexer lexer) {}

  private static final InstData PLACEHOLDER = new InstData.Return(List.of());

  private final Function f;
  private final Map<String, Value> values;
  private final List<LineLexer> lines = new ArrayList<>();
  private final Map<String, Block> blocks = new HashMap<>();

  FunctionBodyParser(Function f, Map<String, Value> values, List<LineLexer> bodyLines) {
    this.f = f;
    this.values = values;
    lines.addAll(bodyLines);
  }

  void parse() {
    List<Pending> pending = declare();
    for (Pending p : pending) {
      f.setData(p.inst(), instruction(p.lexer(), p.inst()));
    }
  }

  /** Step one: every block, and every instruction with its result type and a placeholder. */
  private List<Pending> declare() {
    List<Pending> pending = new ArrayList<>();
    Block current = null;
    for (LineLexer lx : lines) {
      if (lx.peek(1).equals(":") && lx.peek().startsWith("b")) {
        String name = lx.next();
        lx.expect(":");
        lx.expectEnd();
        current = f.addBlock();
        if (blocks.put(name, current) != null) {
          throw lx.error("block " + name + " defined twice");
        }
        continue;
      }
      if (current == null) {
        throw lx.error("instruction before the first block label");
      }
      Type result = VoidType.VOID;
      String name = null;
      if (lx.peek().startsWith("%") && lx.peek(1).equals("=")) {
        name = lx.next();
        lx.expect("=");
        result = resultType(lx);
      }
      Inst inst = f.append(current, PLACEHOLDER, result, 0);
      if (name != null && values.put(name, f.result(inst)) != null) {
        throw lx.error("value " + name + " defined twice");
      }
      pending.add(new Pending(inst, lx));
    }
    return pending;
  }

  /** The result type, read ahead without consuming the opcode. */
  private static Type resultType(LineLexer lx) {
    Opcode op = opcode(lx, lx.peek());
    switch (op.format()) {
      case COMPARE:
        return ScalarType.I1;
      case CAST:
        for (int k = 1; !lx.peek(k).isEmpty(); k++) {
          if (lx.peek(k).equals("to")) {
            return parseType(lx, lx.peek(k + 1));
          }
        }
        throw lx.error("cast without 'to'");
      case LOAD:
        String t = lx.peek(1).equals("invariant") ? lx.peek(2) : lx.peek(1);
        return parseType(lx, t);
      case ATOMIC:
        return parseType(lx, lx.peek(2));
      default:
        return parseType(lx, lx.peek(1));
    }
  }

  private static Type parseType(LineLexer lx, String text) {
    try {
      return Type.parse(text);
    } catch (IllegalArgumentException e) {
      throw lx.error(e.getMessage());
    }
  }

  private static Opcode opcode(LineLexer lx, String text) {
    try {
      return Opcode.parse(text);
    } catch (IllegalArgumentException e) {
      throw lx.error("unknown opcode '" + text + "'");
    }
  }

  /** Step two: the payload of one instruction line (after any {@code %x =}). */
  private InstData instruction(LineLexer lx, Inst inst) {
    Opcode op = opcode(lx, lx.next());
    InstData d =
        switch (op.format()) {
          case BINARY -> binary(lx, op, IrParser.type(lx));
          case UNARY -> new InstData.Unary(op, operand(lx, IrParser.type(lx)));
          case COMPARE -> compare(lx, op);
          case CAST -> cast(lx, op);
          case SELECT -> select(lx);
          case LOAD -> load(lx);
          case STORE -> store(lx);
          case PTR_ADD -> ptrAdd(lx);
          case EXTRACT_ELEMENT -> extractElement(lx);
          case BUILD_VECTOR -> buildVector(lx);
          case ATOMIC -> atomic(lx);
          case ALLOCA -> alloca(lx);
          case GLOBAL_ADDR -> globalAddress(lx);
          case PHI -> phi(lx);
          case CALL -> call(lx);
          case INTRINSIC -> intrinsic(lx);
          case JUMP -> new InstData.Jump(block(lx));
          case BRANCH -> branch(lx);
          case SWITCH -> switchOf(lx);
          case RETURN -> ret(lx);
        };
    if (lx.accept(",")) {
      lx.expect("line");
      f.setLine(inst, IrParser.integer(lx));
    }
    lx.expectEnd();
    return d;
  }

  private InstData binary(LineLexer lx, Opcode op, Type t) {
    Value a = operand(lx, t);
    lx.expect(",");
    return new InstData.Binary(op, a, operand(lx, t));
  }

  private InstData compare(LineLexer lx, Opcode op) {
    CmpPredicate p;
    String word = lx.next();
    try {
      p = CmpPredicate.parse(word, op == Opcode.FCMP);
    } catch (IllegalArgumentException e) {
      throw lx.error("bad predicate '" + word + "'");
    }
    Type t = IrParser.type(lx);
    Value a = operand(lx, t);
    lx.expect(",");
    return new InstData.Compare(op, p, a, operand(lx, t));
  }

  private InstData cast(LineLexer lx, Opcode op) {
    Value v = operand(lx, IrParser.type(lx));
    lx.expect("to");
    IrParser.type(lx);
    return new InstData.Cast(op, v);
  }

  private InstData select(LineLexer lx) {
    Type t = IrParser.type(lx);
    Value c = operand(lx, ScalarType.I1);
    lx.expect(",");
    Value a = operand(lx, t);
    lx.expect(",");
    return new InstData.Select(c, a, operand(lx, t));
  }

  private InstData load(LineLexer lx) {
    boolean invariant = lx.accept("invariant");
    IrParser.type(lx);
    return new InstData.Load(value(lx), invariant);
  }

  private InstData store(LineLexer lx) {
    Value v = operand(lx, IrParser.type(lx));
    lx.expect(",");
    return new InstData.Store(value(lx), v);
  }

  private InstData ptrAdd(LineLexer lx) {
    IrParser.type(lx);
    Value base = value(lx);
    lx.expect(",");
    return new InstData.PtrAdd(base, operand(lx, ScalarType.I64));
  }

  private InstData extractElement(LineLexer lx) {
    IrParser.type(lx);
    Value v = value(lx);
    lx.expect(",");
    return new InstData.ExtractElement(v, IrParser.integer(lx));
  }

  private InstData buildVector(LineLexer lx) {
    Type t = IrParser.type(lx);
    if (!(t instanceof VectorType vt)) {
      throw lx.error("buildvector makes a vector, not " + t.text());
    }
    List<Value> lanes = new ArrayList<>();
    lanes.add(operand(lx, vt.element()));
    while (lx.peek().equals(",") && !lx.peek(1).equals("line")) {
      lx.expect(",");
      lanes.add(operand(lx, vt.element()));
    }
    return new InstData.BuildVector(lanes);
  }

  private InstData atomic(LineLexer lx) {
    String word = lx.next();
    AtomicOp op;
    try {
      op = AtomicOp.parse(word);
    } catch (IllegalArgumentException e) {
      throw lx.error("unknown atomic operation '" + word + "'");
    }
    Type t = IrParser.type(lx);
    Value address = value(lx);
    List<Value> values = new ArrayList<>();
    for (int k = 0; k < op.valueCount(); k++) {
      lx.expect(",");
      values.add(operand(lx, t));
    }
    return new InstData.Atomic(op, address, values);
  }

  private InstData alloca(LineLexer lx) {
    IrParser.type(lx);
    int bytes = IrParser.integer(lx);
    lx.expect(",");
    lx.expect("align");
    return new InstData.Alloca(bytes, IrParser.integer(lx));
  }

  private InstData globalAddress(LineLexer lx) {
    IrParser.type(lx);
    return new InstData.GlobalAddress(IrParser.symbol(lx));
  }

  private InstData phi(LineLexer lx) {
    Type t = IrParser.type(lx);
    List<Block> preds = new ArrayList<>();
    List<Value> incoming = new ArrayList<>();
    do {
      lx.expect("[");
      preds.add(block(lx));
      lx.expect(":");
      incoming.add(operand(lx, t));
      lx.expect("]");
    } while (lx.peek().equals(",") && lx.peek(1).equals("[") && lx.accept(","));
    return new InstData.Phi(preds, incoming);
  }

  private InstData call(LineLexer lx) {
    IrParser.type(lx);
    String callee = IrParser.symbol(lx);
    return new InstData.Call(callee, args(lx));
  }

  private InstData intrinsic(LineLexer lx) {
    IrParser.type(lx);
    String name = lx.next();
    Intrinsic in;
    try {
      in = Intrinsic.parse(name);
    } catch (IllegalArgumentException e) {
      throw lx.error(e.getMessage());
    }
    return new InstData.IntrinsicCall(in, args(lx));
  }

  private List<Value> args(LineLexer lx) {
    List<Value> args = new ArrayList<>();
    lx.expect("(");
    if (!lx.accept(")")) {
      do {
        args.add(operand(lx, IrParser.type(lx)));
      } while (lx.accept(","));
      lx.expect(")");
    }
    return args;
  }

  private InstData branch(LineLexer lx) {
    Value c = operand(lx, ScalarType.I1);
    lx.expect(",");
    Block t = block(lx);
    lx.expect(",");
    return new InstData.Branch(c, t, block(lx));
  }

  private InstData switchOf(LineLexer lx) {
    Value v = operand(lx, IrParser.type(lx));
    lx.expect(",");
    Block otherwise = block(lx);
    List<Long> keys = new ArrayList<>();
    List<Block> targets = new ArrayList<>();
    lx.expect("[");
    if (!lx.accept("]")) {
      do {
        keys.add((long) IrParser.integer(lx));
        lx.expect(":");
        targets.add(block(lx));
      } while (lx.accept(","));
      lx.expect("]");
    }
    return new InstData.Switch(v, keys, targets, otherwise);
  }

  private InstData ret(LineLexer lx) {
    if (lx.atEnd() || lx.peek().equals(",")) {
      return new InstData.Return(List.of());
    }
    return new InstData.Return(List.of(operand(lx, IrParser.type(lx))));
  }

  private Block block(LineLexer lx) {
    String name = lx.next();
    Block b = blocks.get(name);
    if (b == null) {
      throw lx.error("unknown block " + name);
    }
    return b;
  }

  private Value value(LineLexer lx) {
    String name = lx.next();
    Value v = values.get(name);
    if (v == null) {
      throw lx.error("unknown value " + name);
    }
    return v;
  }

  private Value operand(LineLexer lx, Type expected) {
    if (lx.peek().startsWith("%")) {
      return value(lx);
    }
    String literal = lx.next();
    try {
      return f.constant(expected, ConstantText.parse(expected, literal));
    } catch (NumberFormatException e) {
      throw lx.error("bad " + expected.text() + " constant '" + literal + "'");
    }
  }
}
