package dev.jptx.compiler.validate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Checks a PTX module for the Java semantics that {@code ptxas} could still break after the
 * simulator has run the module as written (API.md, "Java semantics that compiled code keeps
 * exactly", the rules marked "lint"):
 *
 * <ul>
 *   <li>{@link #STRICT_FLOAT} ({@link StrictFloatRule}, off under fast math): float {@code add sub
 *       mul} carry a rounding modifier so that {@code ptxas} cannot contract them into an FMA; no
 *       {@code mad} on floats; {@code div rcp sqrt} correctly rounded;
 *   <li>{@link #NAN_SELECT} ({@link NanSelectRule}): a float-to-integer {@code cvt} that gives the
 *       minimum value for NaN is read only through a select that puts Java's 0 back;
 *   <li>{@link #SHIFT_MASK} ({@link ShiftMaskRule}): shift counts are masked to the width, or
 *       constants below it;
 *   <li>{@link #HIGH_HALF_F16} ({@link HighHalfF16Rule}): no {@code cvt.f32.f16} reads a high half
 *       extracted by {@code shr} 16 or {@code mov.b32 {lo, hi}}, which {@code ptxas} 13.0 -O3
 *       miscompiles after a merge;
 *   <li>{@link #SHARED_ADDRESS} ({@link SharedAddressRule}): {@code .shared} memory is addressed by
 *       32-bit registers, the width of its addresses on every target.
 * </ul>
 *
 * <p>The lint reads the PTX text alone (the compiler's output, or any PTX with one instruction per
 * statement); registers are followed by name within a function. Tests run it over every module they
 * assemble ({@code Tools.assertAssembles}).
 */
public final class PtxLint {
  /** Rule id: float arithmetic that must not be contracted or approximated. */
  public static final String STRICT_FLOAT = "strict-float";

  /** Rule id: the NaN select after a float-to-integer conversion. */
  public static final String NAN_SELECT = "nan-select";

  /** Rule id: masked shift counts. */
  public static final String SHIFT_MASK = "shift-mask";

  /** Rule id: a high half converted to float must come from {@code bfe}, not a shift. */
  public static final String HIGH_HALF_F16 = "high-half-f16";

  /** Rule id: accesses to a space with 32-bit addresses use 32-bit address registers. */
  public static final String SHARED_ADDRESS = "shared-address";

  private static final LintRule STRICT = new StrictFloatRule();
  private static final List<LintRule> ALWAYS =
      List.of(
          new NanSelectRule(), new ShiftMaskRule(), new HighHalfF16Rule(), new SharedAddressRule());

  private PtxLint() {}

  /**
   * The findings in {@code ptx}, ordered by line; empty if the module keeps the rules.
   *
   * @param fastMath true if the module was compiled with fast math, which turns {@link
   *     #STRICT_FLOAT} off
   */
  public static List<LintFinding> check(String ptx, boolean fastMath) {
    return check(ptx, function -> fastMath);
  }

  /**
   * The findings in {@code ptx}, for a module whose functions differ in fast math
   * ({@code @Kernel(fastMath = true)} on some kernels only).
   *
   * @param fastMath whether the function of this PTX name was compiled with fast math
   */
  public static List<LintFinding> check(String ptx, Predicate<String> fastMath) {
    List<LintFinding> out = new ArrayList<>();
    for (PtxFunctionBody f : PtxScanner.scan(ptx)) {
      if (!fastMath.test(f.name())) {
        STRICT.check(f, out);
      }
      for (LintRule r : ALWAYS) {
        r.check(f, out);
      }
    }
    out.sort(Comparator.comparingInt(LintFinding::line));
    return out;
  }
}
