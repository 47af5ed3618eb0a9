package dev.jptx.compiler.build;

import dev.jptx.compiler.driver.Version;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Which compiler built a module, for build stamps: the version, and when run from a jar the jar's
 * SHA-256 too, so that a rebuilt {@code -SNAPSHOT} compiler with the same version still counts as a
 * new compiler and recompiles every kernel.
 */
final class CompilerIdentity {
  private static final String IDENTITY = compute();

  private CompilerIdentity() {}

  /** {@code 0.1.0-SNAPSHOT sha256:...}, or the bare version when not run from a jar. */
  static String get() {
    return IDENTITY;
  }

  private static String compute() {
    String v = Version.get();
    CodeSource src = CompilerIdentity.class.getProtectionDomain().getCodeSource();
    if (src == null || src.getLocation() == null) {
      return v;
    }
    try {
      Path p = Path.of(src.getLocation().toURI());
      if (!Files.isRegularFile(p)) {
        return v;
      }
      try (InputStream in = Files.newInputStream(p)) {
        return v + " " + Hashes.sha256(in.readAllBytes());
      }
    } catch (URISyntaxException | IOException | IllegalArgumentException e) {
      // an unreadable jar cannot be fingerprinted: the version alone still tells releases apart
      return v;
    }
  }
}
