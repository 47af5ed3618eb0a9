package dev.jptx.bundle;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command of the build's outputs as a user would, with a time limit. */
final class Processes {
  private Processes() {}

  /** What a command did: its exit code and its output, standard error included. */
  record Outcome(int exit, String output) {}

  static Outcome run(List<String> command, Path dir, int seconds) throws Exception {
    return run(command, dir, seconds, Map.of());
  }

  /** Runs {@code command} in {@code dir} with {@code env} added to the environment. */
  static Outcome run(List<String> command, Path dir, int seconds, Map<String, String> env)
      throws Exception {
    Path log = Files.createTempFile("bundle-test", ".log");
    try {
      ProcessBuilder pb =
          new ProcessBuilder(new ArrayList<>(command))
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new AssertionError(command + " took more than " + seconds + " s");
      }
      return new Outcome(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** The checkout's root: the folder above that holds {@code gpu-report/bundle.sh}. */
  static Path checkout() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve("gpu-report/bundle.sh"))) {
        return d;
      }
    }
    throw new AssertionError("no gpu-report/bundle.sh above " + Path.of("").toAbsolutePath());
  }
}
