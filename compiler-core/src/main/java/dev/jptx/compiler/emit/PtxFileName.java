package dev.jptx.compiler.emit;

import java.nio.charset.StandardCharsets;

/**
 * A source file name as the body of a PTX {@code .file} string. The name comes from the class
 * file's {@code SourceFile} attribute, which any tool may set to anything: PTX strings have no
 * escapes (ptxas ends the string at the first {@code "}, so a crafted name could append
 * directives), and ptxas stops with a fatal error on any non-ASCII byte ({@code Größe.java}). So
 * each byte of the name's UTF-8 that is not printable ASCII, and {@code "}, {@code \} and {@code
 * %}, is written as {@code %XX}, the way a URI writes it: {@code Gr%C3%B6%C3%9Fe.java}. Names of
 * plain ASCII, nearly all, are unchanged.
 */
final class PtxFileName {
  private PtxFileName() {}

  static String quoted(String name) {
    StringBuilder sb = new StringBuilder(name.length());
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (c >= ' ' && c < 0x7f && c != '"' && c != '\\' && c != '%') {
        sb.append((char) c);
      } else {
        sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
        sb.append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
      }
    }
    return sb.toString();
  }
}
