package dev.jptx.compiler.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes files so that readers see the old content or the new, never half of the new. A process
 * killed mid-write leaves its temporary file behind; {@link #deleteLeftovers} removes those.
 */
public final class AtomicFiles {
  /**
   * The temporary file of a write of {@code name}: {@code .<name><digits>.tmp}, as {@link
   * Files#createTempFile(Path, String, String)} names it with our prefix {@code .<name>} and suffix
   * {@code .tmp} (it puts a random unsigned number between them).
   */
  private static final Pattern TEMPORARY = Pattern.compile("\\.(.+?)[0-9]+\\.tmp");

  private AtomicFiles() {}

  /** Writes {@code text} to {@code file} through a temporary file in the same directory. */
  public static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * Whether {@code fileName} is the temporary file {@link #write} uses for a file whose name {@code
   * written} accepts: a user's file never matches unless it imitates that name exactly.
   */
  static boolean isLeftover(String fileName, Predicate<String> written) {
    Matcher m = TEMPORARY.matcher(fileName);
    return m.matches() && written.test(m.group(1));
  }

  /**
   * Deletes, anywhere under {@code dir}, the temporary files of writes (of files whose name {@code
   * written} accepts) that a killed build left behind. Call it only while no other build writes
   * there.
   */
  static void deleteLeftovers(Path dir, Predicate<String> written) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    List<Path> leftovers;
    try (var files = Files.walk(dir)) {
      leftovers =
          files
              .filter(p -> isLeftover(p.getFileName().toString(), written))
              .filter(Files::isRegularFile)
              .toList();
    }
    for (Path p : leftovers) {
      Files.deleteIfExists(p);
    }
  }
}
