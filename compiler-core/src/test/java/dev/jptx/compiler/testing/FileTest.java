package dev.jptx.compiler.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A golden "file test": one file holding a command, its input and the expected output.
 *
 * <pre>
 * # run: opt constfold dce
 * # (more '#' lines are comments)
 * ...input...
 * === expected
 * ...output...
 * </pre>
 *
 * Run with {@code -Dfiletests.bless=true}, a failing test rewrites its expected section instead.
 */
public record FileTest(Path path, List<String> command, String input, String expected) {
  private static final String SEPARATOR = "=== expected";

  /** Reads a file test. */
  public static FileTest read(Path path) {
    try {
      String text = Files.readString(path, StandardCharsets.UTF_8);
      List<String> lines = List.of(text.split("\n", -1));
      List<String> command = null;
      int i = 0;
      while (i < lines.size() && lines.get(i).startsWith("#")) {
        String l = lines.get(i).substring(1).strip();
        if (l.startsWith("run:")) {
          command = List.of(l.substring(4).strip().split("\\s+"));
        }
        i++;
      }
      if (command == null) {
        throw new IllegalArgumentException(path + ": no '# run:' line");
      }
      StringBuilder input = new StringBuilder();
      while (i < lines.size() && !lines.get(i).equals(SEPARATOR)) {
        input.append(lines.get(i)).append('\n');
        i++;
      }
      StringBuilder expected = new StringBuilder();
      for (i = i + 1; i < lines.size(); i++) {
        expected.append(lines.get(i)).append(i + 1 < lines.size() ? "\n" : "");
      }
      return new FileTest(path, command, input.toString(), expected.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The command's arguments after its name. */
  public List<String> args() {
    return command.subList(1, command.size());
  }

  /** Rewrites the expected section with {@code actual}. */
  public void bless(String actual) {
    try {
      String header = Files.readString(path, StandardCharsets.UTF_8);
      int cut = header.indexOf("\n" + SEPARATOR + "\n");
      String head = cut < 0 ? header.stripTrailing() + "\n" : header.substring(0, cut + 1);
      Files.writeString(path, head + SEPARATOR + "\n" + actual, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every {@code .test} file under a resource directory, sorted. */
  public static List<Path> under(Path dir) {
    try (var s = Files.walk(dir)) {
      List<Path> out = new ArrayList<>(s.filter(p -> p.toString().endsWith(".test")).toList());
      out.sort(null);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
