package dev.jptx.compiler.ir;

import dev.jptx.compiler.text.LineLexer;
import dev.jptx.compiler.text.TextParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the textual form that {@link IrPrinter} writes. Parsing a function takes two steps: the
 * first creates every block and every instruction with its result type, so that values may be used
 * before the line that defines them (phis in loops); the second fills in each payload.
 */
public final class IrParser {
  private record Line(int number, String text) {}

  private final List<Line> lines = new ArrayList<>();
  private int cursor;

  private IrParser(String text) {
    String[] split = text.split("\n", -1);
    for (int i = 0; i < split.length; i++) {
      lines.add(new Line(i + 1, split[i]));
    }
  }

  /** Parses a module: any number of functions. */
  public static Module parseModule(String name, String text) {
    IrParser p = new IrParser(text);
    Module m = new Module(name);
    while (p.skipBlank()) {
      Line l = p.lines.get(p.cursor);
      if (l.text().strip().startsWith("global ")) {
        p.cursor++;
        m.addGlobal(GlobalText.parse(new LineLexer(l.text(), l.number())));
      } else {
        m.add(p.function());
      }
    }
    return m;
  }

  /** Parses exactly one function. */
  public static Function parseFunction(String text) {
    IrParser p = new IrParser(text);
    if (!p.skipBlank()) {
      throw new TextParseException(1, 1, "no function");
    }
    Function f = p.function();
    if (p.skipBlank()) {
      Line l = p.lines.get(p.cursor);
      throw new TextParseException(l.number(), 1, "text after the function");
    }
    return f;
  }

  private boolean skipBlank() {
    while (cursor < lines.size()) {
      String t = lines.get(cursor).text().strip();
      if (!t.isEmpty() && !t.startsWith(";") && !t.startsWith("//")) {
        return true;
      }
      cursor++;
    }
    return false;
  }

  private Function function() {
    Line headerLine = lines.get(cursor++);
    LineLexer lx = new LineLexer(headerLine.text(), headerLine.number());
    Map<String, Value> values = new HashMap<>();
    Function f = header(lx, values);
    List<LineLexer> body = new ArrayList<>();
    while (true) {
      if (cursor >= lines.size()) {
        throw new TextParseException(
            headerLine.number(), 1, "function @" + f.name() + " has no '}'");
      }
      Line l = lines.get(cursor++);
      String t = l.text().strip();
      if (t.equals("}")) {
        break;
      }
      if (!t.isEmpty() && !t.startsWith(";") && !t.startsWith("//")) {
        body.add(new LineLexer(l.text(), l.number()));
      }
    }
    new FunctionBodyParser(f, values, body).parse();
    return f;
  }

  private static Function header(LineLexer lx, Map<String, Value> values) {
    String kind = lx.next();
    Function f;
    if (kind.equals("kernel")) {
      f = new Function(symbol(lx), Function.Kind.KERNEL, VoidType.VOID);
    } else if (kind.equals("func")) {
      Type ret = type(lx);
      f = new Function(symbol(lx), Function.Kind.DEVICE, ret);
    } else {
      throw lx.error("expected 'kernel' or 'func'");
    }
    lx.expect("(");
    if (!lx.accept(")")) {
      do {
        Type t = type(lx);
        boolean readOnly = lx.accept("readonly");
        ParamFlags.Extension ext =
            lx.accept("signext")
                ? ParamFlags.Extension.SIGN
                : lx.accept("zeroext") ? ParamFlags.Extension.ZERO : ParamFlags.Extension.NONE;
        String name = lx.next();
        if (values.put(name, f.addParam(t, new ParamFlags(readOnly, ext))) != null) {
          throw lx.error("parameter " + name + " defined twice");
        }
      } while (lx.accept(","));
      lx.expect(")");
    }
    f.setAttributes(FunctionAttributesText.parse(lx));
    lx.expect("{");
    lx.expectEnd();
    return f;
  }

  static int integer(LineLexer lx) {
    String t = lx.next();
    try {
      return Integer.parseInt(t);
    } catch (NumberFormatException e) {
      throw lx.error("expected an integer but found '" + t + "'");
    }
  }

  static String symbol(LineLexer lx) {
    String t = lx.next();
    if (!t.startsWith("@") || t.length() < 2) {
      throw lx.error("expected a @symbol but found '" + t + "'");
    }
    return t.substring(1);
  }

  static Type type(LineLexer lx) {
    String t = lx.next();
    try {
      return Type.parse(t);
    } catch (IllegalArgumentException e) {
      throw lx.error(e.getMessage());
    }
  }
}
