package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the function definitions of a PTX module and counts the instruction statements in each
 * body: the {@code ptx} column of {@link PtxReport}.
 *
 * <p>A statement ends at {@code ;}. A {@code '{'} or {@code '}'} at the start of a statement opens
 * or closes a scope block (inline asm, call sequences) and also ends the statement before it;
 * inside a statement braces are vector operands ({@code {%f1, %f2}}) and belong to it. Labels in
 * front of a statement are dropped, and so are directives ({@code .reg}, {@code .local}, {@code
 * .pragma}, ...): what starts with a dot is not counted. A directive without a {@code ;} (such as
 * {@code .loc}) therefore swallows the instruction after it, as in the reference design's tool,
 * which is why the report compiles jptx's modules without line information.
 */
final class PtxFunctionParser {
  private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
  private static final Pattern FUNCTION_HEADER =
      Pattern.compile("(?<![\\w$.])\\.(entry|func)\\b\\s*(\\([^)]*\\))?\\s*([A-Za-z_$%][\\w$]*)");
  private static final Pattern LABEL = Pattern.compile("^\\s*[A-Za-z_$%][\\w$]*\\s*:(?!:)");

  private PtxFunctionParser() {}

  /**
   * One function definition (prototypes and {@code .extern} declarations are not definitions).
   *
   * @param name its name
   * @param entry whether it is an {@code .entry} (else a {@code .func})
   * @param statements the instruction statements in its body
   */
  record Definition(String name, boolean entry, int statements) {}

  /**
   * Parses a module.
   *
   * @param ptx its text
   * @return its function definitions in the order of the text
   */
  static List<Definition> parse(String ptx) {
    String src = stripComments(ptx);
    List<Definition> definitions = new ArrayList<>();
    Matcher header = FUNCTION_HEADER.matcher(src);
    int pos = 0;
    while (pos <= src.length() && header.find(pos)) {
      int i = endOfSignature(src, header.end());
      if (i >= src.length() || src.charAt(i) == ';') {
        pos = i + 1;
        continue;
      }
      int open = i;
      int close = matchingBrace(src, open);
      String body = src.substring(open + 1, close);
      definitions.add(
          new Definition(
              header.group(3), header.group(1).equals("entry"), statements(body).size()));
      pos = close + 1;
    }
    return definitions;
  }

  /**
   * Splits a function body (without comments) into its instruction statements, each with its
   * whitespace runs folded to one space.
   */
  static List<String> statements(String body) {
    List<String> out = new ArrayList<>();
    StringBuilder buf = new StringBuilder();
    int vector = 0;
    for (int k = 0; k < body.length(); k++) {
      char c = body.charAt(k);
      if (c == ';' && vector == 0) {
        flush(buf, out);
      } else if (c == '{') {
        if (vector == 0 && stripLabels(buf.toString()).isEmpty()) {
          flush(buf, out); // a scope opens
        } else {
          vector++;
          buf.append(c);
        }
      } else if (c == '}') {
        if (vector > 0) {
          vector--;
          buf.append(c);
        } else {
          flush(buf, out); // a scope closes
        }
      } else {
        buf.append(c);
      }
    }
    flush(buf, out);
    return out;
  }

  private static void flush(StringBuilder buf, List<String> out) {
    String statement = stripLabels(buf.toString());
    buf.setLength(0);
    if (!statement.isEmpty() && !statement.startsWith(".")) {
      out.add(String.join(" ", statement.split("\\s+")));
    }
  }

  private static String stripLabels(String s) {
    String rest = s.strip();
    while (true) {
      Matcher m = LABEL.matcher(rest);
      if (!m.find()) {
        return rest;
      }
      rest = rest.substring(m.end()).strip();
    }
  }

  /** Comments become the newlines they held, so that nothing else moves between lines. */
  static String stripComments(String ptx) {
    return COMMENT
        .matcher(ptx)
        .replaceAll(m -> "\n".repeat((int) m.group().chars().filter(ch -> ch == '\n').count()));
  }

  /**
   * From the end of a function's name over its parameter lists and performance directives to the
   * {@code '{'} of its body or the {@code ';'} of a declaration, at parenthesis depth 0.
   *
   * @return that character's index, or the text's length if there is none
   */
  private static int endOfSignature(String src, int from) {
    int depth = 0;
    int i = from;
    while (i < src.length()) {
      char c = src.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (depth == 0 && (c == '{' || c == ';')) {
        break;
      }
      i++;
    }
    return i;
  }

  /** The index of the {@code '}'} that closes the brace at {@code open}, or the text's length. */
  private static int matchingBrace(String src, int open) {
    int depth = 0;
    int i = open;
    while (i < src.length()) {
      char c = src.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth == 0) {
          break;
        }
      }
      i++;
    }
    return i;
  }
}
