package dev.jptx.compiler.driver;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code -Os} (the plugin's {@code optimizeForSize}) means: level 2, whose passes make no code
 * larger for speed alone beyond what it needs, and these knob settings before the user's own (a
 * knob the user sets wins):
 *
 * <ul>
 *   <li>{@code enable-machine-outliner=enable}: repeated sequences become calls;
 *   <li>{@code unroll-threshold=32}: only loops whose unrolled body stays that small unroll fully
 *       (the default 256 is for speed);
 *   <li>{@code unroll-runtime-count=1}, {@code unroll-partial-count=1}: no runtime or partial
 *       unrolling, which only copies a body;
 * </ul>
 *
 * and no software pipelining unless {@code enable-pipeliner-opt-size} (the seed's knob) is set,
 * since a pipelined loop carries a prolog and an epilog besides its kernel.
 */
public final class SizeOptimization {
  /** The optimization level {@code -Os} runs at. */
  public static final int LEVEL = 2;

  /** The knob settings {@code -Os} starts from. */
  public static final List<String> PRESETS =
      List.of(
          "enable-machine-outliner=enable",
          "unroll-threshold=32",
          "unroll-runtime-count=1",
          "unroll-partial-count=1");

  private SizeOptimization() {}

  /** The knobs of {@code -Os} with the user's {@code settings} after the presets. */
  public static Knobs knobs(List<String> settings) {
    List<String> all = new ArrayList<>(PRESETS);
    all.addAll(settings);
    return Knobs.parse(all);
  }
}
