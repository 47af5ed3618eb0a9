package dev.jptx.compiler.testing;

import dev.jptx.compiler.frontend.classes.ClassFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A class directory holding the good {@code demo.Saxpy} next to kernel classes broken in each way a
 * build must survive: garbage bytes, a file cut short, a class file version newer than ASM reads.
 */
public final class BrokenClassFiles {
  private BrokenClassFiles() {}

  /** Compiles under {@code dir} and breaks the classes; returns the class directory. */
  public static Path create(Path dir) {
    try {
      Path classes =
          JavaSources.compile(
              dir,
              Map.of(
                  "demo.Saxpy", Sources.SAXPY,
                  "demo.Cut", Sources.SAXPY.replace("Saxpy", "Cut"),
                  "demo.TooNew", Sources.SAXPY.replace("Saxpy", "TooNew")));
      Files.writeString(classes.resolve("demo/Garbage.class"), "this is not a class file\n");
      Path cut = classes.resolve("demo/Cut.class");
      byte[] whole = Files.readAllBytes(cut);
      // cut after the @Kernel descriptor, so that the build's cheap filter still picks the class
      String text = new String(whole, StandardCharsets.ISO_8859_1);
      int kernel = text.indexOf("Ldev/jptx/Kernel;") + "Ldev/jptx/Kernel;".length();
      Files.write(cut, Arrays.copyOf(whole, Math.max(kernel, whole.length / 2)));
      Path tooNew = classes.resolve("demo/TooNew.class");
      byte[] bytes = Files.readAllBytes(tooNew);
      bytes[6] = 0;
      bytes[7] = 99; // major version 99: Java 55
      Files.write(tooNew, bytes);
      return classes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The errors a build of {@link #create}'s directory {@code classes} reports, in order. */
  public static List<String> expectedErrors(Path classes) {
    String root = classes + java.io.File.separator;
    int latest = ClassFiles.LATEST_MAJOR_VERSION;
    return List.of(
        root + "demo/Cut.class: error: cannot read class file: it is truncated or malformed",
        root
            + "demo/Garbage.class: error: cannot read class file: it is not a class file (it"
            + " does not start with 0xCAFEBABE)",
        root
            + "demo/TooNew.class: error: cannot read class file: its version 99.0 (Java 55) is"
            + " newer than this compiler reads (up to "
            + latest
            + ", Java "
            + (latest - 44)
            + ")");
  }
}
