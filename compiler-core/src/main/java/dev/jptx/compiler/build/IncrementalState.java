package dev.jptx.compiler.build;

import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.target.SmTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The stamps of one build: decides whether a kernel class is up to date and records what its
 * modules were built from. A class is up to date when its stamp names this compiler and these
 * options, its bytes and those of every class its compilation looked up are unchanged (looked up
 * anywhere on the class path, jars included, so a changed device function in a library counts), and
 * its modules are still there with the bytes written.
 */
final class IncrementalState {
  private final Path directory;
  private final Path outputRoot;
  private final ClassPath classPath;
  private final String compiler;
  private final String options;
  private final Map<String, String> hashes = new ConcurrentHashMap<>();

  private IncrementalState(Path directory, BuildRequest r, ClassPath classPath, String compiler) {
    this.directory = directory;
    this.outputRoot = r.outputRoot();
    this.classPath = classPath;
    this.compiler = compiler;
    this.options = BuildStamp.optionsKey(r);
  }

  /** The state of a build, or one that never skips if the request keeps no state. */
  static IncrementalState of(BuildRequest r, ClassPath classPath) {
    return new IncrementalState(r.stateDirectory(), r, classPath, CompilerIdentity.get());
  }

  /** The stamp of a class whose modules are up to date, or empty if it must be compiled. */
  Optional<BuildStamp> upToDate(String internalName, byte[] bytes) throws IOException {
    if (directory == null) {
      return Optional.empty();
    }
    Path file = stampFile(internalName);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Optional<BuildStamp> s = BuildStamp.parse(Files.readString(file, StandardCharsets.UTF_8));
    if (s.isEmpty()
        || !s.get().compiler().equals(compiler)
        || !s.get().options().equals(options)
        || !s.get().classHash().equals(Hashes.sha256(bytes))) {
      return Optional.empty();
    }
    for (Map.Entry<String, String> d : s.get().dependencies().entrySet()) {
      if (!hashOf(d.getKey()).equals(d.getValue())) {
        return Optional.empty();
      }
    }
    String className = internalName.replace('/', '.');
    for (Map.Entry<String, String> m : s.get().modules().entrySet()) {
      Path module = ModuleLayout.classDirectory(outputRoot, className).resolve(m.getKey() + ".ptx");
      if (!Files.isRegularFile(module)
          || !Hashes.sha256(Files.readAllBytes(module)).equals(m.getValue())) {
        return Optional.empty();
      }
    }
    return s;
  }

  /** The stamp of a class just compiled from {@code bytes}, having looked up {@code looked}. */
  BuildStamp stamp(
      String internalName,
      byte[] bytes,
      Set<String> looked,
      Map<SmTarget, String> modules,
      List<String> indexLines) {
    Map<String, String> deps = new TreeMap<>();
    for (String d : looked) {
      if (!d.equals(internalName)) {
        deps.put(d, hashOf(d));
      }
    }
    Map<String, String> moduleHashes = new TreeMap<>();
    modules.forEach((t, ptx) -> moduleHashes.put(t.name(), Hashes.sha256(ptx)));
    return new BuildStamp(
        compiler,
        options,
        Hashes.sha256(bytes),
        new TreeMap<>(deps),
        new TreeMap<>(moduleHashes),
        indexLines);
  }

  /** Writes a class's stamp; call it after its modules are written. */
  void write(String internalName, BuildStamp s) throws IOException {
    if (directory != null) {
      AtomicFiles.write(stampFile(internalName), s.format());
    }
  }

  /** Forgets a class; call it before its modules are removed or rewritten. */
  void delete(String internalName) throws IOException {
    if (directory != null) {
      Files.deleteIfExists(stampFile(internalName));
    }
  }

  /**
   * The internal names of the classes this build has stamps of (this build compiled them earlier
   * and wrote their modules); none without a state directory.
   */
  Set<String> stampedClasses() throws IOException {
    Set<String> out = new TreeSet<>();
    if (directory == null || !Files.isDirectory(directory)) {
      return out;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String n = directory.relativize(f).toString().replace('\\', '/');
        if (n.endsWith(".stamp") && !f.getFileName().toString().startsWith(".")) {
          out.add(n.substring(0, n.length() - ".stamp".length()));
        }
      }
    }
    return out;
  }

  /** Deletes the temporary files of stamp writes that a killed build left behind. */
  void deleteLeftovers() throws IOException {
    if (directory != null) {
      AtomicFiles.deleteLeftovers(
          directory, n -> n.endsWith(".stamp") || n.equals(TargetOwnership.RECORD));
    }
  }

  private Path stampFile(String internalName) {
    return directory.resolve(internalName + ".stamp");
  }

  private String hashOf(String internalName) {
    return hashes.computeIfAbsent(
        internalName, n -> classPath.read(n).map(Hashes::sha256).orElse(BuildStamp.ABSENT));
  }
}
