package dev.jptx.bench.quality;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.SizeOptimization;
import dev.jptx.compiler.target.SmTargets;
import java.util.List;

/**
 * The four builds of issue #23's size report: {@code -O3} as the plugin builds by default (the
 * outliner off), {@code -O3} with the outliner on, {@code -Os} with the outliner off, and {@code
 * -Os} as it is (the outliner on). Each without line information, as {@link JptxSuite} builds.
 */
enum SizeConfig {
  O3("-O3", false, List.of()),
  O3_OUTLINED("-O3 outliner on", false, List.of("enable-machine-outliner=enable")),
  OS_PLAIN("-Os outliner off", true, List.of("enable-machine-outliner=disable")),
  OS("-Os", true, List.of());

  private final String label;
  private final boolean size;
  private final List<String> knobs;

  SizeConfig(String label, boolean size, List<String> knobs) {
    this.label = label;
    this.size = size;
    this.knobs = knobs;
  }

  /** The column heading. */
  String label() {
    return label;
  }

  /** The directory the build goes into. */
  String directory() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /**
   * The compiler options of this build for {@code arch}: at {@code -Os} the level and knob presets
   * of {@link SizeOptimization}, as the CLI's {@code -Os} and the plugin's {@code optimizeForSize}
   * set them, this build's knobs winning.
   */
  CompilerOptions options(String arch) {
    CompilerOptions o =
        CompilerOptions.defaults().withTargets(List.of(SmTargets.get(arch))).withLineInfo(false);
    return size
        ? o.withOptLevel(SizeOptimization.LEVEL)
            .withKnobs(SizeOptimization.knobs(knobs))
            .withOptimizeForSize(true)
        : o.withKnobs(Knobs.parse(knobs));
  }
}
