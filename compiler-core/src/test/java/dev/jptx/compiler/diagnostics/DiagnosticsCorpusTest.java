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
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import dev.jptx.compiler.validate.ValidationMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every construct API.md rejects, one {@link CorpusFile} each, built as a user's build runs: the
 * diagnostics must be exactly the marked ones, in javac's format, and the class must get no module.
 * The corpus is compiled by javac once; each file is then built alone, and all of them in one build
 * next to a good class.
 */
class DiagnosticsCorpusTest {
  @TempDir static Path dir;
  private static List<CorpusFile> corpus;
  private static Path classes;

  @BeforeAll
  static void compileCorpus() {
    corpus = CorpusFile.all();
    Map<String, String> sources = new LinkedHashMap<>();
    corpus.forEach(f -> sources.put(f.className(), f.source()));
    classes = JavaSources.compile(dir.resolve("corpus"), sources);
  }

  @TestFactory
  Stream<DynamicTest> eachFile_reportsExactlyTheMarkedErrors() {
    return corpus.stream()
        .map(f -> DynamicTest.dynamicTest(f.simpleName() + ".java", () -> buildAlone(f)));
  }

  private static void buildAlone(CorpusFile f) throws IOException {
    assertFalse(f.expected().isEmpty(), "a corpus file without " + CorpusFile.MARKER);
    Path input = dir.resolve("alone").resolve(f.simpleName());
    Path pkg = Files.createDirectories(input.resolve("diag"));
    try (Stream<Path> files = Files.list(classes.resolve("diag"))) {
      for (Path p : files.toList()) {
        String name = p.getFileName().toString();
        if (name.equals(f.simpleName() + ".class") || name.startsWith(f.simpleName() + "$")) {
          Files.copy(p, pkg.resolve(name));
        }
      }
    }
    Path out = dir.resolve("out").resolve(f.simpleName());
    BuildReport r = build(List.of(input), out);
    assertEquals(lines(f.expected()), lines(formatted(r)));
    assertEquals(List.of(), r.internalErrors());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/diag")), "a module was written");
  }

  @Test
  void wholeCorpusInOneBuild_reportsEveryErrorAndStillCompilesTheGoodClass() throws IOException {
    Path good = JavaSources.compile(dir.resolve("good"), Map.of("demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("together");
    BuildReport r = build(List.of(classes, good), out);
    List<String> expected = corpus.stream().flatMap(f -> f.expected().stream()).toList();
    assertEquals(lines(expected), lines(formatted(r)));
    assertEquals(List.of(), r.internalErrors());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/diag")), "a module was written");
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    assertEquals(
        "demo.Saxpy saxpy saxpy (IF[F[F)V sm_75\n",
        Files.readString(out.resolve("META-INF/jptx/kernels.list")));
  }

  @Test
  void everyCorpusFile_isListedInTheDocs() throws IOException {
    // the tests run in the module directory
    String docs = Files.readString(Path.of("..", "docs", "language.md"));
    for (CorpusFile f : corpus) {
      assertTrue(docs.contains("`" + f.simpleName() + ".java`"), f.simpleName() + ".java");
    }
  }

  private static BuildReport build(List<Path> inputs, Path out) {
    CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_75")));
    return Build.run(
        new BuildRequest(inputs, List.of(), out, o, ValidationMode.FALSE, null), DumpSink.NONE);
  }

  private static List<String> formatted(BuildReport r) {
    return r.diagnostics().stream().map(Diagnostic::format).toList();
  }

  /** One string, so that a failure shows the whole difference. */
  private static String lines(List<String> l) {
    return String.join("\n", l);
  }
}
