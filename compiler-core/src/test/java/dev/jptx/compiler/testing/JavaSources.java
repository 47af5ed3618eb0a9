package dev.jptx.compiler.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles Java sources written in a test with the JDK's {@code javac}, against the test class path
 * (so {@code dev.jptx.Kernel} and {@code Gpu} resolve), into a class directory.
 */
public final class JavaSources {
  private JavaSources() {}

  /**
   * Writes {@code sources} (binary class name to source text) under {@code dir/src}, compiles them
   * with debug info into {@code dir/classes}, and returns the classes directory.
   */
  public static Path compile(Path dir, Map<String, String> sources) {
    return compile(dir, sources, List.of("-g"));
  }

  /**
   * As {@link #compile(Path, Map)}, with these javac options instead of {@code -g} ({@code -g:none}
   * to leave out line numbers).
   */
  public static Path compile(Path dir, Map<String, String> sources, List<String> options) {
    try {
      Path src = dir.resolve("src");
      Path classes = dir.resolve("classes");
      Files.createDirectories(classes);
      List<String> args =
          new ArrayList<>(
              List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
      args.addAll(options);
      for (Map.Entry<String, String> e : sources.entrySet()) {
        Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue());
        args.add(file.toString());
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      int rc = javac.run(null, log, log, args.toArray(new String[0]));
      if (rc != 0) {
        throw new IllegalStateException("javac failed:\n" + log.toString(StandardCharsets.UTF_8));
      }
      return classes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
