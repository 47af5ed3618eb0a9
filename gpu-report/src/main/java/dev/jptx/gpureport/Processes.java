package dev.jptx.gpureport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Child processes with a time limit: the samples, nvidia-smi, and the JVM a sticky error may kill.
 */
final class Processes {
  private Processes() {}

  /** What a child printed (stdout and stderr together) and how it ended; -1 for a timeout. */
  record Outcome(int exitCode, String output, long millis) {
    boolean timedOut() {
      return exitCode == -1;
    }
  }

  /** Runs {@code command} in {@code dir}, killing it after {@code limit}. */
  static Outcome run(List<String> command, Path dir, Duration limit)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("gpu-report", ".log");
    long start = System.nanoTime();
    try {
      Process p =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      boolean finished = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
      if (!finished) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      return new Outcome(
          finished ? p.exitValue() : -1, output, (System.nanoTime() - start) / 1_000_000);
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** A JVM of the bundle running {@code mainClass} with {@code args}. */
  static List<String> java(
      Bundle bundle, List<String> jvmOptions, String mainClass, String... args) {
    List<String> command = new ArrayList<>();
    command.add(bundle.java().toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(bundle.classPath());
    command.add(mainClass);
    command.addAll(List.of(args));
    return command;
  }

  /** The last {@code lines} lines of {@code text}. */
  static String tail(String text, int lines) {
    String[] all = text.strip().split("\n");
    int from = Math.max(0, all.length - lines);
    return String.join("\n", java.util.Arrays.copyOfRange(all, from, all.length));
  }
}
