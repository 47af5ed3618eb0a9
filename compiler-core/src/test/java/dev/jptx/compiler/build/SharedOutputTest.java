package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a build finds in its output from other builds: the temporary files of a build killed while
 * writing, and the modules of another build (another plugin execution) with other targets.
 */
class SharedOutputTest {
  private static final String SM75 = "META-INF/jptx/demo/Saxpy/sm_75.ptx";
  private static final String SM90 = "META-INF/jptx/demo/Saxpy/sm_90.ptx";
  private static final String INDEX = "META-INF/jptx/kernels.list";
  private static final List<String> USERS =
      List.of(".sm_75.ptx.tmp", ".notes.txt12.tmp", "sm_75.ptx1.tmp", ".sm_999.ptx1.tmp");

  @TempDir Path dir;
  private Path classes;
  private Path out;

  @BeforeEach
  void kernels() {
    classes = JavaSources.compile(dir.resolve("classes"), Map.of("demo.Saxpy", Sources.SAXPY));
    out = dir.resolve("out");
  }

  /** A build of {@code targets} keeping its stamps in {@code state} (null: none, as the CLI). */
  private BuildReport build(String state, String... targets) {
    return TestBuilds.build(classes, out, state == null ? null : dir.resolve(state), targets);
  }

  private List<String> index() throws IOException {
    return Files.readAllLines(out.resolve(INDEX));
  }

  @Test
  void killedWrite_itsTemporaryFilesAreDeletedNextBuild() throws IOException {
    build(null, "sm_75");
    // what AtomicFiles.write leaves when the process dies between creating and moving the file
    Path module = out.resolve(SM75);
    Path moduleTmp = module.resolveSibling(".sm_75.ptx5077430581935306186.tmp");
    Path indexTmp = out.resolve("META-INF/jptx/.kernels.list42.tmp");
    Files.writeString(moduleTmp, "// half a module");
    Files.writeString(indexTmp, "half");
    // files of the user that only look alike stay
    for (String name : USERS) {
      Files.writeString(module.resolveSibling(name), "mine");
    }

    build(null, "sm_75");

    assertFalse(Files.exists(moduleTmp));
    assertFalse(Files.exists(indexTmp));
    for (String name : USERS) {
      assertTrue(Files.exists(module.resolveSibling(name)), name);
    }
    assertTrue(Files.readString(module).contains(".entry saxpy"));
    assertEquals(List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75"), index());
  }

  @Test
  void killedStampWrite_itsTemporaryFileIsDeletedNextBuild() throws IOException {
    build("state", "sm_75");
    Path tmp = dir.resolve("state/demo/.Saxpy.stamp99.tmp");
    Files.writeString(tmp, "half");
    build("state", "sm_75");
    assertFalse(Files.exists(tmp));
  }

  @Test
  void twoBuildsOfOtherTargets_shareTheOutputAndSkipWhatTheyBuilt() throws IOException {
    assertEquals(1, build("a", "sm_75").kernelResults().size());
    assertEquals(1, build("b", "sm_90").kernelResults().size());
    assertTrue(Files.exists(out.resolve(SM75)));
    assertTrue(Files.exists(out.resolve(SM90)));
    assertEquals(List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90"), index());
    String sm75 = Files.readString(out.resolve(SM75));

    BuildReport a = build("a", "sm_75");
    BuildReport b = build("b", "sm_90");

    assertEquals(List.of(), a.kernelResults());
    assertEquals(List.of("demo.Saxpy"), a.upToDate());
    assertEquals(List.of(), a.written());
    assertEquals(List.of(), b.kernelResults());
    assertEquals(List.of(), b.written());
    assertEquals(sm75, Files.readString(out.resolve(SM75)));
    assertEquals(List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90"), index());
  }

  @Test
  void sharedOutput_aBuildDroppingATargetRemovesOnlyItsOwnModule() throws IOException {
    build("a", "sm_75");
    build("b", "sm_90");
    build("a", "sm_80");
    assertFalse(Files.exists(out.resolve(SM75)));
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_80.ptx")));
    assertTrue(Files.exists(out.resolve(SM90)));
    assertEquals(List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_80,sm_90"), index());
  }

  @Test
  void buildWithoutState_ownsEveryTarget() throws IOException {
    build("b", "sm_90");
    build(null, "sm_75");
    assertFalse(Files.exists(out.resolve(SM90)));
    assertEquals(List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75"), index());
  }
}
