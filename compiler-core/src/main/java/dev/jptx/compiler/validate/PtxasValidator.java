package dev.jptx.compiler.validate;

import dev.jptx.compiler.target.SmTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates with NVIDIA's {@code ptxas}: {@code ptxas -arch=sm_XX -v} on the module. Which targets
 * a {@code ptxas} supports follows from its CUDA release ({@link #MINIMUM_TARGET}).
 */
public final class PtxasValidator implements PtxValidator {
  /** From CUDA release {@code major} on, {@code ptxas} accepts compute capability {@code sm} up. */
  private record MinimumTarget(int major, int sm) {}

  /** The rows, newest release first: the first whose release is reached applies. */
  private static final List<MinimumTarget> MINIMUM_TARGET =
      List.of(
          new MinimumTarget(13, 75),
          new MinimumTarget(12, 50),
          new MinimumTarget(11, 35),
          new MinimumTarget(10, 30));

  private static final Pattern RELEASE = Pattern.compile("release (\\d+)\\.(\\d+)");

  private final Path executable;
  private final int release;
  private final String version;

  private PtxasValidator(Path executable, int release, String version) {
    this.executable = executable;
    this.release = release;
    this.version = version;
  }

  /** A validator for the {@code ptxas} at {@code path}, or on {@code PATH} if null; if it runs. */
  public static Optional<PtxasValidator> find(Path path) {
    Path exe = path != null ? path : onPath("ptxas");
    if (exe == null) {
      return Optional.empty();
    }
    try {
      Process p = new ProcessBuilder(exe.toString(), "--version").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return Optional.empty();
      }
      Matcher m = RELEASE.matcher(out);
      if (!m.find()) {
        return Optional.empty();
      }
      return Optional.of(
          new PtxasValidator(exe, Integer.parseInt(m.group(1)), m.group(1) + "." + m.group(2)));
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /** The executable named {@code name} in a {@code PATH} directory, or null. */
  static Path onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  @Override
  public String name() {
    return "ptxas " + version;
  }

  @Override
  public boolean supports(SmTarget target) {
    for (MinimumTarget row : MINIMUM_TARGET) {
      if (release >= row.major()) {
        return target.capability() >= row.sm();
      }
    }
    return false;
  }

  @Override
  public ValidationResult validate(String ptx, SmTarget target) {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("jptx-ptxas");
      Path in = dir.resolve("module.ptx");
      Files.writeString(in, ptx, StandardCharsets.UTF_8);
      Process p =
          new ProcessBuilder(
                  executable.toString(),
                  "-arch=" + target.name(),
                  "-v",
                  "-o",
                  dir.resolve("module.cubin").toString(),
                  in.toString())
              .redirectErrorStream(true)
              .start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new ValidationResult(name(), false, List.of(), "ptxas timed out");
      }
      int code = p.exitValue();
      boolean ok = code == 0;
      return new ValidationResult(
          name(), ok, ok ? AssemblerLog.parse(log) : List.of(), ok ? log : failureLog(log, code));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + executable, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new ValidationResult(name(), false, List.of(), "interrupted");
    } finally {
      deleteQuietly(dir);
    }
  }

  /**
   * ptxas's log of a rejected module; where ptxas was killed by a signal (exit code 128 + n), which
   * it does without a word on some valid modules, a line saying so, so that the build's error does
   * not end in nothing.
   */
  static String failureLog(String log, int exitCode) {
    // ptxas's own fatal errors exit with 255; a shell reports a signal n as 128 + n (n <= 64)
    if (exitCode <= 128 || exitCode > 128 + 64) {
      return log;
    }
    int signal = exitCode - 128;
    String name = signal == 11 ? " (SIGSEGV)" : signal == 6 ? " (SIGABRT)" : "";
    return (log.isBlank() ? "" : log.strip() + "\n")
        + "ptxas crashed: exit code "
        + exitCode
        + ", killed by signal "
        + signal
        + name
        + ". That is a defect of ptxas, not an error in the module; docs/compiler-internals.md"
        + " (\"Known toolchain problems\") lists the shapes known to trigger it. Another target or"
        + " -O0 may assemble the module.";
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // a leftover temporary file does not change any result
    }
  }
}
