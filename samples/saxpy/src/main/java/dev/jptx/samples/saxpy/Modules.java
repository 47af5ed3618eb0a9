package dev.jptx.samples.saxpy;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The PTX modules the plugin put on the classpath, found as the runtime finds them: through every
 * {@code META-INF/jptx/kernels.list} index, then {@code META-INF/jptx/<class path>/<target>.ptx}.
 */
final class Modules {
  private static final String ROOT = "META-INF/jptx/";

  private Modules() {}

  /** One module: a kernel class compiled for a target. */
  record Module(String className, String target, URL url) {}

  /** The modules of {@code kernelClass} listed by the classpath's indexes, one per target. */
  static List<Module> of(Class<?> kernelClass) throws IOException {
    ClassLoader loader = kernelClass.getClassLoader();
    List<String> targets = new ArrayList<>();
    Enumeration<URL> indexes = loader.getResources(ROOT + "kernels.list");
    while (indexes.hasMoreElements()) {
      for (String line : read(indexes.nextElement()).split("\n")) {
        String[] fields = line.strip().split(" ");
        if (fields.length == 5 && fields[0].equals(kernelClass.getName())) {
          for (String t : fields[4].split(",")) {
            if (!targets.contains(t)) {
              targets.add(t);
            }
          }
        }
      }
    }
    List<Module> modules = new ArrayList<>();
    for (String t : targets) {
      String path = ROOT + kernelClass.getName().replace('.', '/') + "/" + t + ".ptx";
      URL url = loader.getResource(path);
      if (url == null) {
        throw new IOException("kernels.list names " + path + " but it is not on the classpath");
      }
      modules.add(new Module(kernelClass.getName(), t, url));
    }
    return modules;
  }

  /** The {@code ptxas} on {@code PATH}, if any. */
  static Optional<Path> ptxas() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path p = Path.of(dir, "ptxas");
      if (Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * Assembles a module with {@code ptxas -arch=<target>}.
   *
   * @return empty if ptxas accepts it, else ptxas's output
   */
  static Optional<String> assemble(Path ptxas, Module m) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("jptx-sample");
    try {
      Path ptx = dir.resolve(m.target() + ".ptx");
      // the module may sit in a jar: ptxas needs a file
      try (InputStream in = m.url().openStream()) {
        Files.copy(in, ptx, StandardCopyOption.REPLACE_EXISTING);
      }
      Process p =
          new ProcessBuilder(
                  ptxas.toString(),
                  "-arch=" + m.target(),
                  "-o",
                  dir.resolve(m.target() + ".cubin").toString(),
                  ptx.toString())
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return Optional.of("ptxas did not finish within 60 s");
      }
      return p.exitValue() == 0 ? Optional.empty() : Optional.of(out.strip());
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(dir);
    }
  }

  /** The module as a file path if it is one, else its URL (inside a jar). */
  static String location(Module m) {
    if ("file".equals(m.url().getProtocol())) {
      try {
        return Path.of(m.url().toURI()).toString();
      } catch (URISyntaxException e) {
        return m.url().toString();
      }
    }
    return m.url().toString();
  }

  private static String read(URL url) throws IOException {
    try (InputStream in = url.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
