package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.FunctionAttributes;
import dev.jptx.compiler.ir.FunctionAttributesText;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.text.LineLexer;
import dev.jptx.compiler.text.TextParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the text {@link DagPrinter} writes, so that the DAG stages can be tested on DAGs written by
 * hand, with types the front end never produces ({@code i128}, {@code v8i8}), as LLVM's backend
 * tests are. Outside a function, blank lines and lines starting with {@code ;} or {@code //} (the
 * headers of {@code jptx dump}) are skipped.
 *
 * <p>Within a block, nodes are created in text order, so an operand must be defined on an earlier
 * line of its block; the text's {@code tN} numbers only name nodes (any distinct numbers do), and
 * the block's last node is its root. Register ids and block numbers are kept: {@code %3} is
 * register 3 of the {@code regs} line, {@code b2} the third block.
 */
public final class DagParser {
  private record Line(int number, String text) {}

  private final List<Line> lines = new ArrayList<>();
  private final SmTarget target;
  private int cursor;

  private DagParser(String text, SmTarget target) {
    this.target = target;
    String[] split = text.split("\n", -1);
    for (int i = 0; i < split.length; i++) {
      lines.add(new Line(i + 1, split[i]));
    }
  }

  /** Every function of the text; each header must name its target. */
  public static List<DagFunction> parse(String text) {
    return parse(text, null);
  }

  /**
   * Every function of the text, compiled for {@code target}, which replaces the target a header
   * names (a golden test names the target once, in its command); null requires the header's.
   */
  public static List<DagFunction> parse(String text, SmTarget target) {
    DagParser p = new DagParser(text, target);
    List<DagFunction> out = new ArrayList<>();
    while (p.skipBlank()) {
      out.add(p.function());
    }
    return out;
  }

  private boolean skipBlank() {
    while (cursor < lines.size()) {
      if (!isBlank(lines.get(cursor).text())) {
        return true;
      }
      cursor++;
    }
    return false;
  }

  private static boolean isBlank(String line) {
    String t = line.strip();
    return t.isEmpty() || t.startsWith(";") || t.startsWith("//");
  }

  private DagFunction function() {
    Line headerLine = lines.get(cursor++);
    DagFunction f = header(new LineLexer(headerLine.text(), headerLine.number()));
    DagBlockParser block = null;
    while (true) {
      if (cursor >= lines.size()) {
        throw new TextParseException(headerLine.number(), 1, "@" + f.name() + " has no '}'");
      }
      Line l = lines.get(cursor++);
      if (block != null && l.text().strip().startsWith("; ")) {
        block.note(l.text().strip().substring(2));
        continue;
      }
      if (isBlank(l.text())) {
        continue;
      }
      LineLexer lx = new LineLexer(l.text(), l.number());
      if (lx.accept("}")) {
        lx.expectEnd();
        break;
      }
      if (lx.peek().matches("b\\d+") && lx.peek(1).equals(":")) {
        finish(block);
        block = new DagBlockParser(f, blockLabel(lx, f), l.number());
      } else if (block != null) {
        block.line(lx);
      } else if (lx.accept("regs")) {
        registers(lx, f);
      } else if (lx.accept("local")) {
        local(lx, f);
      } else {
        throw lx.error("expected 'regs', 'local' or the block b0");
      }
    }
    finish(block);
    return f;
  }

  private static void finish(DagBlockParser block) {
    if (block != null) {
      block.finish();
    }
  }

  private DagFunction header(LineLexer lx) {
    lx.expect("dags");
    boolean entry = lx.accept("kernel");
    if (!entry && !lx.accept("func")) {
      throw lx.error("expected 'kernel' or 'func'");
    }
    Type returnType = entry ? VoidType.VOID : NodeAttrsText.type(lx);
    String name = NodeAttrsText.symbol(lx);
    List<ParamSlot> params = new ArrayList<>();
    lx.expect("(");
    if (!lx.accept(")")) {
      do {
        if (!lx.peek().startsWith(".")) {
          throw lx.error("expected a parameter's PTX type (.u32) but found '" + lx.peek() + "'");
        }
        String ptxType = lx.next();
        String symbol = lx.next();
        lx.expect(":");
        params.add(new ParamSlot(symbol, ptxType, NodeAttrsText.type(lx)));
      } while (lx.accept(","));
      lx.expect(")");
    }
    SmTarget named = null;
    if (lx.peek().startsWith("sm_")) {
      named = SmTargets.find(lx.peek()).orElseThrow(() -> lx.error("unknown target"));
      lx.next();
    }
    FunctionAttributes attributes = FunctionAttributesText.parse(lx);
    lx.expect("{");
    lx.expectEnd();
    SmTarget t = target != null ? target : named;
    if (t == null) {
      throw lx.error("no target: name one after the parameters, e.g. sm_90");
    }
    return new DagFunction(name, entry, attributes, t, params, returnType);
  }

  /** {@code regs %0:b32, %1:b64, ...}: the registers in id order, each with its class. */
  private static void registers(LineLexer lx, DagFunction f) {
    do {
      String t = lx.peek();
      if (!t.equals("%" + f.registers().size())) {
        throw lx.error("expected register %" + f.registers().size() + " but found '" + t + "'");
      }
      lx.next();
      lx.expect(":");
      String c = lx.peek();
      try {
        f.newRegister(RegisterClass.parseMirName(c));
      } catch (IllegalArgumentException e) {
        throw lx.error("unknown register class '" + c + "'");
      }
      lx.next();
    } while (lx.accept(","));
    lx.expectEnd();
  }

  /** {@code local __localN, BYTES, align A}: the next {@code .local} object. */
  private static void local(LineLexer lx, DagFunction f) {
    String expected = "__local" + f.frame().size();
    if (!lx.peek().equals(expected)) {
      throw lx.error("expected the local " + expected + " but found '" + lx.peek() + "'");
    }
    lx.next();
    lx.expect(",");
    int bytes = number(lx);
    lx.expect(",");
    lx.expect("align");
    f.addFrameSlot(bytes, number(lx));
    lx.expectEnd();
  }

  private static int blockLabel(LineLexer lx, DagFunction f) {
    int index = f.blocks().size();
    if (!lx.peek().equals("b" + index)) {
      throw lx.error("expected the block b" + index + " but found '" + lx.peek() + "'");
    }
    lx.next();
    lx.expect(":");
    lx.expectEnd();
    return index;
  }

  /** A non-negative decimal. */
  static int number(LineLexer lx) {
    int v = NodeAttrsText.parseInt(lx.peek());
    if (v < 0) {
      throw lx.error("expected a number but found '" + lx.peek() + "'");
    }
    lx.next();
    return v;
  }
}
