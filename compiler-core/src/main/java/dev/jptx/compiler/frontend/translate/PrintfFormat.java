package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.ScalarType;

/**
 * Checks a {@code printf} format against its arguments, as C compilers warn and CUDA does not:
 * {@code vprintf} reads the buffer by the conversions, so a mismatch prints garbage on the GPU. The
 * conversions API.md allows are {@code d i u x X o c} (an {@code int}, or a {@code long} with
 * {@code l} or {@code ll}), {@code f F e E g G a A} (a {@code double}; {@code float} is promoted)
 * and {@code %%}.
 */
final class PrintfFormat {
  private PrintfFormat() {}

  /** Null if {@code format} fits arguments of the promoted {@code types}, else the problem. */
  static String check(String format, ScalarType[] types) {
    int arg = 0;
    int i = 0;
    while (i < format.length()) {
      char c = format.charAt(i++);
      if (c != '%') {
        continue;
      }
      if (i < format.length() && format.charAt(i) == '%') {
        i++;
        continue;
      }
      while (i < format.length() && "-+ #0".indexOf(format.charAt(i)) >= 0) {
        i++;
      }
      while (i < format.length()
          && (Character.isDigit(format.charAt(i)) || format.charAt(i) == '.')) {
        i++;
      }
      if (i < format.length() && format.charAt(i) == '*') {
        return "printf width and precision '*' are not supported; write the number in the format";
      }
      int longs = 0;
      while (i < format.length() && format.charAt(i) == 'l') {
        longs++;
        i++;
      }
      if (i >= format.length()) {
        return "printf format ends in the middle of a conversion";
      }
      char conv = format.charAt(i++);
      ScalarType want;
      if ("diuxXoc".indexOf(conv) >= 0) {
        want = longs > 0 ? ScalarType.I64 : ScalarType.I32;
      } else if ("fFeEgGaA".indexOf(conv) >= 0) {
        want = ScalarType.F64;
      } else {
        return "printf conversion %" + conv + " is not supported (use d i u x X o c f e g a)";
      }
      if (arg >= types.length) {
        return "printf format has more conversions than arguments (" + types.length + ")";
      }
      if (types[arg] != want) {
        return "printf conversion %"
            + (longs > 0 ? "l" : "")
            + conv
            + " does not fit argument "
            + (arg + 1)
            + " of type "
            + javaName(types[arg])
            + (types[arg] == ScalarType.I64 ? " (use %ld)" : "");
      }
      arg++;
    }
    return arg < types.length
        ? "printf format has fewer conversions (" + arg + ") than arguments (" + types.length + ")"
        : null;
  }

  private static String javaName(ScalarType t) {
    return switch (t) {
      case I64 -> "long";
      case F64 -> "float or double";
      default -> "int";
    };
  }
}
