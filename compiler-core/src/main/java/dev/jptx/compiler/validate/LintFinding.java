package dev.jptx.compiler.validate;

/**
 * One violation {@link PtxLint} found in a PTX module.
 *
 * @param function the {@code .entry} or {@code .func} the instruction is in
 * @param line the 1-based line of the PTX text the instruction starts on
 * @param instruction the instruction as written, guard included, without its {@code ;}
 * @param rule which rule it breaks: {@link PtxLint#STRICT_FLOAT}, {@link PtxLint#NAN_SELECT},
 *     {@link PtxLint#SHIFT_MASK} or {@link PtxLint#HIGH_HALF_F16}
 * @param message what is wrong and what the compiler should have emitted
 */
public record LintFinding(
    String function, int line, String instruction, String rule, String message) {
  /**
   * The finding as one line: {@code line 42 in saxpy: add.f32 %f3, %f1, %f2: strict mode needs
   * ...}.
   */
  public String format() {
    return "line " + line + " in " + function + ": " + instruction + ": " + message;
  }
}
