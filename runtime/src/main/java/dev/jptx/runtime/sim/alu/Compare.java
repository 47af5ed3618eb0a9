package dev.jptx.runtime.sim.alu;

/**
 * The comparisons behind {@code setp}, {@code set}, {@code slct} and {@code selp}, for every
 * integer and floating-point type. Combining the result with a predicate ({@code .and .or .xor}) is
 * left to the engine.
 *
 * <p>Integer types: {@code eq ne} compare bits; {@code lt le gt ge} are signed for {@code .sN} and
 * unsigned for {@code .uN}; {@code lo ls hi hs} are always unsigned. A float operator ({@code equ
 * ... nan}) on an integer type is answered as its ordered form. Floating-point types: the ordered
 * operators are false when either operand is NaN, the unordered ones true; {@code lo ls hi hs} on a
 * float type are answered as {@code lt le gt ge}.
 */
public final class Compare {
  private Compare() {}

  /**
   * Compares two values of any type.
   *
   * @param op the operator
   * @param type the operand type
   * @param a first operand (low {@code type.bits()} bits used)
   * @param b second operand
   * @param ftz flush subnormal f32 and f16 operands first
   * @return the comparison's outcome
   */
  public static boolean compare(CmpOp op, NumType type, long a, long b, boolean ftz) {
    switch (type) {
      case F32:
        return f32(op, (int) a, (int) b, ftz);
      case F64:
        return f64(op, a, b);
      case F16:
        return f16(op, (int) a, (int) b, ftz);
      case BF16:
        return bf16(op, (int) a, (int) b);
      default:
        return integer(op, type, a, b);
    }
  }

  /**
   * Compares two integers.
   *
   * @param op the operator
   * @param type an integer type
   * @param a first operand (low {@code type.bits()} bits used)
   * @param b second operand
   * @return the comparison's outcome
   */
  public static boolean integer(CmpOp op, NumType type, long a, long b) {
    a = type.normalize(a);
    b = type.normalize(b);
    // Unsigned types are zero-extended, so below 64 bits a signed compare is also unsigned.
    int signed = Long.compare(a, b);
    int unsigned = Long.compareUnsigned(a, b);
    int c = type.isSigned() ? signed : unsigned;
    switch (op) {
      case EQ:
      case EQU:
        return a == b;
      case NE:
      case NEU:
        return a != b;
      case LT:
      case LTU:
        return c < 0;
      case LE:
      case LEU:
        return c <= 0;
      case GT:
      case GTU:
        return c > 0;
      case GE:
      case GEU:
        return c >= 0;
      case LO:
        return unsigned < 0;
      case LS:
        return unsigned <= 0;
      case HI:
        return unsigned > 0;
      case HS:
        return unsigned >= 0;
      case NUM:
        return true;
      case NAN:
        return false;
      default:
        throw new IllegalArgumentException(op.toString());
    }
  }

  /**
   * Compares two f32 values.
   *
   * @param op the operator
   * @param a first operand bits
   * @param b second operand bits
   * @param ftz flush subnormal operands first ({@code setp.ftz})
   * @return the comparison's outcome
   */
  public static boolean f32(CmpOp op, int a, int b, boolean ftz) {
    if (ftz) {
      a = Float32.flush(a);
      b = Float32.flush(b);
    }
    return floats(op, Float.intBitsToFloat(a), Float.intBitsToFloat(b));
  }

  /**
   * Compares two f64 values.
   *
   * @param op the operator
   * @param a first operand bits
   * @param b second operand bits
   * @return the comparison's outcome
   */
  public static boolean f64(CmpOp op, long a, long b) {
    return floats(op, Double.longBitsToDouble(a), Double.longBitsToDouble(b));
  }

  /**
   * Compares two f16 values.
   *
   * @param op the operator
   * @param a first operand (low 16 bits)
   * @param b second operand (low 16 bits)
   * @param ftz flush subnormal operands first
   * @return the comparison's outcome
   */
  public static boolean f16(CmpOp op, int a, int b, boolean ftz) {
    if (ftz) {
      a = FloatFormat.F16.flush(a);
      b = FloatFormat.F16.flush(b);
    }
    return floats(op, Half.f16ToDouble(a), Half.f16ToDouble(b));
  }

  /**
   * Compares two bf16 values.
   *
   * @param op the operator
   * @param a first operand (low 16 bits)
   * @param b second operand (low 16 bits)
   * @return the comparison's outcome
   */
  public static boolean bf16(CmpOp op, int a, int b) {
    return floats(op, Float.intBitsToFloat(a << 16), Float.intBitsToFloat(b << 16));
  }

  /**
   * Compares both halves of two {@code .f16x2} values ({@code setp.f16x2} writes two predicates).
   *
   * @param op the operator
   * @param a first operand pair
   * @param b second operand pair
   * @param ftz flush subnormal operands first
   * @return bit 0: the outcome for element 0 (low halves), bit 1: for element 1
   */
  public static int f16x2(CmpOp op, int a, int b, boolean ftz) {
    return (f16(op, a, b, ftz) ? 1 : 0) | (f16(op, a >>> 16, b >>> 16, ftz) ? 2 : 0);
  }

  /**
   * Compares both halves of two {@code .bf16x2} values.
   *
   * @param op the operator
   * @param a first operand pair
   * @param b second operand pair
   * @return bit 0: the outcome for element 0, bit 1: for element 1
   */
  public static int bf16x2(CmpOp op, int a, int b) {
    return (bf16(op, a, b) ? 1 : 0) | (bf16(op, a >>> 16, b >>> 16) ? 2 : 0);
  }

  /**
   * Compares two numbers held exactly as doubles (every PTX float type converts exactly).
   *
   * @param op the operator
   * @param x first operand
   * @param y second operand
   * @return the comparison's outcome
   */
  public static boolean floats(CmpOp op, double x, double y) {
    switch (op) {
      case EQ:
        return x == y;
      case NE:
        return x < y || x > y;
      case LT:
      case LO:
        return x < y;
      case LE:
      case LS:
        return x <= y;
      case GT:
      case HI:
        return x > y;
      case GE:
      case HS:
        return x >= y;
      case EQU:
        return !(x < y || x > y);
      case NEU:
        return x != y;
      case LTU:
        return !(x >= y);
      case LEU:
        return !(x > y);
      case GTU:
        return !(x <= y);
      case GEU:
        return !(x < y);
      case NUM:
        return x == x && y == y;
      case NAN:
        return x != x || y != y;
      default:
        throw new IllegalArgumentException(op.toString());
    }
  }

  /**
   * The value {@code set} writes for a true or false outcome.
   *
   * @param dtype the destination type: an integer type (all ones or 0) or f32 (1.0f or 0.0f)
   * @param outcome the outcome of the comparison, already combined with any predicate operand
   * @return the destination value, extended per {@link NumType#normalize}
   */
  public static long setValue(NumType dtype, boolean outcome) {
    if (!outcome) {
      return 0;
    }
    switch (dtype) {
      case F32:
        return Float32.ONE;
      case F16:
        return Half.F16_ONE;
      case BF16:
        return Half.BF16_ONE;
      case F64:
        return Float64.ONE;
      default:
        return dtype.normalize(-1L);
    }
  }

  /**
   * The value {@code set.op.dtype.f16x2} (or {@code .bf16x2}) writes: per half, all ones for an
   * integer destination or 1.0 in the destination's half format.
   *
   * @param outcomes bit 0: outcome of element 0, bit 1: of element 1
   * @param dtype {@code U32}/{@code S32} for 0xffff halves, {@code F16} or {@code BF16} for 1.0
   * @return the packed destination
   */
  public static int setValueX2(int outcomes, NumType dtype) {
    int one = dtype == NumType.F16 ? Half.F16_ONE : dtype == NumType.BF16 ? Half.BF16_ONE : 0xffff;
    return Half.pack((outcomes & 1) != 0 ? one : 0, (outcomes & 2) != 0 ? one : 0);
  }

  /**
   * {@code slct.dtype.s32 d, a, b, c}: whether {@code a} is selected, that is {@code c >= 0}.
   *
   * @param c the selector
   * @return true to select {@code a}, false for {@code b}
   */
  public static boolean slctS32(int c) {
    return c >= 0;
  }

  /**
   * {@code slct{.ftz}.dtype.f32 d, a, b, c}: whether {@code a} is selected, that is {@code c >= 0};
   * -0.0 selects {@code a}, NaN selects {@code b}.
   *
   * @param c the selector bits
   * @param ftz flush a subnormal selector first
   * @return true to select {@code a}, false for {@code b}
   */
  public static boolean slctF32(int c, boolean ftz) {
    if (ftz) {
      c = Float32.flush(c);
    }
    return Float.intBitsToFloat(c) >= 0;
  }
}
