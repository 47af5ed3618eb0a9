package dev.jptx.compiler.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.testing.BrokenClassFiles;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import dev.jptx.compiler.validate.ValidationMode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class files a build cannot read (garbage, cut short, too new for ASM) give one clean error each,
 * naming the file, while the other classes of the build still compile.
 */
class UnreadableClassFilesTest {
  @TempDir Path dir;

  private BuildReport build(Path input, Path out) {
    return Build.run(
        new BuildRequest(
            List.of(input), List.of(), out, CompilerOptions.defaults(), ValidationMode.FALSE, null),
        DumpSink.NONE);
  }

  @Test
  void brokenClassFiles_oneErrorEachAndTheGoodClassCompiles() throws IOException {
    Path classes = BrokenClassFiles.create(dir);
    Path out = dir.resolve("out");
    BuildReport r = build(classes, out);
    assertEquals(
        BrokenClassFiles.expectedErrors(classes),
        r.diagnostics().stream().map(Diagnostic::format).toList());
    assertEquals(List.of(), r.internalErrors());
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Cut")));
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/TooNew")));
  }

  @Test
  void classFileBrokenSinceTheLastBuild_losesItsModule() throws IOException {
    Path classes =
        JavaSources.compile(dir, Map.of("demo.Cut", Sources.SAXPY.replace("Saxpy", "Cut")));
    Path out = dir.resolve("out");
    assertFalse(build(classes, out).failed());
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Cut/sm_75.ptx")));
    Path cut = classes.resolve("demo/Cut.class");
    byte[] whole = Files.readAllBytes(cut);
    Files.write(cut, java.util.Arrays.copyOf(whole, whole.length - 20));
    BuildReport r = build(classes, out);
    assertEquals(1, r.diagnostics().size(), r.diagnostics().toString());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Cut")));
    assertEquals("", Files.readString(out.resolve("META-INF/jptx/kernels.list")));
  }

  @Test
  void brokenClassInAJar_isNamedByJarAndEntry() throws IOException {
    Path jar = dir.resolve("kernels.jar");
    try (OutputStream o = Files.newOutputStream(jar);
        ZipOutputStream z = new ZipOutputStream(o)) {
      z.putNextEntry(new ZipEntry("demo/Garbage.class"));
      z.write(new byte[] {1, 2, 3});
      z.closeEntry();
    }
    BuildReport r = build(jar, dir.resolve("out"));
    assertEquals(
        List.of(
            jar
                + "!/demo/Garbage.class: error: cannot read class file: it is not a class file (it"
                + " does not start with 0xCAFEBABE)"),
        r.diagnostics().stream().map(Diagnostic::format).toList());
  }
}
