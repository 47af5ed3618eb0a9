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
            line(owner, "arrays", "([Z[B[C[J[D)V", targets),
            line(owner, "rows", "([[F[F)V", targets));
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

  /** Replaces the module of {@code target} under {@code root} with {@code text}. */
  static void overwrite(Path root, String target, String text) {
    String owner = CudaTestKernels.class.getName().replace('.', '/');
    try {
      Files.writeString(root.resolve("META-INF/jptx/" + owner + "/" + target + ".ptx"), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of the module of {@code target}: the kernel ABI's entries, empty bodies. */
  static String text(String target) {
    return "// the module for "
        + target
        + "\n.version 7.0\n.target "
        + target
        + "\n.address_size 64\n"
        + entry("scale_entry", ".s32 n", ".f32 a", ".u64 x", ".s32 xn", ".u64 y", ".s32 yn")
        + entry(
            "scalars_entry",
            ".u8 z",
            ".s8 b",
            ".s16 s",
            ".u16 c",
            ".s32 i",
            ".s64 j",
            ".f32 f",
            ".f64 d")
        + entry(
            "arrays_entry",
            ".u64 z",
            ".s32 zn",
            ".u64 b",
            ".s32 bn",
            ".u64 c",
            ".s32 cn",
            ".u64 j",
            ".s32 jn",
            ".u64 d",
            ".s32 dn")
        + entry("rows_entry", ".u64 ar", ".u64 al", ".s32 an", ".u64 b", ".s32 bn");
  }

  /** An entry with the given parameters. */
  static String entry(String name, String... params) {
    var text = new StringBuilder(".visible .entry " + name + "(");
    for (int i = 0; i < params.length; i++) {
      text.append(i == 0 ? "" : ", ").append(".param ").append(params[i]);
    }
    return text.append(")\n{\n  ret;\n}\n").toString();
  }

  private static String line(String owner, String method, String desc, List<String> targets) {
    return owner + " " + method + " " + method + "_entry " + desc + " " + String.join(",", targets);
  }
}
