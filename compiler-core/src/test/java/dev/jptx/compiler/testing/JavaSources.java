package dev.jptx.compiler.testing;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
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
    try {
      Path src = dir.resolve("src");
      Path classes = dir.resolve("classes");
      Files.createDirectories(classes);
      List<String> args =
          new ArrayList<>(
              List.of(
                  "-g", "-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
      for (Map.Entry<String, String> e : sources.entrySet()) {
        Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue());
        args.add(file.toString());
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      StringWriter log = new StringWriter();
      int rc = javac.run(null, null, null, args.toArray(new String[0]));
      if (rc != 0) {
        throw new IllegalStateException("javac failed: " + log);
      }
      return classes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
