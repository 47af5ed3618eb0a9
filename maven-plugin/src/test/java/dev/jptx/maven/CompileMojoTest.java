package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.driver.PassContext;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.maven.fixture.BadKernels;
import dev.jptx.maven.fixture.GoodKernels;
import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goal end to end, on fixture kernels copied into a scratch project, without Maven. */
class CompileMojoTest {
  private static final String MODULES = "META-INF/jptx/dev/jptx/maven/fixture/";

  @TempDir Path basedir;
  private Path classes;
  private final CompileMojo mojo = new CompileMojo();
  private final RecordingLog log = new RecordingLog();

  /** Keeps what the goal logs, by level. */
  static final class RecordingLog extends SystemStreamLog {
    final List<String> info = new ArrayList<>();
    final List<String> warn = new ArrayList<>();
    final List<String> error = new ArrayList<>();

    @Override
    public void info(CharSequence content) {
      info.add(content.toString());
    }

    @Override
    public void warn(CharSequence content) {
      warn.add(content.toString());
    }

    @Override
    public void error(CharSequence content) {
      error.add(content.toString());
    }

    @Override
    public boolean isDebugEnabled() {
      return false;
    }
  }

  @BeforeEach
  void project() throws Exception {
    classes = basedir.resolve("target/classes");
    Files.createDirectories(classes);
    MavenProject p = new MavenProject();
    p.setFile(basedir.resolve("pom.xml").toFile());
    p.getBuild().setOutputDirectory(classes.toString());
    p.getBuild().setDirectory(basedir.resolve("target").toString());
    p.addCompileSourceRoot(basedir.resolve("src/main/java").toString());
    set("project", p);
    // the defaults Maven would inject, as the descriptor declares them
    set("targets", List.of("sm_75", "sm_90"));
    set("optimizationLevel", 3);
    set("lineInfo", true);
    set("validate", "auto");
    mojo.setLog(log);
  }

  private void set(String field, Object value) throws Exception {
    Field f = CompileMojo.class.getDeclaredField(field);
    f.setAccessible(true);
    f.set(mojo, value);
  }

  private void copyFixture(Class<?> c) throws Exception {
    String file = c.getName().replace('.', '/') + ".class";
    Path from = Path.of(c.getClassLoader().getResource(file).toURI());
    Path to = classes.resolve(file);
    Files.createDirectories(to.getParent());
    Files.copy(from, to);
  }

  private List<String> index() throws Exception {
    Path index = classes.resolve("META-INF/jptx/kernels.list");
    return Files.exists(index) ? Files.readAllLines(index) : List.of();
  }

  @Test
  void execute_goodKernel_writesModulesIndexAndLogsKernelLines() throws Exception {
    copyFixture(GoodKernels.class);
    mojo.execute();
    assertTrue(Files.isRegularFile(classes.resolve(MODULES + "GoodKernels/sm_75.ptx")));
    assertTrue(Files.isRegularFile(classes.resolve(MODULES + "GoodKernels/sm_90.ptx")));
    assertEquals(
        List.of("dev.jptx.maven.fixture.GoodKernels saxpy saxpy (IF[F[F)V sm_75,sm_90"), index());
    List<String> kernelLines = log.info.stream().filter(l -> l.startsWith("jptx: dev.")).toList();
    assertEquals(2, kernelLines.size(), log.info.toString());
    assertTrue(
        log.info.get(0).startsWith("jptx: dev.jptx.maven.fixture.GoodKernels.saxpy [sm_75]"));
    // a validator always exists (JCuda's PTX compiler is bundled; ptxas where installed): the
    // kernel lines carry its figures and it is named once for both targets
    assertTrue(kernelLines.get(0).contains(" registers, "), kernelLines.get(0));
    assertEquals(3, log.info.size(), log.info.toString());
    assertTrue(
        log.info.get(2).matches("jptx: sm_75, sm_90 modules validated by .+"), log.info.get(2));
    assertTrue(log.error.isEmpty(), log.error.toString());
  }

  @Test
  void execute_badKernel_logsJavacFormatWithSourceRootPathAndFails() throws Exception {
    copyFixture(GoodKernels.class);
    copyFixture(BadKernels.class);
    Path source = basedir.resolve("src/main/java/dev/jptx/maven/fixture/BadKernels.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "");
    MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
    assertEquals("jptx: 1 kernel error; see the messages above", e.getMessage());
    assertEquals(1, log.error.size(), log.error.toString());
    assertTrue(
        log.error
            .get(0)
            .matches(
                "src/main/java/dev/jptx/maven/fixture/BadKernels\\.java:\\d+: error: kernel"
                    + " dev\\.jptx\\.maven\\.fixture\\.BadKernels\\.allocates: .+"),
        log.error.get(0));
    assertFalse(Files.exists(classes.resolve(MODULES + "BadKernels")));
    assertTrue(index().stream().noneMatch(l -> l.contains("BadKernels")), index().toString());
  }

  /** A pipeline whose passes report a pipeliner and an outliner remark per kernel. */
  private static Pipeline reporting(Pipeline p) {
    return p.withExtraMachinePassIn(c -> remarking(c, "pipeliner", "Pipelined succesfully!"))
        .withExtraMachinePassIn(c -> remarking(c, "outliner", "Saved 3 instructions"));
  }

  private static MachinePass remarking(PassContext c, String family, String text) {
    return new MachinePass() {
      @Override
      public String name() {
        return "test-" + family;
      }

      @Override
      public boolean run(MachineFunction f) {
        c.remarks()
            .report(
                new Remark(
                    family,
                    Remark.Kind.PASSED,
                    "schedule",
                    f.info().sourceFile(),
                    15,
                    f.info().javaName(),
                    text));
        return false;
      }
    };
  }

  @Test
  void execute_remarks_infoLinesWithSourceRootPathOnlyOfTheFamiliesAsked() throws Exception {
    copyFixture(GoodKernels.class);
    Path source = basedir.resolve("src/main/java/dev/jptx/maven/fixture/GoodKernels.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "");
    mojo.configurePipeline = CompileMojoTest::reporting;
    mojo.execute();
    assertTrue(log.info.stream().noneMatch(l -> l.contains("remark")), log.info.toString());
    set("remarks", List.of("pipeliner"));
    log.info.clear();
    mojo.execute();
    // once for both targets, after the kernel and validation lines, and up-to-date classes too
    assertEquals(
        List.of(
            "src/main/java/dev/jptx/maven/fixture/GoodKernels.java:15: remark: kernel"
                + " dev.jptx.maven.fixture.GoodKernels.saxpy: Pipelined succesfully!"),
        log.info.stream().filter(l -> l.contains("remark")).toList());
    assertTrue(log.error.isEmpty() && log.warn.isEmpty(), log.error + " " + log.warn);
    set("remarks", List.of("all"));
    log.info.clear();
    mojo.execute();
    assertEquals(2, log.info.stream().filter(l -> l.contains(": remark: ")).count());
  }

  @Test
  void execute_unknownRemarkFamily_failsNamingTheParameter() throws Exception {
    copyFixture(GoodKernels.class);
    set("remarks", List.of("pipeliner,vectorizer"));
    MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);
    assertEquals(
        "jptx: invalid configuration: remarks (jptx.remarks): unknown remark family 'vectorizer';"
            + " valid: pipeliner, outliner, all",
        e.getMessage());
  }

  @Test
  void execute_sourceNotFound_fallsBackToPackageRelativePath() throws Exception {
    copyFixture(BadKernels.class);
    assertThrows(MojoFailureException.class, mojo::execute);
    assertTrue(
        log.error.get(0).startsWith("dev/jptx/maven/fixture/BadKernels.java:"), log.error.get(0));
  }

  @Test
  void execute_checks_buildsTrappingModules() throws Exception {
    copyFixture(GoodKernels.class);
    mojo.execute();
    String plain = modules().get(0);
    assertFalse(plain.contains("trap;"), plain);
    set("checks", true);
    mojo.execute();
    String checked = modules().get(0);
    assertTrue(checked.contains("trap;"), checked);
    assertTrue(checked.contains("call vprintf"), checked);
  }

  /** The text of every module written, in path order. */
  private List<String> modules() throws java.io.IOException {
    try (var paths = Files.walk(classes.resolve("META-INF/jptx"))) {
      List<String> out = new java.util.ArrayList<>();
      for (java.nio.file.Path p :
          paths.filter(p -> p.toString().endsWith(".ptx")).sorted().toList()) {
        out.add(Files.readString(p));
      }
      return out;
    }
  }

  @Test
  void execute_twice_secondRunCompilesNothingAndSaysSo() throws Exception {
    copyFixture(GoodKernels.class);
    mojo.execute();
    log.info.clear();
    mojo.execute();
    assertEquals(List.of("jptx: 1 kernel class up to date"), log.info);
    assertTrue(
        Files.isRegularFile(
            basedir.resolve("target/jptx/dev/jptx/maven/fixture/GoodKernels.stamp")));
    assertFalse(Files.exists(classes.resolve(MODULES + "GoodKernels.stamp")));
    // without the stamps every class is compiled again
    Files.walk(basedir.resolve("target/jptx"))
        .sorted(java.util.Comparator.reverseOrder())
        .forEach(p -> p.toFile().delete());
    log.info.clear();
    mojo.execute();
    assertEquals(
        2, log.info.stream().filter(l -> l.startsWith("jptx: dev.")).count(), log.info.toString());
    assertTrue(log.info.get(0).startsWith("jptx: dev.jptx.maven.fixture.GoodKernels.saxpy"));
  }

  @Test
  void execute_twoExecutionsOfOtherTargets_shareTheClassesAndSkipWhatTheyBuilt() throws Exception {
    copyFixture(GoodKernels.class);
    runExecution("sm75", "sm_75");
    runExecution("sm90", "sm_90");
    assertTrue(Files.isRegularFile(classes.resolve(MODULES + "GoodKernels/sm_75.ptx")));
    assertTrue(Files.isRegularFile(classes.resolve(MODULES + "GoodKernels/sm_90.ptx")));
    assertTrue(index().stream().allMatch(l -> l.endsWith(" sm_75,sm_90")), index().toString());
    assertTrue(Files.isDirectory(basedir.resolve("target/jptx-sm75")));
    assertTrue(Files.isDirectory(basedir.resolve("target/jptx-sm90")));
    List<String> before = index();
    log.info.clear();
    runExecution("sm75", "sm_75");
    runExecution("sm90", "sm_90");
    assertEquals(
        List.of("jptx: 1 kernel class up to date", "jptx: 1 kernel class up to date"), log.info);
    assertEquals(before, index());
  }

  private void runExecution(String id, String target) throws Exception {
    set("mojoExecution", new MojoExecution(new MojoDescriptor(), id));
    set("targets", List.of(target));
    mojo.execute();
  }

  @Test
  void stateDirectoryName_perExecution() {
    assertEquals("jptx", CompileMojo.stateDirectoryName(null));
    assertEquals("jptx", CompileMojo.stateDirectoryName("default"));
    assertEquals("jptx", CompileMojo.stateDirectoryName("default-cli"));
    assertEquals("jptx-sm90", CompileMojo.stateDirectoryName("sm90"));
    assertEquals("jptx-a_b", CompileMojo.stateDirectoryName("a/b"));
  }

  @Test
  void execute_skip_writesNothing() throws Exception {
    copyFixture(GoodKernels.class);
    set("skip", true);
    set("checks", true);
    mojo.execute();
    assertFalse(Files.exists(classes.resolve("META-INF")));
    assertEquals(List.of("jptx: skipped"), log.info);
  }

  @Test
  void execute_missingPtxas_failsNamingTheParameter() throws Exception {
    copyFixture(GoodKernels.class);
    set("ptxasPath", new File(basedir.toFile(), "no-such-ptxas"));
    MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);
    assertTrue(e.getMessage().contains("ptxasPath (jptx.ptxas)"), e.getMessage());
  }

  @Test
  void execute_failOnSpillsWithoutValidation_warns() throws Exception {
    copyFixture(GoodKernels.class);
    set("failOnSpills", true);
    set("validate", "false");
    mojo.execute();
    assertEquals(1, log.warn.size(), log.warn.toString());
    assertTrue(log.warn.get(0).contains("validate is false"), log.warn.get(0));
  }

  @Test
  void execute_noClassesDirectory_doesNothing() throws Exception {
    Files.delete(classes);
    mojo.execute();
    assertFalse(Files.exists(classes));
  }

  @Test
  void failureSummary_internalErrorsToo_areCounted() {
    assertEquals(
        "jptx: 2 kernel errors and 1 internal compiler error; see the messages above",
        CompileMojo.failureSummary(2, 1));
  }
}
