package dev.jptx.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns the package-relative source path of a diagnostic ({@code dev/example/Saxpy.java}) into the
 * file under the project's compile source roots, shown relative to the project directory ({@code
 * src/main/java/dev/example/Saxpy.java}) as API.md §1 shows it, so IDEs and CI annotate the line.
 */
final class SourcePaths {
  private final Path basedir;
  private final List<Path> sourceRoots;

  /**
   * @param basedir the project directory
   * @param sourceRoots the compile source roots, in the order Maven gives them
   */
  SourcePaths(Path basedir, List<Path> sourceRoots) {
    this.basedir = basedir.toAbsolutePath().normalize();
    this.sourceRoots = List.copyOf(sourceRoots);
  }

  /**
   * The path to show: the first source root holding the file, relative to the project directory
   * when it lies inside it (else absolute); the package-relative path if no root holds it.
   */
  String display(String packageRelative) {
    if (packageRelative == null || packageRelative.isEmpty()) {
      return packageRelative;
    }
    for (Path root : sourceRoots) {
      Path file = basedir.resolve(root).resolve(packageRelative).normalize();
      if (Files.isRegularFile(file)) {
        Path shown = file.startsWith(basedir) ? basedir.relativize(file) : file;
        return shown.toString().replace(java.io.File.separatorChar, '/');
      }
    }
    return packageRelative;
  }
}
