package dev.jptx.compiler.validate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One PTX instruction as the lint sees it: {@code [@[!]pred] opcode.mod.mod op, op, ...}. The
 * registers it writes ({@link #defs}) and reads ({@link #uses}) are names, which is all the lint's
 * dataflow needs: PTX registers are function-scoped.
 *
 * @param line the 1-based line the instruction starts on
 * @param text the instruction with its whitespace collapsed, without the {@code ;}
 * @param guard the guard predicate's name, or null
 * @param base the opcode without modifiers ({@code add} of {@code add.rn.f32})
 * @param modifiers the opcode's dot-modifiers in order ({@code [rn, f32]})
 * @param operands the comma-separated operands, trimmed
 * @param defs the registers written
 * @param uses the registers and symbols read, the guard included
 */
record PtxStatement(
    int line,
    String text,
    String guard,
    String base,
    List<String> modifiers,
    List<String> operands,
    List<String> defs,
    List<String> uses) {
  private static final Pattern GUARD = Pattern.compile("@!?([^\\s]+)\\s+(.*)", Pattern.DOTALL);
  private static final Pattern INTEGER =
      Pattern.compile("(-?)(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)U?");

  /** Instructions whose first operand is read, not written (a store's address, a branch label). */
  private static final Set<String> NO_DESTINATION =
      Set.of(
          "st",
          "red",
          "bra",
          "brx",
          "ret",
          "exit",
          "bar",
          "barrier",
          "membar",
          "fence",
          "trap",
          "brkpt",
          "prefetch",
          "prefetchu",
          "pmevent",
          "nanosleep",
          "cp",
          "stmatrix",
          "call");

  /** Parses one instruction; {@code text} has no {@code ;} and no label. */
  static PtxStatement parse(int line, String text) {
    String t = text.trim().replaceAll("\\s+", " ");
    String guard = null;
    String rest = t;
    Matcher g = GUARD.matcher(t);
    if (t.startsWith("@") && g.matches()) {
      guard = g.group(1);
      rest = g.group(2);
    }
    int space = rest.indexOf(' ');
    String opcode = space < 0 ? rest : rest.substring(0, space);
    List<String> operands = space < 0 ? List.of() : splitOperands(rest.substring(space + 1));
    String[] parts = opcode.split("\\.");
    List<String> modifiers = List.of(Arrays.copyOfRange(parts, 1, parts.length));
    List<String> defs = new ArrayList<>();
    List<String> uses = new ArrayList<>();
    if (guard != null) {
      uses.add(guard);
    }
    int firstUse = 0;
    if (parts[0].equals("call")) {
      if (operands.size() > 1 && operands.get(0).startsWith("(")) {
        defs.addAll(names(operands.get(0)));
        firstUse = 1;
      }
    } else if (!NO_DESTINATION.contains(parts[0]) || isBarrierReduction(parts[0], modifiers)) {
      // setp's "%p|%q" writes both predicates, ld's "{%f1, %f2}" both registers
      if (!operands.isEmpty()) {
        defs.addAll(names(operands.get(0)));
        firstUse = 1;
      }
    }
    for (int i = firstUse; i < operands.size(); i++) {
      uses.addAll(names(operands.get(i)));
    }
    return new PtxStatement(
        line, t, guard, parts[0], modifiers, operands, List.copyOf(defs), List.copyOf(uses));
  }

  /** {@code bar.red.popc.u32 %r1, 0, %p1} writes its first operand. */
  private static boolean isBarrierReduction(String base, List<String> modifiers) {
    return (base.equals("bar") || base.equals("barrier")) && modifiers.contains("red");
  }

  /** The opcode with its modifiers, as written ({@code add.rn.f32}). */
  String opcode() {
    return modifiers.isEmpty() ? base : base + "." + String.join(".", modifiers);
  }

  /** The last modifier, which is the type for arithmetic ({@code f32} of {@code add.rn.f32}). */
  String type() {
    return modifiers.isEmpty() ? "" : modifiers.get(modifiers.size() - 1);
  }

  /** The operand at {@code i}, or the empty string if there is none. */
  String operand(int i) {
    return i < operands.size() ? operands.get(i) : "";
  }

  /** The value of an integer literal operand ({@code 31}, {@code 0x1F}, {@code -1}, {@code 7U}). */
  static OptionalLong integer(String operand) {
    Matcher m = INTEGER.matcher(operand.trim());
    if (!m.matches()) {
      return OptionalLong.empty();
    }
    String digits = m.group(2);
    long v;
    try {
      if (digits.length() > 1 && (digits.charAt(1) == 'x' || digits.charAt(1) == 'X')) {
        v = Long.parseUnsignedLong(digits.substring(2), 16);
      } else if (digits.length() > 1 && (digits.charAt(1) == 'b' || digits.charAt(1) == 'B')) {
        v = Long.parseUnsignedLong(digits.substring(2), 2);
      } else if (digits.length() > 1 && digits.charAt(0) == '0') {
        v = Long.parseUnsignedLong(digits.substring(1), 8);
      } else {
        v = Long.parseUnsignedLong(digits);
      }
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(m.group(1).isEmpty() ? v : -v);
  }

  /** Splits at the commas outside brackets, braces and parentheses. */
  private static List<String> splitOperands(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '[' || c == '{' || c == '(') {
        depth++;
      } else if (c == ']' || c == '}' || c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(s.substring(start, i).trim());
        start = i + 1;
      }
    }
    String last = s.substring(start).trim();
    if (!last.isEmpty()) {
      out.add(last);
    }
    return out;
  }

  /**
   * The names in an operand: registers, symbols and special registers ({@code %tid.x}); literals
   * such as {@code 4} or {@code 0f3F800000} are left out, and so is the sink {@code _}.
   */
  static List<String> names(String operand) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < operand.length()) {
      int start = i;
      while (i < operand.length() && isNameChar(operand.charAt(i))) {
        i++;
      }
      if (i > start) {
        String token = operand.substring(start, i);
        if (!Character.isDigit(token.charAt(0)) && !token.equals("_")) {
          out.add(token);
        }
      } else {
        i++;
      }
    }
    return out;
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '%' || c == '.';
  }
}
