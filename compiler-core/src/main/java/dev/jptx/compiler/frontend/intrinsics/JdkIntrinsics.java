package dev.jptx.compiler.frontend.intrinsics;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.JavaMinMax;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The JDK methods API.md lists as intrinsics ({@code Integer}, {@code Long}, {@code Float}, {@code
 * Double}, {@code Math}), one row each: owner, name, descriptor, and how the call becomes IR with
 * Java's exact semantics. The {@code StrictMath} twins of the {@code Math} rows are the same
 * operations, since every one of them is exact. Every other JDK method is rejected by the caller.
 */
final class JdkIntrinsics {
  private static final String INTEGER = "java/lang/Integer";
  private static final String LONG = "java/lang/Long";
  private static final String FLOAT = "java/lang/Float";
  private static final String DOUBLE = "java/lang/Double";
  private static final String MATH = "java/lang/Math";
  private static final String STRICT_MATH = "java/lang/StrictMath";

  /** Builds the call's IR from its arguments (in order, popped already); returns the result. */
  private interface Lowering {
    Value lower(Builder b, List<Value> args);
  }

  private record Row(String owner, String name, String descriptor, Lowering lower) {}

  private static final List<Row> ROWS =
      List.of(
          // ---- Integer and Long: bit counts return int for both widths
          intrinsic(INTEGER, "bitCount", "(I)I", Intrinsic.CTPOP),
          intrinsic(INTEGER, "numberOfLeadingZeros", "(I)I", Intrinsic.CTLZ),
          intrinsic(INTEGER, "numberOfTrailingZeros", "(I)I", Intrinsic.CTTZ),
          intrinsic(INTEGER, "reverse", "(I)I", Intrinsic.BITREVERSE),
          intrinsic(INTEGER, "reverseBytes", "(I)I", Intrinsic.BSWAP),
          intrinsic(INTEGER, "rotateLeft", "(II)I", Intrinsic.ROTL),
          intrinsic(INTEGER, "rotateRight", "(II)I", Intrinsic.ROTR),
          intrinsic(LONG, "bitCount", "(J)I", Intrinsic.CTPOP),
          intrinsic(LONG, "numberOfLeadingZeros", "(J)I", Intrinsic.CTLZ),
          intrinsic(LONG, "numberOfTrailingZeros", "(J)I", Intrinsic.CTTZ),
          intrinsic(LONG, "reverse", "(J)J", Intrinsic.BITREVERSE),
          intrinsic(LONG, "reverseBytes", "(J)J", Intrinsic.BSWAP),
          intrinsic(LONG, "rotateLeft", "(JI)J", Intrinsic.ROTL),
          intrinsic(LONG, "rotateRight", "(JI)J", Intrinsic.ROTR),
          // ---- Short and Character: a byte swap of the 16-bit value, sign- or zero-extended
          unary("java/lang/Short", "reverseBytes", "(S)S", (b, x) -> swap16(b, x, Opcode.SEXT)),
          unary("java/lang/Character", "reverseBytes", "(C)C", (b, x) -> swap16(b, x, Opcode.ZEXT)),
          // ---- Float and Double: bit patterns and classification
          unary(FLOAT, "floatToRawIntBits", "(F)I", (b, x) -> b.bitcast(x, I32)),
          unary(FLOAT, "floatToIntBits", "(F)I", JdkFloatBits::canonicalBits),
          unary(FLOAT, "intBitsToFloat", "(I)F", (b, x) -> b.bitcast(x, F32)),
          unary(FLOAT, "isNaN", "(F)Z", JdkFloatBits::isNaN),
          unary(FLOAT, "isInfinite", "(F)Z", JdkFloatBits::isInfinite),
          unary(DOUBLE, "doubleToRawLongBits", "(D)J", (b, x) -> b.bitcast(x, I64)),
          unary(DOUBLE, "doubleToLongBits", "(D)J", JdkFloatBits::canonicalBits),
          unary(DOUBLE, "longBitsToDouble", "(J)D", (b, x) -> b.bitcast(x, F64)),
          unary(DOUBLE, "isNaN", "(D)Z", JdkFloatBits::isNaN),
          unary(DOUBLE, "isInfinite", "(D)Z", JdkFloatBits::isInfinite),
          // ---- Math (and StrictMath, below)
          intrinsic(MATH, "abs", "(I)I", Intrinsic.ABS),
          intrinsic(MATH, "abs", "(J)J", Intrinsic.ABS),
          intrinsic(MATH, "abs", "(F)F", Intrinsic.FABS),
          intrinsic(MATH, "abs", "(D)D", Intrinsic.FABS),
          intrinsic(MATH, "min", "(II)I", Intrinsic.SMIN),
          intrinsic(MATH, "max", "(II)I", Intrinsic.SMAX),
          intrinsic(MATH, "min", "(JJ)J", Intrinsic.SMIN),
          intrinsic(MATH, "max", "(JJ)J", Intrinsic.SMAX),
          javaMinMax("min", "(FF)F"),
          javaMinMax("max", "(FF)F"),
          javaMinMax("min", "(DD)D"),
          javaMinMax("max", "(DD)D"),
          intrinsic(MATH, "multiplyHigh", "(JJ)J", Intrinsic.MULHI),
          intrinsic(MATH, "sqrt", "(D)D", Intrinsic.SQRT),
          intrinsic(MATH, "fma", "(FFF)F", Intrinsic.FMA),
          intrinsic(MATH, "fma", "(DDD)D", Intrinsic.FMA),
          intrinsic(MATH, "floor", "(D)D", Intrinsic.FLOOR),
          intrinsic(MATH, "ceil", "(D)D", Intrinsic.CEIL),
          intrinsic(MATH, "rint", "(D)D", Intrinsic.RINT));

  private static final Map<String, Row> BY_KEY = index();

  private JdkIntrinsics() {}

  private static Map<String, Row> index() {
    List<Row> all = new ArrayList<>(ROWS);
    for (Row r : ROWS) {
      if (r.owner().equals(MATH)) {
        all.add(new Row(STRICT_MATH, r.name(), r.descriptor(), r.lower()));
      }
    }
    Map<String, Row> m = new HashMap<>();
    for (Row r : all) {
      if (m.put(key(r.owner(), r.name(), r.descriptor()), r) != null) {
        throw new IllegalStateException("two rows for " + r.owner() + "." + r.name());
      }
    }
    return Map.copyOf(m);
  }

  private static String key(String owner, String name, String descriptor) {
    return owner + "." + name + descriptor;
  }

  /** Translates {@code m} if it is a JDK intrinsic; false otherwise. */
  static boolean translate(TranslationContext cx, MethodInsnNode m) {
    Row r = BY_KEY.get(key(m.owner, m.name, m.desc));
    if (r == null) {
      return false;
    }
    Type[] params = Type.getArgumentTypes(m.desc);
    Value[] args = new Value[params.length];
    for (int k = params.length - 1; k >= 0; k--) {
      args[k] = cx.popScalar(stackType(params[k]));
    }
    cx.push(r.lower().lower(Builder.atEnd(cx.f, cx.block(), cx.line()), List.of(args)));
    return true;
  }

  /** The IR type of a primitive on the operand stack ({@code boolean} and {@code int} alike). */
  private static ScalarType stackType(Type t) {
    return switch (t.getSort()) {
      case Type.LONG -> I64;
      case Type.FLOAT -> F32;
      case Type.DOUBLE -> F64;
      default -> I32;
    };
  }

  /** A method of one argument built by {@code lower}. */
  private static Row unary(
      String owner, String name, String desc, BiFunction<Builder, Value, Value> lower) {
    return new Row(owner, name, desc, (b, a) -> lower.apply(b, a.get(0)));
  }

  /** The byte swap of the low 16 bits of {@code x}, widened back to {@code int} by {@code ext}. */
  private static Value swap16(Builder b, Value x, Opcode ext) {
    Value narrow = b.cast(Opcode.TRUNC, x, ScalarType.I16);
    return b.cast(ext, b.intrinsic(Intrinsic.BSWAP, ScalarType.I16, narrow), I32);
  }

  /** {@code Math.min/max} on {@code float}/{@code double}: NaN if either is, -0.0 below +0.0. */
  private static Row javaMinMax(String name, String desc) {
    boolean min = name.equals("min");
    return new Row(MATH, name, desc, (b, a) -> JavaMinMax.emit(b, a.get(0), a.get(1), min));
  }

  /**
   * A call of one intrinsic on the arguments in order; its result has the Java return type ({@code
   * int} for {@code Long.bitCount}).
   */
  private static Row intrinsic(String owner, String name, String desc, Intrinsic in) {
    ScalarType result = stackType(Type.getReturnType(desc));
    return new Row(owner, name, desc, (b, a) -> b.intrinsic(in, result, a.toArray(new Value[0])));
  }
}
