package dev.jptx.compiler.ir;

import dev.jptx.compiler.text.LineLexer;

/**
 * How function attributes are spelled after a function's header, in IR text and DAG text alike:
 * {@code maxntid(x, y, z) minnctapersm(n) maxnreg(n) fastmath noinline alwaysinline nooutline
 * java("...") source("...")}, each only when set.
 */
public final class FunctionAttributesText {
  private FunctionAttributesText() {}

  /** The attributes that are set, each after a space; "" if none is. */
  public static String format(FunctionAttributes a) {
    StringBuilder sb = new StringBuilder();
    a.maxThreads()
        .ifPresent(t -> sb.append(" maxntid(" + t.x() + ", " + t.y() + ", " + t.z() + ")"));
    if (a.minBlocksPerSm() > 0) {
      sb.append(" minnctapersm(").append(a.minBlocksPerSm()).append(')');
    }
    if (a.maxRegisters() > 0) {
      sb.append(" maxnreg(").append(a.maxRegisters()).append(')');
    }
    if (a.fastMath()) {
      sb.append(" fastmath");
    }
    if (a.noInline()) {
      sb.append(" noinline");
    }
    if (a.alwaysInline()) {
      sb.append(" alwaysinline");
    }
    if (a.noOutline()) {
      sb.append(" nooutline");
    }
    if (!a.javaName().isEmpty()) {
      sb.append(" java(\"").append(a.javaName()).append("\")");
    }
    if (!a.sourceFile().isEmpty()) {
      sb.append(" source(\"").append(a.sourceFile()).append("\")");
    }
    return sb.toString();
  }

  /** Reads attributes up to (not including) the header's opening brace. */
  public static FunctionAttributes parse(LineLexer lx) {
    FunctionAttributes a = FunctionAttributes.NONE;
    while (!lx.peek().equals("{")) {
      String word = lx.next();
      switch (word) {
        case "maxntid" -> {
          lx.expect("(");
          int x = IrParser.integer(lx);
          lx.expect(",");
          int y = IrParser.integer(lx);
          lx.expect(",");
          int z = IrParser.integer(lx);
          lx.expect(")");
          a = a.withMaxThreads(x, y, z);
        }
        case "minnctapersm" -> a = a.withMinBlocksPerSm(parenthesizedInt(lx));
        case "maxnreg" -> a = a.withMaxRegisters(parenthesizedInt(lx));
        case "fastmath" -> a = a.withFastMath(true);
        case "noinline" -> a = a.withNoInline(true);
        case "alwaysinline" -> a = a.withAlwaysInline(true);
        case "nooutline" -> a = a.withNoOutline(true);
        case "java" -> a = a.withOrigin(a.sourceFile(), parenthesizedString(lx));
        case "source" -> a = a.withOrigin(parenthesizedString(lx), a.javaName());
        default -> throw lx.error("unknown function attribute '" + word + "'");
      }
    }
    return a;
  }

  private static int parenthesizedInt(LineLexer lx) {
    lx.expect("(");
    int v = IrParser.integer(lx);
    lx.expect(")");
    return v;
  }

  private static String parenthesizedString(LineLexer lx) {
    lx.expect("(");
    String s = lx.next();
    if (!s.startsWith("\"")) {
      throw lx.error("expected a string");
    }
    lx.expect(")");
    return s.substring(1, s.length() - 1);
  }
}
