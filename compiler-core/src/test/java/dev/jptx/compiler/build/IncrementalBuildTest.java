package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Knob;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import dev.jptx.compiler.validate.ValidationMode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Incremental builds: a kernel class is recompiled only when its bytes, the options, the compiler,
 * or a class its compilation looked up (here a device function in a library jar) changed.
 */
class IncrementalBuildTest {
  private static final String LIB =
      """
      package lib;

      public final class Lib {
        public static float twice(float v) {
          return FACTOR * v;
        }
      }
      """;

  private static final String USES_LIB =
      """
      package demo;

      import static dev.jptx.Gpu.globalIdX;

      import dev.jptx.Kernel;

      public final class UsesLib {
        @Kernel
        public static void scale(int n, float[] y) {
          int i = globalIdX();
          if (i < n) {
            y[i] = lib.Lib.twice(y[i]);
          }
        }
      }
      """;

  @TempDir Path dir;
  private Path classes;
  private Path jar;
  private Path out;
  private Path state;
  private int versions;

  @BeforeEach
  void firstBuild() throws IOException {
    jar = dir.resolve("lib.jar");
    out = dir.resolve("out");
    state = dir.resolve("state");
    libraryWith("2f");
    classes = compile(Map.of("demo.Saxpy", Sources.SAXPY, "demo.UsesLib", USES_LIB));
    BuildReport r = build(CompilerOptions.defaults(), false);
    assertFalse(r.failed(), r.toString());
    assertEquals(List.of("demo.Saxpy.saxpy", "demo.UsesLib.scale"), compiled(r));
  }

  @Test
  void secondBuild_recompilesNothingAndWritesNothing() throws IOException {
    Path module = out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx");
    Path index = out.resolve("META-INF/jptx/kernels.list");
    FileTime moduleTime = Files.getLastModifiedTime(module);
    String indexText = Files.readString(index);
    BuildReport r = build(CompilerOptions.defaults(), false);
    assertFalse(r.failed());
    assertEquals(List.of(), compiled(r));
    assertEquals(List.of("demo.Saxpy", "demo.UsesLib"), r.upToDate());
    assertEquals(List.of(), r.written());
    assertEquals(moduleTime, Files.getLastModifiedTime(module));
    assertEquals(indexText, Files.readString(index));
    assertEquals(
        List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75", "demo.UsesLib scale scale (I[F)V sm_75"),
        Files.readAllLines(index));
  }

  @Test
  void changedOption_recompilesEveryClass() {
    BuildReport r = build(CompilerOptions.defaults().withOptLevel(2), false);
    assertEquals(List.of("demo.Saxpy.saxpy", "demo.UsesLib.scale"), compiled(r));
    assertEquals(List.of(), r.upToDate());
    // and back: the stamps now hold -O2, so -O3 recompiles again
    assertEquals(2, compiled(build(CompilerOptions.defaults(), false)).size());
  }

  @Test
  void changedKnobChecksOrSpillRule_recompilesEveryClass() {
    Knob k = Knobs.all().stream().filter(x -> x.type() == Knob.Type.BOOL).findFirst().orElseThrow();
    CompilerOptions knob =
        CompilerOptions.defaults().withKnobs(Knobs.parse(List.of(k.name() + "=" + flip(k))));
    assertEquals(2, compiled(build(knob, false)).size());
    assertEquals(2, compiled(build(CompilerOptions.defaults().withChecks(true), false)).size());
    assertEquals(2, compiled(build(CompilerOptions.defaults().withChecks(true), true)).size());
    assertEquals(0, compiled(build(CompilerOptions.defaults().withChecks(true), true)).size());
  }

  @Test
  void changedClass_recompilesOnlyThatClass() {
    classes =
        compile(
            Map.of(
                "demo.Saxpy",
                Sources.SAXPY.replace("a * x[i]", "a * x[i] * a"),
                "demo.UsesLib",
                USES_LIB));
    BuildReport r = build(CompilerOptions.defaults(), false);
    assertEquals(List.of("demo.Saxpy.saxpy"), compiled(r));
    assertEquals(List.of("demo.UsesLib"), r.upToDate());
  }

  @Test
  void changedDeviceFunctionInDependencyJar_recompilesOnlyItsCaller() throws IOException {
    libraryWith("3f");
    BuildReport r = build(CompilerOptions.defaults(), false);
    assertEquals(List.of("demo.UsesLib.scale"), compiled(r));
    assertEquals(List.of("demo.Saxpy"), r.upToDate());
    assertTrue(
        Files.readString(out.resolve("META-INF/jptx/demo/UsesLib/sm_75.ptx"))
            .contains("0f40400000"),
        "the module does not multiply by 3");
  }

  @Test
  void removedOrEditedModule_isRebuilt() throws IOException {
    Files.delete(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx"));
    Files.writeString(out.resolve("META-INF/jptx/demo/UsesLib/sm_75.ptx"), "// edited\n");
    BuildReport r = build(CompilerOptions.defaults(), false);
    assertEquals(List.of("demo.Saxpy.saxpy", "demo.UsesLib.scale"), compiled(r));
  }

  @Test
  void stampOfAnotherCompiler_recompiles() throws IOException {
    Path stamp = state.resolve("demo/Saxpy.stamp");
    List<String> lines = Files.readAllLines(stamp);
    assertTrue(lines.get(1).startsWith("compiler "), lines.toString());
    lines.set(1, "compiler 0.0.1");
    Files.write(stamp, lines);
    BuildReport r = build(CompilerOptions.defaults(), false);
    assertEquals(List.of("demo.Saxpy.saxpy"), compiled(r));
    assertEquals(List.of("demo.UsesLib"), r.upToDate());
  }

  @Test
  void stamp_isDeterministicAndNamesTheCalledClass() throws IOException {
    String first = Files.readString(state.resolve("demo/UsesLib.stamp"));
    assertTrue(first.contains("\ndep lib/Lib "), first);
    Files.delete(out.resolve("META-INF/jptx/demo/UsesLib/sm_75.ptx"));
    build(CompilerOptions.defaults(), false);
    assertEquals(first, Files.readString(state.resolve("demo/UsesLib.stamp")));
    assertEquals(BuildStamp.parse(first).orElseThrow().format(), first);
  }

  @Test
  void noStateDirectory_compilesEveryTime() {
    BuildReport r =
        Build.run(
            new BuildRequest(
                List.of(classes),
                List.of(jar),
                out,
                CompilerOptions.defaults(),
                ValidationMode.FALSE,
                null),
            DumpSink.NONE);
    assertEquals(2, compiled(r).size());
  }

  @Test
  void ioErrorMidway_leavesAnIndexListingOnlyModulesThatExist() throws IOException {
    // Saxpy now fails, so its module goes; UsesLib's module cannot be written (a non-empty
    // directory is in its place), which stops the build after Saxpy's module was removed
    classes =
        compile(
            Map.of("demo.Saxpy", Sources.BAD.replace("Bad", "Saxpy"), "demo.UsesLib", USES_LIB));
    Path blocked = out.resolve("META-INF/jptx/demo/UsesLib/sm_75.ptx");
    Files.delete(blocked);
    Files.createDirectories(blocked.resolve("x"));
    assertThrows(
        UncheckedIOException.class, () -> build(CompilerOptions.defaults().withOptLevel(2), false));
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    for (String line : Files.readAllLines(out.resolve("META-INF/jptx/kernels.list"))) {
      String cls = line.substring(0, line.indexOf(' ')).replace('.', '/');
      assertTrue(
          Files.isRegularFile(out.resolve("META-INF/jptx/" + cls + "/sm_75.ptx")),
          "kernels.list lists a module that is gone: " + line);
    }
  }

  private static String flip(Knob k) {
    return String.valueOf(!Boolean.parseBoolean(k.defaultValue()));
  }

  @Test
  void aModuleNoValidatorChecked_isNotStamped_soTheNextBuildCompilesItAgain() {
    // sm_100 needs PTX ISA 8.6, which JCuda's compiler cannot read, and this ptxas does not exist
    CompilerOptions o =
        CompilerOptions.defaults()
            .withTargets(List.of(dev.jptx.compiler.target.SmTargets.get("sm_100")));
    Path noPtxas = dir.resolve("no-ptxas");
    for (int run = 0; run < 2; run++) {
      BuildReport r =
          Build.run(
              new BuildRequest(
                  List.of(classes),
                  List.of(jar),
                  out,
                  o,
                  ValidationMode.AUTO,
                  noPtxas,
                  false,
                  state),
              DumpSink.NONE);
      assertFalse(r.failed(), r.toString());
      assertTrue(r.kernelResults().stream().allMatch(k -> k.resources().isEmpty()), r.toString());
      assertEquals(List.of("demo.Saxpy.saxpy", "demo.UsesLib.scale"), compiled(r), "run " + run);
    }
  }

  private BuildReport build(CompilerOptions o, boolean failOnSpills) {
    return Build.run(
        new BuildRequest(
            List.of(classes),
            List.of(jar),
            out,
            o,
            ValidationMode.FALSE,
            null,
            failOnSpills,
            state),
        DumpSink.NONE);
  }

  private static List<String> compiled(BuildReport r) {
    return r.kernelResults().stream().map(KernelResult::kernel).sorted().toList();
  }

  /** Compiles the kernel classes afresh (new bytes only where the source changed). */
  private Path compile(Map<String, String> sources) {
    Path v = dir.resolve("v" + versions++);
    return JavaSources.compile(
        v,
        sources,
        List.of(
            "-g",
            "-cp",
            System.getProperty("java.class.path") + java.io.File.pathSeparator + libClasses()));
  }

  private Path libClasses() {
    return dir.resolve("lib/classes");
  }

  /** Builds {@code lib.jar} holding {@code lib.Lib} whose {@code twice} multiplies by factor. */
  private void libraryWith(String factor) throws IOException {
    Path libDir = dir.resolve("lib");
    if (Files.exists(libClasses())) {
      try (var files = Files.walk(libDir)) {
        for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Path c = JavaSources.compile(libDir, Map.of("lib.Lib", LIB.replace("FACTOR", factor)));
    try (OutputStream os = Files.newOutputStream(jar);
        ZipOutputStream z = new ZipOutputStream(os)) {
      z.putNextEntry(new ZipEntry("lib/Lib.class"));
      z.write(Files.readAllBytes(c.resolve("lib/Lib.class")));
      z.closeEntry();
    }
  }
}
