package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcePathsTest {
  @TempDir Path project;

  private Path touch(Path p) throws Exception {
    Files.createDirectories(p.getParent());
    return Files.writeString(p, "");
  }

  @Test
  void display_underSecondRoot_isRelativeToProject() throws Exception {
    touch(project.resolve("src/gen/dev/example/Saxpy.java"));
    SourcePaths s =
        new SourcePaths(
            project, List.of(project.resolve("src/main/java"), project.resolve("src/gen")));
    assertEquals("src/gen/dev/example/Saxpy.java", s.display("dev/example/Saxpy.java"));
  }

  @Test
  void display_rootOutsideProject_isAbsolute(@TempDir Path elsewhere) throws Exception {
    Path f = touch(elsewhere.resolve("dev/example/Saxpy.java"));
    SourcePaths s = new SourcePaths(project, List.of(elsewhere));
    assertEquals(f.toString(), s.display("dev/example/Saxpy.java"));
  }

  @Test
  void display_notFound_isPackageRelative() {
    SourcePaths s = new SourcePaths(project, List.of(project.resolve("src/main/java")));
    assertEquals("dev/example/Saxpy.java", s.display("dev/example/Saxpy.java"));
  }
}
