package dev.jptx.compiler.build;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.spi.KernelIndexLine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the {@code kernels.list} a build finds in its output before it merges its own lines in: a
 * damaged index (binary, cut short, edited by hand) would otherwise end the build with an internal
 * error, or worse, be carried into the jar with the build's lines added. A damaged index is the
 * user's to remove (it may hold the lines of other builds sharing the output), so it is an error
 * naming the file and the first bad line, and the build writes nothing.
 */
final class IndexCheck {
  private IndexCheck() {}

  /** The problems of the index at {@code index}, empty if it is absent or sound. */
  static List<Diagnostic> problems(Path index) throws IOException {
    if (!Files.isRegularFile(index)) {
      return Files.exists(index) ? List.of(problem(index, 0, "is not a file")) : List.of();
    }
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(Files.readAllBytes(index)))
              .toString();
    } catch (CharacterCodingException e) {
      return List.of(problem(index, 0, "is not text (a binary or damaged file)"));
    }
    List<Diagnostic> out = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\n", -1)) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      boolean printable = line.chars().allMatch(c -> c >= 0x20 && c != 0x7f);
      try {
        KernelIndexLine.parse(line);
      } catch (IllegalArgumentException e) {
        printable = false;
      }
      if (!printable) {
        out.add(problem(index, number, "is not '<class> <method> <entry> <descriptor> <targets>'"));
        break; // one line is enough to name the file; the rest is likely as damaged
      }
    }
    return out;
  }

  private static Diagnostic problem(Path index, int line, String what) {
    String where = line > 0 ? "this line of the kernel index " : "the kernel index ";
    return new Diagnostic(
        index.toString(),
        line,
        -1,
        "",
        where
            + what
            + ": the index is damaged; delete it (and its modules under META-INF/jptx, if in doubt)"
            + " and build again");
  }
}
