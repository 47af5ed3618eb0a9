package dev.jptx.gpureport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The hand-written PTX of the JCuda section ({@code probes.ptx}). */
final class Probes {
  private Probes() {}

  static String ptx() {
    return resource("probes.ptx");
  }

  /**
   * The reproducer of the ptxas miscompile the first GPU run found (fuzz kernel k0245): the high
   * half of a merged 32-bit value converted from f16 ({@code ptxas-f16-high-half.ptx}, whose header
   * says what each entry shows).
   */
  static String f16HighHalf() {
    return resource("ptxas-f16-high-half.ptx");
  }

  private static String resource(String name) {
    try (InputStream in = Probes.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
