package dev.jptx.compiler.ir;

import dev.jptx.compiler.text.LineLexer;
import java.util.ArrayList;
import java.util.List;

/**
 * The textual form of a module variable, one line each:
 *
 * <pre>
 * global @tile shared f32[256] align 4
 * global @weights const f32[3] align 4 = [0.25, 0.5, 0.25]
 * global @fmt global i8[4] align 1 = c"%d\0A\00"
 * global @dyn shared extern f32[] align 16
 * </pre>
 *
 * Byte arrays print as C-like strings with {@code \XX} hex escapes for everything but printable
 * ASCII other than {@code "} and {@code \}.
 */
final class GlobalText {
  private GlobalText() {}

  static String format(GlobalVariable g) {
    StringBuilder sb = new StringBuilder("global @").append(g.name()).append(' ');
    sb.append(g.space().ptxName()).append(g.external() ? " extern " : " ");
    sb.append(g.elementType().text()).append('[');
    if (!g.external()) {
      sb.append(g.count());
    }
    sb.append("] align ").append(g.align());
    if (!g.init().isEmpty()) {
      sb.append(" = ");
      if (g.elementType() == ScalarType.I8) {
        sb.append("c\"");
        for (long b : g.init()) {
          int c = (int) (b & 0xFF);
          if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            sb.append((char) c);
          } else {
            sb.append(String.format("\\%02X", c));
          }
        }
        sb.append('"');
      } else {
        sb.append('[');
        for (int k = 0; k < g.init().size(); k++) {
          sb.append(k > 0 ? ", " : "");
          sb.append(ConstantText.format(g.elementType(), g.init().get(k)));
        }
        sb.append(']');
      }
    }
    return sb.toString();
  }

  /** Parses a line printed by {@link #format}; the lexer stands at {@code global}. */
  static GlobalVariable parse(LineLexer lx) {
    lx.expect("global");
    String name = IrParser.symbol(lx);
    AddressSpace space;
    String spaceText = lx.next();
    try {
      space = AddressSpace.parse(spaceText);
    } catch (IllegalArgumentException e) {
      throw lx.error(e.getMessage());
    }
    boolean external = lx.accept("extern");
    Type t = IrParser.type(lx);
    if (!(t instanceof ScalarType elem)) {
      throw lx.error("global elements must be scalars");
    }
    lx.expect("[");
    int count = 0;
    if (!external) {
      count = IrParser.integer(lx);
    }
    lx.expect("]");
    lx.expect("align");
    int align = IrParser.integer(lx);
    List<Long> init = new ArrayList<>();
    if (lx.accept("=")) {
      if (lx.peek().equals("c") && lx.peek(1).startsWith("\"")) {
        lx.next();
        init.addAll(bytes(lx, lx.next()));
      } else {
        lx.expect("[");
        do {
          String literal = lx.next();
          try {
            init.add(ConstantText.parse(elem, literal));
          } catch (NumberFormatException e) {
            throw lx.error("bad " + elem.text() + " constant '" + literal + "'");
          }
        } while (lx.accept(","));
        lx.expect("]");
      }
    }
    lx.expectEnd();
    try {
      return new GlobalVariable(name, space, elem, count, align, init, external);
    } catch (IllegalArgumentException e) {
      throw lx.error(e.getMessage());
    }
  }

  private static List<Long> bytes(LineLexer lx, String token) {
    String body = token.substring(1, token.length() - 1);
    List<Long> out = new ArrayList<>();
    int k = 0;
    while (k < body.length()) {
      char c = body.charAt(k);
      if (c == '\\') {
        if (k + 2 >= body.length()) {
          throw lx.error("bad escape in string");
        }
        out.add((long) Integer.parseInt(body.substring(k + 1, k + 3), 16));
        k += 3;
      } else {
        out.add((long) c);
        k++;
      }
    }
    return out;
  }
}
