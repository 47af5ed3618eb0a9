package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.validate.ValidationMode;
import java.nio.file.Path;
import java.util.List;

/** Builds for the tests of a shared output: one input root, targets, stamps or none. */
final class TestBuilds {
  private TestBuilds() {}

  /**
   * Builds {@code input} into {@code out} for {@code targets}, unvalidated.
   *
   * @param stamps where the build keeps its stamps, or null for none (as the CLI)
   * @return the report, which must not have failed
   */
  static BuildReport build(Path input, Path out, Path stamps, String... targets) {
    CompilerOptions o =
        CompilerOptions.defaults()
            .withTargets(List.of(targets).stream().map(SmTargets::get).toList());
    BuildReport r =
        Build.run(
            new BuildRequest(
                List.of(input), List.of(), out, o, ValidationMode.FALSE, null, false, stamps),
            DumpSink.NONE);
    assertFalse(r.failed(), r.toString());
    return r;
  }
}
