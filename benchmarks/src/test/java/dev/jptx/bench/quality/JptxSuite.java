package dev.jptx.bench.quality;

import dev.jptx.compiler.driver.Build;
import dev.jptx.compiler.driver.BuildReport;
import dev.jptx.compiler.driver.BuildRequest;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.validate.ValidationMode;
import java.nio.file.Path;
import java.util.List;

/**
 * Compiles the 22 jptx bench kernels for one target through the compiler's {@link Build}, at the
 * plugin's {@code -O3} with a mode's {@code fastMath}, into a {@code META-INF/jptx} tree of its
 * own; each module validated by {@code ptxas}, as the plugin does.
 *
 * <p>Without line information, like {@code nvcc -ptx}'s output: ptxas makes the same code either
 * way, but {@code ptx-report}'s statement count ends a statement only at {@code ;}, so the
 * instruction after each {@code .loc} (which has none) would be dropped from the {@code ptx}
 * column.
 */
final class JptxSuite {
  private JptxSuite() {}

  /**
   * Compiles every kernel class under {@code classes}.
   *
   * @param classes the module's {@code target/classes}
   * @param outputRoot where {@code META-INF/jptx} is written
   * @param arch e.g. {@code sm_90}
   * @param mode strict or fastMath
   * @return {@code outputRoot}
   */
  static Path compile(Path classes, Path outputRoot, String arch, Mode mode) {
    CompilerOptions options =
        CompilerOptions.defaults()
            .withTargets(List.of(SmTargets.get(arch)))
            .withFastMath(mode.fastMath())
            .withLineInfo(false);
    BuildReport report =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), outputRoot, options, ValidationMode.TRUE, null),
            DumpSink.NONE);
    if (report.failed()) {
      throw new IllegalStateException(
          "compiling the bench kernels ("
              + mode.label()
              + ") failed: "
              + report.diagnostics()
              + report.internalErrors());
    }
    return outputRoot;
  }
}
