package dev.jptx.bench.quality;

import dev.jptx.bench.suite.Contraction;

/**
 * The two like-for-like pairings of the quality report: jptx's strict build against {@code nvcc
 * --fmad=false} (neither contracts {@code a*b + c}, both use the exact math library), and jptx's
 * build-wide {@code fastMath} against {@code nvcc --use_fast_math} (both contract and use the
 * hardware approximations).
 */
enum Mode {
  /** jptx's default; nvcc without FMA contraction. */
  STRICT("strict", false, "--fmad=false", Contraction.UNFUSED),
  /** jptx {@code fastMath}; nvcc's fast math, which implies {@code --fmad=true}. */
  FAST("fastMath", true, "--use_fast_math", Contraction.FUSED);

  private final String label;
  private final boolean fastMath;
  private final String nvccFlag;
  private final Contraction contraction;

  Mode(String label, boolean fastMath, String nvccFlag, Contraction contraction) {
    this.label = label;
    this.fastMath = fastMath;
    this.nvccFlag = nvccFlag;
    this.contraction = contraction;
  }

  /** The name in headings and directories: {@code strict}, {@code fastMath}. */
  String label() {
    return label;
  }

  /** Whether jptx compiles with {@code CompilerOptions.withFastMath(true)}. */
  boolean fastMath() {
    return fastMath;
  }

  /** The nvcc option this mode is compared with. */
  String nvccFlag() {
    return nvccFlag;
  }

  /** How both sides round {@code a*b + c}, which picks the bench cases' reference. */
  Contraction contraction() {
    return contraction;
  }
}
