package dev.jptx.compiler.validate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a PTX module into function bodies and their instructions, line-based and without a
 * grammar: enough for the lint, and independent of the runtime's PTX parser (the compiler must not
 * depend on the runtime).
 *
 * <p>Comments are dropped. Statements end at {@code ;} and may span lines; a statement is numbered
 * by the line it starts on. A function starts at the {@code {} after a header naming {@code .entry}
 * or {@code .func} and ends at its matching {@code }}; inside it, a brace that starts a statement
 * opens or closes a scope, any other brace belongs to the statement ({@code {%f1, %f2}}). Labels
 * ({@code $L__BB0_3:}) mark the statement after them as a branch target; directives ({@code .reg},
 * {@code .loc}, which has no {@code ;}) and everything outside functions are skipped.
 */
final class PtxScanner {
  private static final Pattern HEADER =
      Pattern.compile("\\.(?:entry|func)\\s*(?:\\([^)]*\\)\\s*)?([A-Za-z_$%][\\w$]*)");
  private static final Pattern LABEL = Pattern.compile("[A-Za-z_$%][\\w$]*");

  private final List<PtxFunctionBody> functions = new ArrayList<>();
  private final StringBuilder statement = new StringBuilder();
  private int statementLine;
  private int depth;
  private int parens;
  private String function;
  private List<PtxStatement> body;
  private Map<String, Integer> labels;

  private PtxScanner() {}

  /** The functions of {@code ptx}, in text order. */
  static List<PtxFunctionBody> scan(String ptx) {
    PtxScanner s = new PtxScanner();
    String text = withoutComments(ptx);
    int line = 1;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        s.endOfLine();
        line++;
      } else {
        s.character(c, line);
      }
    }
    return s.functions;
  }

  private void character(char c, int line) {
    boolean blank = statement.toString().isBlank();
    if (c == '{' && depth == 0 && parens == 0 && HEADER.matcher(statement).find()) {
      Matcher m = HEADER.matcher(statement);
      m.find();
      function = m.group(1);
      body = new ArrayList<>();
      labels = new HashMap<>();
      statement.setLength(0);
      depth = 1;
    } else if (c == '{' && depth > 0 && blank) {
      depth++;
    } else if (c == '}' && depth > 0 && blank) {
      depth--;
      if (depth == 0) {
        functions.add(new PtxFunctionBody(function, body, labels));
        function = null;
      }
    } else if (c == ';') {
      emit();
    } else if (c == ':' && depth > 0 && LABEL.matcher(statement.toString().trim()).matches()) {
      labels.put(statement.toString().trim(), body.size());
      statement.setLength(0);
    } else {
      if (blank && !Character.isWhitespace(c)) {
        statement.setLength(0);
        statementLine = line;
      }
      if (c == '(') {
        parens++;
      } else if (c == ')') {
        parens--;
      }
      statement.append(c);
    }
  }

  /** A directive without {@code ;} ({@code .loc}, {@code .version}) ends with its line. */
  private void endOfLine() {
    String s = statement.toString().trim();
    if (s.startsWith(".")
        && !s.contains("(")
        && !s.contains(".entry")
        && !s.contains(".func")
        && !s.contains("=")) {
      statement.setLength(0);
      parens = 0;
    } else {
      statement.append(' ');
    }
  }

  private void emit() {
    String s = statement.toString().trim();
    statement.setLength(0);
    parens = 0;
    if (depth > 0 && !s.isEmpty() && !s.startsWith(".")) {
      body.add(PtxStatement.parse(statementLine, s));
    }
  }

  /** Replaces comments with spaces, keeping line breaks so that line numbers stay. */
  private static String withoutComments(String ptx) {
    StringBuilder out = new StringBuilder(ptx.length());
    int i = 0;
    boolean string = false;
    while (i < ptx.length()) {
      char c = ptx.charAt(i);
      if (string) {
        string = c != '"';
        out.append(c);
        i++;
      } else if (c == '"') {
        string = true;
        out.append(c);
        i++;
      } else if (ptx.startsWith("//", i)) {
        while (i < ptx.length() && ptx.charAt(i) != '\n') {
          i++;
        }
      } else if (ptx.startsWith("/*", i)) {
        int end = ptx.indexOf("*/", i + 2);
        end = end < 0 ? ptx.length() : end + 2;
        for (int k = i; k < end; k++) {
          out.append(ptx.charAt(k) == '\n' ? '\n' : ' ');
        }
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
