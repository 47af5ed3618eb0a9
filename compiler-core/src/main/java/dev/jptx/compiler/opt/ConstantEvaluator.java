package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;

/**
 * Evaluates IR operations on constant bit patterns with Java's semantics. Returns null for what it
 * does not fold (division by zero, types other than {@code i1 i8 i16 i32 i64 f32 f64}).
 */
final class ConstantEvaluator {
  private ConstantEvaluator() {}

  static Long binary(Opcode op, ScalarType t, long a, long b) {
    if (t == ScalarType.F32) {
      float x = Float.intBitsToFloat((int) a);
      float y = Float.intBitsToFloat((int) b);
      Float r =
          switch (op) {
            case FADD -> x + y;
            case FSUB -> x - y;
            case FMUL -> x * y;
            case FDIV -> x / y;
            case FREM -> x % y;
            default -> null;
          };
      return r == null ? null : Float.floatToRawIntBits(r) & 0xFFFFFFFFL;
    }
    if (t == ScalarType.F64) {
      double x = Double.longBitsToDouble(a);
      double y = Double.longBitsToDouble(b);
      Double r =
          switch (op) {
            case FADD -> x + y;
            case FSUB -> x - y;
            case FMUL -> x * y;
            case FDIV -> x / y;
            case FREM -> x % y;
            default -> null;
          };
      return r == null ? null : Double.doubleToRawLongBits(r);
    }
    if (!t.isInteger() || t.bits() > 64) {
      return null;
    }
    int w = t.bits();
    long x = signExtend(a, w);
    long y = signExtend(b, w);
    long ux = a & mask(w);
    long uy = b & mask(w);
    Long r =
        switch (op) {
          case ADD -> x + y;
          case SUB -> x - y;
          case MUL -> x * y;
          case SDIV -> y == 0 ? null : (x == minValue(w) && y == -1 ? x : x / y);
          case SREM -> y == 0 ? null : (y == -1 ? 0 : x % y);
          case UDIV -> uy == 0 ? null : Long.divideUnsigned(ux, uy);
          case UREM -> uy == 0 ? null : Long.remainderUnsigned(ux, uy);
          case AND -> x & y;
          case OR -> x | y;
          case XOR -> x ^ y;
          case SHL -> x << (y & (w - 1));
          case LSHR -> ux >>> (y & (w - 1));
          case ASHR -> x >> (y & (w - 1));
          default -> null;
        };
    return r == null ? null : r & mask(w);
  }

  static Long unary(Opcode op, ScalarType t, long a) {
    return switch (op) {
      case NEG -> t.bits() <= 64 ? (-a) & mask(t.bits()) : null;
      case FNEG -> a ^ (1L << (t.bits() - 1));
      default -> null;
    };
  }

  static Long compare(CmpPredicate p, ScalarType t, long a, long b) {
    if (t.isFloat()) {
      double x = asDouble(t, a);
      double y = asDouble(t, b);
      if (Double.isNaN(x) && t != ScalarType.F32 && t != ScalarType.F64) {
        return null;
      }
      boolean unordered = Double.isNaN(x) || Double.isNaN(y);
      boolean r =
          switch (p) {
            case OEQ -> !unordered && x == y;
            case ONE -> !unordered && x != y;
            case OLT -> !unordered && x < y;
            case OLE -> !unordered && x <= y;
            case OGT -> !unordered && x > y;
            case OGE -> !unordered && x >= y;
            case UEQ -> unordered || x == y;
            case UNE -> unordered || x != y;
            case FULT -> unordered || x < y;
            case FULE -> unordered || x <= y;
            case FUGT -> unordered || x > y;
            case FUGE -> unordered || x >= y;
            case ORD -> !unordered;
            case UNO -> unordered;
            default -> false;
          };
      return r ? 1L : 0L;
    }
    int w = t.bits();
    if (w > 64) {
      return null;
    }
    long x = signExtend(a, w);
    long y = signExtend(b, w);
    long ux = a & mask(w);
    long uy = b & mask(w);
    boolean r =
        switch (p) {
          case EQ -> x == y;
          case NE -> x != y;
          case SLT -> x < y;
          case SLE -> x <= y;
          case SGT -> x > y;
          case SGE -> x >= y;
          case ULT -> Long.compareUnsigned(ux, uy) < 0;
          case ULE -> Long.compareUnsigned(ux, uy) <= 0;
          case UGT -> Long.compareUnsigned(ux, uy) > 0;
          case UGE -> Long.compareUnsigned(ux, uy) >= 0;
          default -> false;
        };
    return r ? 1L : 0L;
  }

  static Long cast(Opcode op, ScalarType from, ScalarType to, long a) {
    if (from.bits() > 64 || to.bits() > 64) {
      return null;
    }
    switch (op) {
      case TRUNC:
      case ZEXT:
        return a & mask(from.bits()) & mask(to.bits());
      case SEXT:
        return signExtend(a, from.bits()) & mask(to.bits());
      case BITCAST:
        return a & mask(to.bits());
      default:
        break;
    }
    if (!isJavaFloat(from) && from.isFloat() || !isJavaFloat(to) && to.isFloat()) {
      return null;
    }
    return switch (op) {
      case SITOFP -> fromDouble(to, signExtend(a, from.bits()));
      case FPEXT, FPTRUNC -> fromFloating(to, asDouble(from, a));
      case FPTOSI -> toInteger(to, asDouble(from, a));
      default -> null;
    };
  }

  private static boolean isJavaFloat(ScalarType t) {
    return t == ScalarType.F32 || t == ScalarType.F64;
  }

  /** {@code (float) x} or {@code (double) x} of a long, rounded once as Java does. */
  private static long fromDouble(ScalarType to, long x) {
    return to == ScalarType.F32
        ? Float.floatToRawIntBits((float) x) & 0xFFFFFFFFL
        : Double.doubleToRawLongBits((double) x);
  }

  private static long fromFloating(ScalarType to, double x) {
    return to == ScalarType.F32
        ? Float.floatToRawIntBits((float) x) & 0xFFFFFFFFL
        : Double.doubleToRawLongBits(x);
  }

  /** Java's saturating, NaN-to-zero conversion. */
  private static Long toInteger(ScalarType to, double x) {
    return switch (to.bits()) {
      case 32 -> ((long) (int) x) & mask(32);
      case 64 -> (long) x;
      default -> null;
    };
  }

  private static double asDouble(ScalarType t, long bits) {
    return t == ScalarType.F32
        ? Float.intBitsToFloat((int) bits)
        : t == ScalarType.F64 ? Double.longBitsToDouble(bits) : Double.NaN;
  }

  private static long mask(int bits) {
    return bits >= 64 ? -1L : (1L << bits) - 1;
  }

  private static long signExtend(long v, int bits) {
    int shift = 64 - bits;
    return (v << shift) >> shift;
  }

  private static long minValue(int bits) {
    return -(1L << (bits - 1));
  }
}
