package dev.jptx.spi;

import java.util.List;

/**
 * One line of {@code META-INF/jptx/kernels.list}, the index the compiler writes and the runtime
 * reads: {@code <binary class name> <method name> <PTX entry name> <JVM method descriptor>
 * <targets, comma-separated>}, fields separated by one space.
 *
 * <p>A JVM name may hold spaces, backslashes, line breaks and any Unicode character, so a field is
 * written with every character outside printable ASCII, every space and every backslash as a {@code
 * \}{@code uXXXX} escape of its UTF-16 unit, as Java source writes them. A line is then printable
 * ASCII without a space inside a field, and every legal name round-trips. (Lines written before
 * this encoding, with raw non-ASCII names, still read the same.)
 *
 * @param className the binary class name ({@code dev.example.Saxpy})
 * @param method the method name
 * @param entry the PTX entry name
 * @param descriptor the JVM method descriptor
 * @param targets the targets built, at least one
 */
public record KernelIndexLine(
    String className, String method, String entry, String descriptor, List<String> targets) {
  public KernelIndexLine {
    targets = List.copyOf(targets);
    if (targets.isEmpty()) {
      throw new IllegalArgumentException("a kernel index line lists at least one target");
    }
  }

  /** The line as written, without a line break. */
  public String format() {
    return encode(className)
        + ' '
        + encode(method)
        + ' '
        + encode(entry)
        + ' '
        + encode(descriptor)
        + ' '
        + encode(String.join(",", targets));
  }

  /**
   * The line {@code text} holds.
   *
   * @throws IllegalArgumentException if it is not five fields, or an escape is malformed
   */
  public static KernelIndexLine parse(String text) {
    String[] f = text.strip().split(" ", -1);
    if (f.length != 5) {
      throw new IllegalArgumentException(
          "not '<class> <method> <entry> <descriptor> <targets>': " + f.length + " fields");
    }
    for (String field : f) {
      if (field.isEmpty()) {
        throw new IllegalArgumentException("an empty field");
      }
    }
    return new KernelIndexLine(
        decode(f[0]), decode(f[1]), decode(f[2]), decode(f[3]), List.of(decode(f[4]).split(",")));
  }

  /** {@code s} with spaces, backslashes and characters outside printable ASCII escaped. */
  public static String encode(String s) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean plain = c > ' ' && c < 0x7f && c != '\\';
      if (plain && sb == null) {
        continue;
      }
      if (sb == null) {
        sb = new StringBuilder(s.length() + 16).append(s, 0, i);
      }
      if (plain) {
        sb.append(c);
      } else {
        sb.append(String.format("\\u%04x", (int) c));
      }
    }
    return sb == null ? s : sb.toString();
  }

  /**
   * The text {@code field} encodes.
   *
   * @throws IllegalArgumentException on a backslash not followed by {@code u} and four hex digits
   */
  public static String decode(String field) {
    int slash = field.indexOf('\\');
    if (slash < 0) {
      return field;
    }
    StringBuilder sb = new StringBuilder(field.length()).append(field, 0, slash);
    int i = slash;
    while (i < field.length()) {
      char c = field.charAt(i);
      if (c != '\\') {
        sb.append(c);
        i++;
        continue;
      }
      if (i + 6 > field.length() || field.charAt(i + 1) != 'u') {
        throw new IllegalArgumentException("a malformed escape at column " + (i + 1));
      }
      int value = 0;
      for (int k = i + 2; k < i + 6; k++) {
        int digit = Character.digit(field.charAt(k), 16);
        if (digit < 0) {
          throw new IllegalArgumentException("a malformed escape at column " + (i + 1));
        }
        value = value * 16 + digit;
      }
      sb.append((char) value);
      i += 6;
    }
    return sb.toString();
  }
}
