package dev.jptx.compiler.frontend.classes;

import dev.jptx.compiler.target.PtxIdentifiers;

/** What PTX accepts as a symbol name. */
public final class PtxNames {
  private PtxNames() {}

  /**
   * True for {@code [a-zA-Z][a-zA-Z0-9_$]*} and {@code [_$%][a-zA-Z0-9_$]+}, the PTX identifier
   * grammar, restricted to ASCII because Java names may hold letters PTX does not, and not a {@link
   * PtxIdentifiers#isPredefined predefined} identifier.
   */
  static boolean isValidIdentifier(String s) {
    if (s.isEmpty() || PtxIdentifiers.isPredefined(s)) {
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
  public static String sanitize(String s) {
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
    if (PtxIdentifiers.isPredefined(sb.toString())) {
      sb.append('_'); // a device function WARP.SZ
    }
    return sb.toString();
  }
}
