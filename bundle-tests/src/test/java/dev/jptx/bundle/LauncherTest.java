package dev.jptx.bundle;

import static dev.jptx.bundle.Processes.checkout;
import static dev.jptx.bundle.Processes.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bundle.Processes.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI's distribution as the build packs it ({@code compiler-core/target/jptx-*-dist.tar.gz}):
 * unpacked, its launcher runs the compiler, writes a class-data-sharing archive into the cache
 * folder on its first run and maps it on the next, and compiles what {@code java -jar jptx.jar}
 * compiles, byte for byte.
 */
class LauncherTest {
  @TempDir Path dir;

  @Test
  void unpackedLauncher_compilesAndSharesClassData() throws Exception {
    Path root = checkout();
    Path archive;
    try (Stream<Path> s = Files.list(root.resolve("compiler-core/target"))) {
      archive =
          s.filter(p -> p.getFileName().toString().matches("jptx-.*-dist\\.tar\\.gz"))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("no jptx-*-dist.tar.gz in compiler-core/target"));
    }
    assertEquals(0, run(List.of("tar", "xzf", archive.toString()), dir, 60).exit());
    Path home;
    try (Stream<Path> s = Files.list(dir)) {
      home = s.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    Path launcher = home.resolve("jptx");
    assertTrue(Files.isExecutable(launcher), launcher + " is not executable");
    Path cache = dir.resolve("cache");
    Map<String, String> env = Map.of("JPTX_CACHE", cache.toString());

    Outcome version = run(List.of(launcher.toString(), "--version"), dir, 60, env);
    assertEquals(0, version.exit(), version.output());
    assertTrue(version.output().startsWith("jptx "), version.output());
    List<Path> archives;
    try (Stream<Path> s = Files.list(cache)) {
      archives = s.filter(p -> p.toString().endsWith(".jsa")).toList();
    }
    assertEquals(1, archives.size(), "one class-data archive after the first run: " + archives);
    long written = Files.getLastModifiedTime(archives.get(0)).toMillis();

    Path classes = root.resolve("benchmarks/target/classes");
    Outcome viaLauncher =
        run(
            List.of(
                launcher.toString(),
                "compile",
                "--validate=false",
                "-t",
                "sm_90",
                "-o",
                dir.resolve("a").toString(),
                classes.toString()),
            dir,
            120,
            env);
    assertEquals(0, viaLauncher.exit(), viaLauncher.output());
    assertEquals(
        written,
        Files.getLastModifiedTime(archives.get(0)).toMillis(),
        "the second run maps the archive instead of writing it again");
    Outcome viaJar =
        run(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                home.resolve("jptx.jar").toString(),
                "compile",
                "--validate=false",
                "-t",
                "sm_90",
                "-o",
                dir.resolve("b").toString(),
                classes.toString()),
            dir,
            120);
    assertEquals(0, viaJar.exit(), viaJar.output());
    assertEquals(0, run(List.of("diff", "-r", "a", "b"), dir, 60).exit(), "same modules");
  }
}
