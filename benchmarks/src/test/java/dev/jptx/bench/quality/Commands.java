package dev.jptx.bench.quality;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the external tools of the report (nvcc, ptxas, git) and returns what they print. */
final class Commands {
  private static final long TIMEOUT_MINUTES = 10;

  private Commands() {}

  /**
   * Runs {@code command} in {@code directory}; its standard error goes to ours.
   *
   * @return its standard output
   * @throws IllegalStateException if it exits with a status other than 0 or times out
   */
  static String run(Path directory, List<String> command) {
    Path output = null;
    try {
      // to a file, so that the timeout holds even if the tool never closes its output
      output = Files.createTempFile("jptx-quality", ".out");
      Process p =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectOutput(output.toFile())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " timed out");
      }
      String out = Files.readString(output, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command) + " exited with " + p.exitValue() + ":\n" + out);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + String.join(" ", command), e);
    } finally {
      deleteQuietly(output);
    }
  }

  /**
   * What a command printed and how it ended.
   *
   * @param exitCode its exit status
   * @param stdout its standard output
   * @param stderr its standard error
   */
  record Output(int exitCode, String stdout, String stderr) {}

  /**
   * Runs {@code command} in {@code directory} and keeps both of its outputs, whatever its exit
   * status.
   *
   * @throws IllegalStateException if it times out
   * @throws UncheckedIOException if it cannot be started (e.g. it is not on {@code PATH})
   */
  static Output capture(Path directory, List<String> command) {
    Path stdout = null;
    Path stderr = null;
    try {
      stdout = Files.createTempFile("jptx-quality", ".out");
      stderr = Files.createTempFile("jptx-quality", ".err");
      Process p =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .start();
      if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " timed out");
      }
      return new Output(
          p.exitValue(),
          // decoded leniently: a tool's message may quote a source's bytes
          new String(Files.readAllBytes(stdout), StandardCharsets.UTF_8),
          new String(Files.readAllBytes(stderr), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + String.join(" ", command), e);
    } finally {
      deleteQuietly(stdout);
      deleteQuietly(stderr);
    }
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // a temporary file left behind is harmless
    }
  }

  /** Whether {@code tool} is an executable file in one of the {@code PATH} directories. */
  static boolean onPath(String tool) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  /** The last {@code n} non-blank lines of a tool's output, joined by {@code "; "}. */
  static String lastLines(String output, int n) {
    List<String> lines = output.lines().filter(l -> !l.isBlank()).map(String::strip).toList();
    return String.join("; ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
  }
}
