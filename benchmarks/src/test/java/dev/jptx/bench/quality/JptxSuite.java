package dev.jptx.bench.quality;

import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.build.KernelResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.validate.ValidationMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

  /** A compiled suite: where its modules are, and each kernel's registers as ptxas reported. */
  record Compiled(Path root, Map<String, Integer> registers) {}

  /**
   * Compiles every kernel class under {@code classes}.
   *
   * @param classes the module's {@code target/classes}
   * @param outputRoot where {@code META-INF/jptx} is written
   * @param arch e.g. {@code sm_90}
   * @param mode strict or fastMath
   * @param knobs backend knob settings ({@code name=value}), none for the defaults
   * @return the modules' root ({@code outputRoot}) and the registers per kernel (simple name)
   */
  static Compiled compile(
      Path classes, Path outputRoot, String arch, Mode mode, List<String> knobs) {
    CompilerOptions options =
        CompilerOptions.defaults()
            .withTargets(List.of(SmTargets.get(arch)))
            .withFastMath(mode.fastMath())
            .withLineInfo(false)
            .withKnobs(Knobs.parse(knobs));
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
    Map<String, Integer> registers = new TreeMap<>();
    for (KernelResult k : report.kernelResults()) {
      String name = k.kernel().substring(k.kernel().lastIndexOf('.') + 1);
      k.resources().ifPresent(r -> registers.put(name, r.registers()));
    }
    return new Compiled(outputRoot, registers);
  }
}
