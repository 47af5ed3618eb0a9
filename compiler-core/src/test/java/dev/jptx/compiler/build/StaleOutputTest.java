package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output of classes that are gone: a kernel class deleted from the build, or one that lost its
 * kernels, loses its modules, its index lines and its stamp; the index lines of another build's
 * classes (other inputs sharing the output) stay.
 */
class StaleOutputTest {
  private static final String SCALE =
      """
      package demo;

      import static dev.jptx.Gpu.globalIdX;

      import dev.jptx.Kernel;

      public final class Scale {
        @Kernel
        public static void scale(int n, float[] y) {
          int i = globalIdX();
          if (i < n) {
            y[i] = 2 * y[i];
          }
        }
      }
      """;

  private static final String SCALE_PLAIN =
      """
      package demo;

      public final class Scale {
        public static float scale(float y) {
          return 2 * y;
        }
      }
      """;

  private static final String SAXPY_LINE = "demo.Saxpy saxpy saxpy (IF[F[F)V sm_75";
  private static final String SCALE_LINE = "demo.Scale scale scale (I[F)V sm_75";
  private static final String SAXPY_MODULE = "META-INF/jptx/demo/Saxpy/sm_75.ptx";
  private static final String SCALE_DIR = "META-INF/jptx/demo/Scale";
  private static final String INDEX = "META-INF/jptx/kernels.list";

  @TempDir Path dir;

  private BuildReport build(Path input, Path out, String state, String... targets) {
    return TestBuilds.build(input, out, state == null ? null : dir.resolve(state), targets);
  }

  private Path twoKernels(String name) {
    return JavaSources.compile(
        dir.resolve(name), Map.of("demo.Saxpy", Sources.SAXPY, "demo.Scale", SCALE));
  }

  private static List<String> index(Path out) throws IOException {
    return Files.readAllLines(out.resolve(INDEX));
  }

  @Test
  void deletedClass_inThePluginsLayout_losesModulesLineAndStamp() throws IOException {
    // the plugin: target/classes is both the input and the output
    Path classes = twoKernels("p");
    build(classes, classes, "state", "sm_75");
    assertTrue(Files.isRegularFile(classes.resolve(SCALE_DIR + "/sm_75.ptx")));
    assertTrue(Files.isRegularFile(dir.resolve("state/demo/Scale.stamp")));
    String saxpy = Files.readString(classes.resolve(SAXPY_MODULE));

    Files.delete(classes.resolve("demo/Scale.class"));
    BuildReport r = build(classes, classes, "state", "sm_75");

    assertFalse(Files.exists(classes.resolve(SCALE_DIR)));
    assertFalse(Files.exists(dir.resolve("state/demo/Scale.stamp")));
    assertEquals(List.of(SAXPY_LINE), index(classes));
    assertEquals(List.of(), r.kernelResults());
    assertEquals(List.of("demo.Saxpy"), r.upToDate());
    assertEquals(saxpy, Files.readString(classes.resolve(SAXPY_MODULE)));
    assertTrue(Files.isRegularFile(dir.resolve("state/demo/Saxpy.stamp")));
  }

  @Test
  void deletedClass_outputAmongTheInputs_withoutStamps() throws IOException {
    // jptx compile -o DIR DIR: no stamps, but the output is an input, so the class is gone
    Path classes = twoKernels("p");
    build(classes, classes, null, "sm_75");
    Files.delete(classes.resolve("demo/Scale.class"));
    build(classes, classes, null, "sm_75");
    assertFalse(Files.exists(classes.resolve(SCALE_DIR)));
    assertEquals(List.of(SAXPY_LINE), index(classes));
  }

  @Test
  void classLosingItsKernels_losesModuleLineAndStamp() throws IOException {
    Path classes = twoKernels("p");
    build(classes, classes, "state", "sm_75");
    Path plain = JavaSources.compile(dir.resolve("plain"), Map.of("demo.Scale", SCALE_PLAIN));
    Files.copy(
        plain.resolve("demo/Scale.class"),
        classes.resolve("demo/Scale.class"),
        StandardCopyOption.REPLACE_EXISTING);

    BuildReport r = build(classes, classes, "state", "sm_75");

    assertFalse(Files.exists(classes.resolve(SCALE_DIR)));
    assertFalse(Files.exists(dir.resolve("state/demo/Scale.stamp")));
    assertEquals(List.of(SAXPY_LINE), index(classes));
    assertEquals(List.of("demo.Saxpy"), r.upToDate());
  }

  @Test
  void deletedClass_otherInputRoots_goesByItsStampAndForeignLinesStay() throws IOException {
    // two builds of different input roots share one output; each keeps its own stamps
    Path a = twoKernels("a");
    Path b =
        JavaSources.compile(
            dir.resolve("b"),
            Map.of("other.Scale", SCALE.replace("package demo", "package other")));
    Path out = dir.resolve("out");
    build(a, out, "state-a", "sm_75");
    build(b, out, "state-b", "sm_75");
    String other = "other.Scale scale scale (I[F)V sm_75";
    assertEquals(List.of(SAXPY_LINE, SCALE_LINE, other), index(out));

    Files.delete(a.resolve("demo/Scale.class"));
    BuildReport r = build(a, out, "state-a", "sm_75");

    assertFalse(Files.exists(out.resolve(SCALE_DIR)));
    assertFalse(Files.exists(dir.resolve("state-a/demo/Scale.stamp")));
    assertEquals(List.of(SAXPY_LINE, other), index(out));
    assertTrue(Files.isRegularFile(out.resolve("META-INF/jptx/other/Scale/sm_75.ptx")));
    assertEquals(List.of("demo.Saxpy"), r.upToDate());

    // the other build finds its class still there and nothing to do
    BuildReport rb = build(b, out, "state-b", "sm_75");
    assertEquals(List.of("other.Scale"), rb.upToDate());
    assertEquals(List.of(SAXPY_LINE, other), index(out));
  }

  @Test
  void cliBuildsOfOtherInputs_keepEachOthersLines() throws IOException {
    // without stamps, and with an output that is no input, a listed class that is not among the
    // inputs may be another build's: it is kept
    Path a = JavaSources.compile(dir.resolve("a"), Map.of("demo.Saxpy", Sources.SAXPY));
    Path b = JavaSources.compile(dir.resolve("b"), Map.of("demo.Scale", SCALE));
    Path out = dir.resolve("out");
    build(a, out, null, "sm_75");
    build(b, out, null, "sm_75");
    build(a, out, null, "sm_75");
    assertEquals(List.of(SAXPY_LINE, SCALE_LINE), index(out));
    assertTrue(Files.isRegularFile(out.resolve(SCALE_DIR + "/sm_75.ptx")));
  }

  @Test
  void deletedClass_twoExecutionsSharingTheClasses_eachRemovesItsOwnTargets() throws IOException {
    Path classes = twoKernels("p");
    build(classes, classes, "a", "sm_75");
    build(classes, classes, "b", "sm_90");
    assertEquals(
        List.of(
            "demo.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90",
            "demo.Scale scale scale (I[F)V sm_75,sm_90"),
        index(classes));

    Files.delete(classes.resolve("demo/Scale.class"));
    build(classes, classes, "a", "sm_75");
    assertFalse(Files.exists(classes.resolve(SCALE_DIR + "/sm_75.ptx")));
    assertTrue(Files.exists(classes.resolve(SCALE_DIR + "/sm_90.ptx")));
    assertEquals(
        List.of(
            "demo.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90", "demo.Scale scale scale (I[F)V sm_90"),
        index(classes));

    BuildReport r = build(classes, classes, "b", "sm_90");
    assertFalse(Files.exists(classes.resolve(SCALE_DIR)));
    assertFalse(Files.exists(dir.resolve("b/demo/Scale.stamp")));
    assertEquals(List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90"), index(classes));
    assertEquals(List.of("demo.Saxpy"), r.upToDate());
  }
}
