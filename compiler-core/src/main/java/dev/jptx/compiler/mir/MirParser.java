package dev.jptx.compiler.mir;

import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MachineOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.compiler.text.LineLexer;
import dev.jptx.compiler.text.TextParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the text {@link MirPrinter} writes, so that a machine pass can be tested on MIR written by
 * hand ({@code --run-pass} style). Register ids are kept: {@code %7} in the text is register 7.
 */
public final class MirParser {
  private final String[] lines;
  private int cursor;

  private MirParser(String text) {
    this.lines = text.split("\n", -1);
  }

  /** Parses every function of the text. */
  public static List<MachineFunction> parse(String text) {
    MirParser p = new MirParser(text);
    List<MachineFunction> out = new ArrayList<>();
    while (p.skipBlank()) {
      out.add(p.function());
    }
    return out;
  }

  private boolean skipBlank() {
    while (cursor < lines.length) {
      String t = lines[cursor].strip();
      if (!t.isEmpty() && !t.startsWith(";") && !t.startsWith("//")) {
        return true;
      }
      cursor++;
    }
    return false;
  }

  private MachineFunction function() {
    LineLexer lx = new LineLexer(lines[cursor], ++cursor);
    String kind = lx.next();
    if (!kind.equals("entry") && !kind.equals("func")) {
      throw lx.error("expected 'entry' or 'func'");
    }
    String name = lx.next().substring(1);
    List<PtxParam> params = new ArrayList<>();
    lx.expect("(");
    if (!lx.accept(")")) {
      do {
        String type = lx.next();
        params.add(new PtxParam(lx.next(), type));
      } while (lx.accept(","));
      lx.expect(")");
    }
    HeaderAttributes a = new HeaderAttributes();
    while (!lx.peek().equals("{")) {
      a.read(lx);
    }
    lx.expect("{");
    MachineFunction f =
        new MachineFunction(
            new FunctionInfo(
                name,
                kind.equals("entry"),
                params,
                a.maxThreads,
                a.minBlocks,
                a.maxRegs,
                a.source,
                a.java,
                a.returns,
                a.frame));
    if (!a.ssa) {
      f.leaveSsa();
    }
    if (a.allocated) {
      f.markAllocated();
    }
    new BodyReader(f).read();
    return f;
  }

  private static final class HeaderAttributes {
    List<Integer> maxThreads = List.of();
    int minBlocks;
    int maxRegs;
    String source = "";
    String java = "";
    boolean ssa = true;
    boolean allocated;
    String returns = "";
    List<FrameObject> frame = new ArrayList<>();

    void read(LineLexer lx) {
      String w = lx.next();
      switch (w) {
        case "maxntid" -> {
          lx.expect("(");
          int x = Integer.parseInt(lx.next());
          lx.expect(",");
          int y = Integer.parseInt(lx.next());
          lx.expect(",");
          int z = Integer.parseInt(lx.next());
          lx.expect(")");
          maxThreads = List.of(x, y, z);
        }
        case "minnctapersm" -> minBlocks = parenInt(lx);
        case "maxnreg" -> maxRegs = parenInt(lx);
        case "java" -> java = parenString(lx);
        case "source" -> source = parenString(lx);
        case "nossa" -> ssa = false;
        case "allocated" -> {
          ssa = false;
          allocated = true;
        }
        case "returns" -> {
          lx.expect("(");
          returns = lx.next();
          lx.expect(")");
        }
        case "local" -> {
          lx.expect("(");
          String n = lx.next();
          lx.expect(",");
          int bytes = Integer.parseInt(lx.next());
          lx.expect(",");
          lx.expect("align");
          int align = Integer.parseInt(lx.next());
          lx.expect(")");
          frame.add(new FrameObject(n, bytes, align));
        }
        default -> throw lx.error("unknown attribute '" + w + "'");
      }
    }

    private static int parenInt(LineLexer lx) {
      lx.expect("(");
      int v = Integer.parseInt(lx.next());
      lx.expect(")");
      return v;
    }

    private static String parenString(LineLexer lx) {
      lx.expect("(");
      String s = lx.next();
      lx.expect(")");
      return s.substring(1, s.length() - 1);
    }
  }

  /** Reads blocks until the closing brace; registers are created as their ids appear. */
  private final class BodyReader {
    private final MachineFunction f;
    private final Map<Integer, MachineBlock> blocks = new HashMap<>();
    private final Map<Integer, RegisterClass> classes = new HashMap<>();

    BodyReader(MachineFunction f) {
      this.f = f;
    }

    void read() {
      MachineBlock current = null;
      List<String> body = new ArrayList<>();
      List<Integer> numbers = new ArrayList<>();
      while (true) {
        if (cursor >= lines.length) {
          throw new TextParseException(cursor, 1, "missing '}'");
        }
        String t = lines[cursor++].strip();
        if (t.equals("}")) {
          break;
        }
        if (!t.isEmpty() && !t.startsWith(";") && !t.startsWith("//")) {
          body.add(t);
          numbers.add(cursor);
        }
      }
      // first pass: blocks and register classes, so that forward references resolve
      for (int k = 0; k < body.size(); k++) {
        LineLexer lx = new LineLexer(body.get(k), numbers.get(k));
        if (lx.peek().startsWith("bb") && lx.peek(1).equals(":")) {
          int id = Integer.parseInt(lx.next().substring(2));
          while (blocks.size() <= id) {
            MachineBlock b = f.addBlock();
            blocks.put(b.id(), b);
          }
          continue;
        }
        while (lx.peek().startsWith("%") && lx.peek(1).equals(":")) {
          int id = Integer.parseInt(lx.next().substring(1));
          lx.expect(":");
          classes.put(id, RegisterClass.parseMirName(lx.next()));
          if (!lx.accept(",")) {
            break;
          }
        }
      }
      int maxReg = classes.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
      for (int r = 0; r <= maxReg; r++) {
        f.newVReg(classes.getOrDefault(r, RegisterClass.B32));
      }
      List<MachineBlock> order = new ArrayList<>();
      for (int k = 0; k < body.size(); k++) {
        LineLexer lx = new LineLexer(body.get(k), numbers.get(k));
        if (lx.peek().startsWith("bb") && lx.peek(1).equals(":")) {
          current = blocks.get(Integer.parseInt(lx.next().substring(2)));
          order.add(current);
          continue;
        }
        if (current == null) {
          throw lx.error("instruction before the first block");
        }
        current.add(instr(lx));
      }
      f.setLayout(order);
    }

    private MachineInstr instr(LineLexer lx) {
      List<VReg> defs = new ArrayList<>();
      while (lx.peek().startsWith("%") && ":=,".contains(lx.peek(1)) && !lx.peek(1).isEmpty()) {
        defs.add(new VReg(Integer.parseInt(lx.next().substring(1))));
        if (lx.accept(":")) {
          lx.next();
        }
        if (!lx.accept(",")) {
          break;
        }
      }
      if (!defs.isEmpty()) {
        lx.expect("=");
      }
      Guard guard = null;
      if (lx.peek().startsWith("@%")) {
        guard = new Guard(new VReg(Integer.parseInt(lx.next().substring(2))), false);
      } else if (lx.peek().equals("@") && lx.peek(1).equals("!")) {
        lx.next();
        lx.next();
        guard = new Guard(new VReg(Integer.parseInt(lx.next().substring(1))), true);
      }
      String name = lx.next();
      MachineOpcode op = MachineOpcodes.find(name);
      if (op == null) {
        throw lx.error("unknown machine opcode '" + name + "'");
      }
      List<MOperand> uses = new ArrayList<>();
      int line = 0;
      while (!lx.atEnd()) {
        lx.accept(",");
        if (lx.peek().equals("line")) {
          lx.next();
          line = Integer.parseInt(lx.next());
          break;
        }
        uses.add(operand(lx.next()));
      }
      lx.expectEnd();
      return new MachineInstr(op, defs, uses, guard, line);
    }

    private MOperand operand(String t) {
      if (t.startsWith("%") && Character.isDigit(t.charAt(1))) {
        return new MOperand.Reg(new VReg(Integer.parseInt(t.substring(1))));
      } else if (t.startsWith("%")) {
        return new MOperand.Special(t);
      } else if (t.startsWith("@")) {
        return new MOperand.Sym(t.substring(1));
      } else if (t.startsWith("bb") && t.length() > 2 && Character.isDigit(t.charAt(2))) {
        return new MOperand.BlockRef(Integer.parseInt(t.substring(2)));
      } else if (t.startsWith("0f")) {
        return new MOperand.Imm(Long.parseLong(t.substring(2), 16), MOperand.ImmKind.F32);
      } else if (t.startsWith("0d")) {
        return new MOperand.Imm(Long.parseUnsignedLong(t.substring(2), 16), MOperand.ImmKind.F64);
      } else if (t.matches("-?\\d+")) {
        return new MOperand.Imm(Long.parseLong(t), MOperand.ImmKind.INT);
      }
      return new MOperand.Cond(t);
    }
  }
}
