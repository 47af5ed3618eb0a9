package dev.jptx.gpureport;

import java.util.List;
import java.util.Locale;
import java.util.function.DoubleBinaryOperator;

/**
 * The 23 {@code GpuMath} functions the math section sweeps, one row each: the kernel of {@code
 * benchmarks/math/MathKernels.java} and {@code math.cu} that computes it, CUDA's bound in ulps (the
 * table of docs/math-accuracy.md and {@code FloatMathSweepTest}; 0 for {@code sqrt}, which is
 * correctly rounded), the {@code double} reference and the operand pairings it is swept with.
 */
enum MathFunction {
  SIN(2, (x, z) -> Math.sin(x)),
  COS(2, (x, z) -> Math.cos(x)),
  TAN(4, (x, z) -> Math.tan(x)),
  ASIN(2, (x, z) -> Math.asin(x)),
  ACOS(2, (x, z) -> Math.acos(x)),
  ATAN(2, (x, z) -> Math.atan(x)),
  // FloatMathSweepTest's two pairings: a fixed divisor, and the pattern's bits rotated by 7 as the
  // numerator, which pairs every magnitude with every other
  ATAN2(
      3,
      Math::atan2,
      new MathPairing("atan2(x, -0.75)", x -> x, x -> -0.75f),
      new MathPairing("atan2(rot7(x), x)", MathPairing::rotated, x -> x)),
  SINH(3, (x, z) -> Math.sinh(x)),
  COSH(2, (x, z) -> Math.cosh(x)),
  TANH(2, (x, z) -> Math.tanh(x)),
  EXP(2, (x, z) -> Math.exp(x)),
  EXP2(2, (x, z) -> Math.pow(2, x)),
  EXP10(2, (x, z) -> Math.pow(10, x)),
  EXPM1(1, (x, z) -> Math.expm1(x)),
  LOG(1, (x, z) -> Math.log(x)),
  LOG2(1, (x, z) -> Math.log(x) / Math.log(2)),
  LOG10(2, (x, z) -> Math.log10(x)),
  LOG1P(1, (x, z) -> Math.log1p(x)),
  // the exponent from the base's bits (below 2^7 in magnitude) reaches both ends of the range
  POW(
      4,
      Math::pow,
      new MathPairing("pow(x, 1.7)", x -> x, x -> 1.7f),
      new MathPairing("pow(|x|, small(x))", Math::abs, MathPairing::smallRotated)),
  CBRT(1, (x, z) -> Math.cbrt(x)),
  HYPOT(
      3,
      Math::hypot,
      new MathPairing("hypot(x, 1.5)", x -> x, x -> 1.5f),
      new MathPairing("hypot(x, rot7(x))", x -> x, MathPairing::rotated)),
  SQRT(0, (x, z) -> Math.sqrt(x)),
  RSQRT(2, (x, z) -> 1 / Math.sqrt(x));

  private final double bound;
  private final DoubleBinaryOperator reference;
  private final List<MathPairing> pairings;

  MathFunction(double bound, DoubleBinaryOperator reference, MathPairing... pairings) {
    this.bound = bound;
    this.reference = reference;
    this.pairings = pairings.length == 0 ? List.of(MathPairing.UNARY) : List.of(pairings);
  }

  /** The {@code GpuMath} name: {@code sin}, {@code atan2}, ... */
  String functionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The kernel's entry in both compilers' modules: {@code sinK}, ... */
  String entry() {
    return functionName() + "K";
  }

  /** CUDA's bound in ulps; 0: correctly rounded. */
  double bound() {
    return bound;
  }

  /** Whether {@code maxUlps} meets the bound (a correctly rounded result is within half an ulp). */
  boolean withinBound(double maxUlps) {
    return maxUlps <= Math.max(bound, 0.5);
  }

  /** The reference at the operands, widened: the second is ignored by one-argument functions. */
  double reference(float x, float z) {
    return reference.applyAsDouble(x, z);
  }

  /** True for {@code atan2}, {@code pow} and {@code hypot}, whose kernels take two arrays. */
  boolean binary() {
    return pairings.get(0) != MathPairing.UNARY;
  }

  /** The operand pairings it is swept with: one for one-argument functions. */
  List<MathPairing> pairings() {
    return pairings;
  }
}
