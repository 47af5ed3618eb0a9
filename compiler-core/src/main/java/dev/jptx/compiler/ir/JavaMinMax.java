package dev.jptx.compiler.ir;

/**
 * Java's {@code Math.min/max} on {@code float}/{@code double} in IR: NaN if either operand is NaN,
 * and {@code -0.0} below {@code +0.0}. PTX {@code min/max} return the non-NaN operand, and order
 * the zeros only from sm_80 on, so the result is built from {@code fminnum}, a NaN test and, for
 * two zeros, the OR (min) or AND (max) of their bit patterns.
 */
public final class JavaMinMax {
  private JavaMinMax() {}

  /** {@code Math.min(a, b)} if {@code min}, else {@code Math.max(a, b)}. */
  public static Value emit(Builder b, Value x, Value y, boolean min) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    ScalarType bits = ScalarType.integer(t.bits());
    Value num = b.intrinsic(min ? Intrinsic.FMINNUM : Intrinsic.FMAXNUM, t, x, y);
    Value xb = b.bitcast(x, bits);
    Value yb = b.bitcast(y, bits);
    Value zeros = b.binary(min ? Opcode.OR : Opcode.AND, xb, yb);
    Value zero = f.constant(t, 0);
    Value bothZero =
        b.binary(Opcode.AND, b.fcmp(CmpPredicate.OEQ, x, zero), b.fcmp(CmpPredicate.OEQ, y, zero));
    Value ordered = b.select(bothZero, b.bitcast(zeros, t), num);
    Value nan = f.constant(t, t == ScalarType.F32 ? 0x7FC00000L : 0x7FF8000000000000L);
    return b.select(b.fcmp(CmpPredicate.UNO, x, y), nan, ordered);
  }
}
