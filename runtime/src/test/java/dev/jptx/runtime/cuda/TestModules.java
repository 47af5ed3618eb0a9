package dev.jptx.runtime.cuda;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the {@code META-INF/jptx} layout the jptx plugin makes, for {@link CudaTestKernels}: a
 * {@code kernels.list} line per kernel and one module per target, whose text names its target (the
 * fake driver only records what it was given).
 */
final class TestModules {
  static final List<String> TARGETS = List.of("sm_75", "sm_80", "sm_90");

  private TestModules() {}

  /** Writes the modules of every test kernel for {@code targets} under {@code root}. */
  static Path write(Path root, List<String> targets) {
    String owner = CudaTestKernels.class.getName();
    String dir = "META-INF/jptx/" + owner.replace('.', '/');
    String list =
        String.join(
            "\n",
            line(owner, "scale", "(IF[F[F)V", targets),
            line(owner, "scalars", "(ZBSCIJFD)V", targets),
            line(owner, "arrays", "([Z[B[C[J[D)V", targets));
    try {
      Files.createDirectories(root.resolve(dir));
      Files.writeString(root.resolve("META-INF/jptx/kernels.list"), list + "\n");
      for (String t : targets) {
        Files.writeString(root.resolve(dir + "/" + t + ".ptx"), text(t), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return root;
  }

  /** The text of the module of {@code target}. */
  static String text(String target) {
    return "// the module for " + target + "\n.target " + target + "\n";
  }

  private static String line(String owner, String method, String desc, List<String> targets) {
    return owner + " " + method + " " + method + "_entry " + desc + " " + String.join(",", targets);
  }
}
