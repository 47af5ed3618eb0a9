package dev.jptx.compiler.frontend.classes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Class files by internal name ({@code dev/example/Saxpy}) from an ordered list of roots:
 * directories and jars. The compiler reads classes only from here, never from the running JVM, so
 * output does not depend on the JDK that runs it. Thread-safe; close it to release jars.
 */
public final class ClassPath implements AutoCloseable {
  private final List<Path> roots;
  private final List<ZipFile> jars = new ArrayList<>();
  private final ConcurrentHashMap<String, Optional<byte[]>> cache;
  private final Consumer<String> onRead;
  private final boolean ownsJars;

  /** A class path over these roots, searched in order. */
  public ClassPath(List<Path> roots) {
    this.roots = List.copyOf(roots);
    this.cache = new ConcurrentHashMap<>();
    this.onRead = name -> {};
    this.ownsJars = true;
    for (Path r : this.roots) {
      if (Files.isRegularFile(r)) {
        try {
          jars.add(new ZipFile(r.toFile()));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot open " + r, e);
        }
      }
    }
  }

  private ClassPath(ClassPath base, Consumer<String> onRead) {
    this.roots = base.roots;
    this.jars.addAll(base.jars);
    this.cache = base.cache;
    this.onRead = onRead;
    this.ownsJars = false;
  }

  /**
   * A view of this class path that tells {@code onRead} the internal name of every class looked up
   * through it, found or not: the build records what a kernel class's compilation depended on. It
   * shares this one's jars and cache; closing it closes nothing.
   */
  public ClassPath recording(Consumer<String> onRead) {
    return new ClassPath(this, onRead);
  }

  /** The roots in search order. */
  public List<Path> roots() {
    return roots;
  }

  /** The bytes of a class, or empty if no root has it. */
  public Optional<byte[]> read(String internalName) {
    onRead.accept(internalName);
    return cache.computeIfAbsent(internalName, this::load);
  }

  private Optional<byte[]> load(String internalName) {
    String file = internalName + ".class";
    int jar = 0;
    for (Path r : roots) {
      try {
        if (Files.isDirectory(r)) {
          Path p = r.resolve(file);
          if (Files.isRegularFile(p)) {
            return Optional.of(Files.readAllBytes(p));
          }
        } else if (Files.isRegularFile(r)) {
          ZipFile z = jars.get(jar++);
          ZipEntry e = z.getEntry(file);
          if (e != null) {
            try (InputStream in = z.getInputStream(e)) {
              return Optional.of(in.readAllBytes());
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file + " from " + r, e);
      }
    }
    return Optional.empty();
  }

  /**
   * Where a class file of a root is, for messages: the file under a directory, {@code jar!/entry}
   * in a jar.
   */
  public static String location(Path root, String internalName) {
    String file = internalName + ".class";
    return Files.isDirectory(root) ? root.resolve(file).toString() : root + "!/" + file;
  }

  /**
   * Checks that a class file {@link #classesIn} listed under a directory root can be read as a
   * file: a directory, a dangling symbolic link, a FIFO or a file without read permission named
   * {@code X.class} is an unreadable class file, as javac has it, and reading a FIFO would block.
   * Jar entries always pass.
   */
  public static void checkReadable(Path root, String internalName)
      throws ClassFiles.UnreadableClassException {
    if (!Files.isDirectory(root)) {
      return;
    }
    Path p = root.resolve(internalName + ".class");
    String reason;
    if (Files.isDirectory(p)) {
      reason = "it is a directory";
    } else if (Files.isSymbolicLink(p) && !Files.exists(p)) {
      reason = "it is a symbolic link to nothing";
    } else if (!Files.isRegularFile(p)) {
      reason = Files.exists(p) ? "it is not a regular file" : "it no longer exists";
    } else if (!Files.isReadable(p)) {
      reason = "permission denied";
    } else {
      return;
    }
    throw new ClassFiles.UnreadableClassException(reason);
  }

  /** The internal names of every class file under a root (directory or jar), sorted. */
  public static List<String> classesIn(Path root) {
    List<String> names = new ArrayList<>();
    try {
      if (Files.isDirectory(root)) {
        try (Stream<Path> s = Files.walk(root)) {
          s.filter(p -> p.toString().endsWith(".class"))
              .map(p -> root.relativize(p).toString().replace('\\', '/'))
              .forEach(n -> names.add(n.substring(0, n.length() - ".class".length())));
        }
      } else if (Files.isRegularFile(root)) {
        try (ZipFile z = new ZipFile(root.toFile())) {
          z.stream()
              .map(ZipEntry::getName)
              .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
              .forEach(n -> names.add(n.substring(0, n.length() - ".class".length())));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list classes of " + root, e);
    }
    names.removeIf(n -> n.endsWith("module-info") || n.endsWith("package-info"));
    names.sort(null);
    return names;
  }

  @Override
  public void close() {
    if (!ownsJars) {
      return;
    }
    for (ZipFile z : jars) {
      try {
        z.close();
      } catch (IOException ignored) {
        // closing a read-only jar cannot lose data
      }
    }
  }
}
