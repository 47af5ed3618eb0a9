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
import dev.jptx.compiler.validate.ValidationMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/language.md says what compiles and what is rejected: each of its Java examples is compiled
 * by javac and built by jptx, and must give exactly the errors its {@code //! error:} markers name
 * (none: a module that {@code ptxas} accepts). {@link DiagnosticsCorpusTest} checks that the page
 * names every file of the corpus, so its table of rejected constructs is the corpus's.
 */
class LanguageDocTest {
  private static final Path PAGE = Path.of("..", "docs", "language.md");
  private static final Pattern BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
  private static final Pattern CLASS = Pattern.compile("public (?:final )?(?:class|record) (\\w+)");

  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> everyExample_compilesOrGivesItsMarkedErrors() throws IOException {
    List<CorpusFile> examples = examples();
    assertFalse(examples.isEmpty(), "no examples in " + PAGE);
    return examples.stream().map(e -> DynamicTest.dynamicTest(e.simpleName(), () -> build(e)));
  }

  private void build(CorpusFile example) throws IOException {
    // each example alone: the dynamic tests share the directory
    Path own = dir.resolve(example.simpleName());
    Path classes =
        JavaSources.compile(own.resolve("classes"), Map.of(example.className(), example.source()));
    Path out = own.resolve("out");
    CompilerOptions o =
        CompilerOptions.defaults()
            .withTargets(List.of(SmTargets.get("sm_75"), SmTargets.get("sm_90")));
    BuildReport r =
        Build.run(
            new BuildRequest(List.of(classes), List.of(), out, o, ValidationMode.TRUE, null),
            DumpSink.NONE);
    List<String> reported = r.diagnostics().stream().map(Diagnostic::format).toList();
    assertEquals(String.join("\n", example.expected()), String.join("\n", reported));
    assertEquals(List.of(), r.internalErrors());
    Path module = out.resolve("META-INF/jptx/lang/" + example.simpleName() + "/sm_90.ptx");
    assertEquals(example.expected().isEmpty(), Files.exists(module), module.toString());
  }

  private static List<CorpusFile> examples() throws IOException {
    List<CorpusFile> examples = new ArrayList<>();
    Matcher m = BLOCK.matcher(Files.readString(PAGE));
    while (m.find()) {
      String source = m.group(1);
      Matcher c = CLASS.matcher(source);
      assertTrue(source.startsWith("package lang;") && c.find(), "an example: " + source);
      examples.add(CorpusFile.parse("lang." + c.group(1), source));
    }
    return examples;
  }
}
