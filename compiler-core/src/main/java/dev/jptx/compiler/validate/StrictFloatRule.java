package dev.jptx.compiler.validate;

import java.util.List;
import java.util.Set;

/**
 * Java's {@code float}/{@code double} arithmetic rounds each {@code + - * / sqrt} to nearest even
 * and never fuses: {@code ptxas} contracts a plain {@code mul} followed by a plain {@code add} into
 * an FMA, but leaves alone any instruction with an explicit rounding modifier. So in strict mode
 * every {@code add}, {@code sub} and {@code mul} on a floating-point type carries one of {@code .rn
 * .rz .rm .rp}; {@code mad} on floats (an FMA) does not appear, {@code Math.fma} being emitted as
 * {@code fma}; and {@code div}, {@code rcp} and {@code sqrt} are the correctly rounded forms, not
 * {@code .approx} or {@code .full}, with one exception: {@code rcp.approx.ftz.f32}, which only the
 * device library emits ({@code HardwareApprox}, as the seed of a Newton step or where its 1-ulp
 * bound fits a {@code GpuMath} function's): jptx lowers no Java operation to it, and strict mode
 * flushes nothing else, so the {@code .ftz} marks it as the library's. Fast math turns the rule
 * off.
 */
final class StrictFloatRule implements LintRule {
  private static final Set<String> FLOAT_TYPES =
      Set.of("f32", "f64", "f16", "f16x2", "bf16", "bf16x2", "f32x2");
  private static final Set<String> ROUNDINGS = Set.of("rn", "rz", "rm", "rp");

  static final String CONTRACTION =
      "strict mode needs an explicit rounding modifier (.rn), or ptxas may contract it into an FMA";
  static final String MAD =
      "strict mode must not use mad on floating-point values: it is a fused multiply-add, which"
          + " Java allows only through Math.fma (emitted as fma.rn)";
  static final String DIV =
      "strict mode needs a correctly rounded division (div.rn): Java's / is IEEE division, not an"
          + " approximation";
  static final String RCP =
      "strict mode needs a correctly rounded reciprocal (rcp.rn): Java's 1 / x is IEEE division,"
          + " not an approximation";
  static final String SQRT =
      "strict mode needs a correctly rounded square root (sqrt.rn): Java's Math.sqrt is exact, not"
          + " an approximation";

  @Override
  public void check(PtxFunctionBody f, List<LintFinding> out) {
    for (PtxStatement s : f.statements()) {
      if (!FLOAT_TYPES.contains(s.type())) {
        continue;
      }
      boolean rounded = s.modifiers().stream().anyMatch(ROUNDINGS::contains);
      String message =
          switch (s.base()) {
            case "add", "sub", "mul" -> rounded ? null : CONTRACTION;
            case "mad" -> MAD;
            case "div" -> rounded ? null : DIV;
            case "rcp" -> rounded || librarySeed(s) ? null : RCP;
            case "sqrt" -> rounded ? null : SQRT;
            default -> null;
          };
      if (message != null) {
        out.add(new LintFinding(f.name(), s.line(), s.text(), PtxLint.STRICT_FLOAT, message));
      }
    }
  }

  private static boolean librarySeed(PtxStatement s) {
    return s.type().equals("f32") && s.modifiers().containsAll(Set.of("approx", "ftz"));
  }
}
