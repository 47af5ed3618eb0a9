package dev.jptx.compiler.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The checks of a command's paths before any work starts, so that a user's mistake is a usage error
 * naming the path (exit 2), not an internal error or a silent fallback.
 */
final class CommandInputs {
  private static final byte[] ZIP_MAGIC = {'P', 'K', 3, 4};

  private CommandInputs() {}

  /** A class root: a directory, or a jar (any zip file; an empty jar is a zip too). */
  static void classRoot(Path p) {
    if (Files.isDirectory(p)) {
      return;
    }
    if (!Files.exists(p)) {
      throw new IllegalArgumentException("no such file or directory: " + p);
    }
    if (!Files.isRegularFile(p) || !isZip(p)) {
      String hint =
          p.toString().endsWith(".class") ? " (give the directory its package starts in)" : "";
      throw new IllegalArgumentException(p + " is neither a directory nor a jar file" + hint);
    }
  }

  /** The output directory: absent (it is created) or a writable directory. */
  static void outputDirectory(Path p) {
    if (Files.exists(p) && !Files.isDirectory(p)) {
      throw new IllegalArgumentException("the output " + p + " is not a directory");
    }
    if (Files.isDirectory(p) && !Files.isWritable(p)) {
      throw new IllegalArgumentException("the output directory " + p + " is not writable");
    }
  }

  /**
   * An explicit {@code --ptxas}: an executable that answers {@code --version}. Without this check
   * the build would fall back to JCuda's PTX compiler without a word, as if none were given.
   */
  static void ptxas(Path ptxas) {
    if (!Files.isRegularFile(ptxas) || !Files.isExecutable(ptxas)) {
      throw new IllegalArgumentException("--ptxas " + ptxas + " is not an executable file");
    }
    int code;
    try {
      Process p =
          new ProcessBuilder(ptxas.toString(), "--version")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalArgumentException("--ptxas " + ptxas + " --version did not finish");
      }
      code = p.exitValue();
    } catch (IOException e) {
      throw new IllegalArgumentException("--ptxas " + ptxas + " cannot be run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalArgumentException("--ptxas " + ptxas + ": interrupted");
    }
    if (code != 0) {
      throw new IllegalArgumentException(
          "--ptxas " + ptxas + " failed (`--version` exited with " + code + ")");
    }
  }

  private static boolean isZip(Path p) {
    try (InputStream in = Files.newInputStream(p)) {
      byte[] head = in.readNBytes(4);
      return java.util.Arrays.equals(head, ZIP_MAGIC)
          || java.util.Arrays.equals(head, new byte[] {'P', 'K', 5, 6});
    } catch (IOException e) {
      return false;
    }
  }
}
