package dev.jptx.gpureport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The hand-written PTX of the JCuda section ({@code probes.ptx}). */
final class Probes {
  private Probes() {}

  static String ptx() {
    try (InputStream in = Probes.class.getResourceAsStream("probes.ptx")) {
      if (in == null) {
        throw new IllegalStateException("probes.ptx is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
