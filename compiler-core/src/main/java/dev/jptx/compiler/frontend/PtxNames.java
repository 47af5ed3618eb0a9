package dev.jptx.compiler.frontend;

/** What PTX accepts as a symbol name. */
final class PtxNames {
  private PtxNames() {}

  /**
   * True for {@code [a-zA-Z][a-zA-Z0-9_$]*} and {@code [_$%][a-zA-Z0-9_$]+}, the PTX identifier
   * grammar, restricted to ASCII because Java names may hold letters PTX does not.
   */
  static boolean isValidIdentifier(String s) {
    if (s.isEmpty()) {
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
}
