package dev.jptx.compiler.frontend;

import java.util.Set;

/** What PTX accepts as a symbol name. */
final class PtxNames {
  private PtxNames() {}

  /**
   * PTX's predefined identifiers that the identifier grammar would otherwise accept: {@code
   * WARP_SZ} (the special registers start with {@code %}, which no name here may). ptxas rejects a
   * symbol of that name with a syntax error; opcodes and type names ({@code add}, {@code u32}) it
   * accepts.
   */
  private static final Set<String> PREDEFINED = Set.of("WARP_SZ");

  /** True for a name PTX reserves, which no symbol may take. */
  static boolean isPredefined(String s) {
    return PREDEFINED.contains(s);
  }

  /**
   * True for {@code [a-zA-Z][a-zA-Z0-9_$]*} and {@code [_$%][a-zA-Z0-9_$]+}, the PTX identifier
   * grammar, restricted to ASCII because Java names may hold letters PTX does not, and not a {@link
   * #isPredefined predefined} identifier.
   */
  static boolean isValidIdentifier(String s) {
    if (s.isEmpty() || isPredefined(s)) {
      return false;
    }
    char first = s.charAt(0);
    boolean letter = first < 128 && Character.isLetter(first);
    if (!letter && first != '_' && first != '$') {
      return false;
    }
    if (!letter && s.length() == 1) {
      return false;
    }
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 128 || !(Character.isLetterOrDigit(c) || c == '_' || c == '$')) {
        return false;
      }
    }
    return true;
  }

  /**
   * A valid identifier made from {@code s}: characters PTX does not accept become {@code _}, or
   * {@code _uXXXX} for non-ASCII letters so that distinct Java names stay distinct.
   */
  static String sanitize(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '$')) {
        sb.append(c);
      } else if (c >= 128) {
        sb.append(String.format("_u%04X", (int) c));
      } else {
        sb.append('_');
      }
    }
    if (sb.length() == 0 || Character.isDigit(sb.charAt(0))) {
      sb.insert(0, '_');
    }
    if (isPredefined(sb.toString())) {
      sb.append('_'); // a device function WARP.SZ
    }
    return sb.toString();
  }
}
