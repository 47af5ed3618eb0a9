package dev.jptx.compiler.frontend.intrinsics;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.JavaMinMax;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The JDK methods API.md lists as intrinsics ({@code Integer}, {@code Long}, {@code Float}, {@code
 * Double}, {@code Math}, and the small helpers of {@code Byte}, {@code Short} and {@code Boolean}),
 * one row each: owner, name, descriptor, and how the call becomes IR with Java's exact semantics.
 * The {@code StrictMath} twins of the {@code Math} rows are the same operations, since every one of
 * them is exact, except where a {@code StrictMath} row of its own says otherwise ({@code copySign}
 * takes a NaN sign as positive there). Every other JDK method is rejected by the caller.
 */
final class JdkIntrinsics {
  private static final String INTEGER = "java/lang/Integer";
  private static final String LONG = "java/lang/Long";
  private static final String FLOAT = "java/lang/Float";
  private static final String DOUBLE = "java/lang/Double";
  private static final String MATH = "java/lang/Math";
  private static final String STRICT_MATH = "java/lang/StrictMath";
  private static final String BOOLEAN = "java/lang/Boolean";

  /** Builds the call's IR from its arguments (in order, popped already); returns the result. */
  private interface Lowering {
    Value lower(Builder b, List<Value> args);
  }

  /**
   * One method; {@code divides} if its last argument is a divisor, checked at the call under {@code
   * checks} as {@code /} is.
   */
  private record Row(
      String owner, String name, String descriptor, Lowering lower, boolean divides) {
    Row(String owner, String name, String descriptor, Lowering lower) {
      this(owner, name, descriptor, lower, false);
    }
  }

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
          intrinsic(MATH, "rint", "(D)D", Intrinsic.RINT),
          // ---- the small helpers of issue #21: Integer and Long
          binary(INTEGER, "sum", "(II)I", (b, x, y) -> b.binary(Opcode.ADD, x, y)),
          binary(LONG, "sum", "(JJ)J", (b, x, y) -> b.binary(Opcode.ADD, x, y)),
          intrinsic(INTEGER, "min", "(II)I", Intrinsic.SMIN),
          intrinsic(INTEGER, "max", "(II)I", Intrinsic.SMAX),
          intrinsic(LONG, "min", "(JJ)J", Intrinsic.SMIN),
          intrinsic(LONG, "max", "(JJ)J", Intrinsic.SMAX),
          binary(INTEGER, "compare", "(II)I", (b, x, y) -> JdkIntegerOps.compare(b, x, y, false)),
          binary(LONG, "compare", "(JJ)I", (b, x, y) -> JdkIntegerOps.compare(b, x, y, false)),
          binary(
              INTEGER,
              "compareUnsigned",
              "(II)I",
              (b, x, y) -> JdkIntegerOps.compare(b, x, y, true)),
          binary(
              LONG, "compareUnsigned", "(JJ)I", (b, x, y) -> JdkIntegerOps.compare(b, x, y, true)),
          divides(INTEGER, "divideUnsigned", "(II)I", (b, x, y) -> b.binary(Opcode.UDIV, x, y)),
          divides(LONG, "divideUnsigned", "(JJ)J", (b, x, y) -> b.binary(Opcode.UDIV, x, y)),
          divides(INTEGER, "remainderUnsigned", "(II)I", (b, x, y) -> b.binary(Opcode.UREM, x, y)),
          divides(LONG, "remainderUnsigned", "(JJ)J", (b, x, y) -> b.binary(Opcode.UREM, x, y)),
          unary(INTEGER, "toUnsignedLong", "(I)J", (b, x) -> b.cast(Opcode.ZEXT, x, I64)),
          unary(INTEGER, "highestOneBit", "(I)I", JdkIntegerOps::highestOneBit),
          unary(LONG, "highestOneBit", "(J)J", JdkIntegerOps::highestOneBit),
          unary(INTEGER, "lowestOneBit", "(I)I", JdkIntegerOps::lowestOneBit),
          unary(LONG, "lowestOneBit", "(J)J", JdkIntegerOps::lowestOneBit),
          unary(INTEGER, "signum", "(I)I", JdkIntegerOps::signum),
          unary(LONG, "signum", "(J)I", JdkIntegerOps::signum),
          // ---- Byte, Short, Boolean (a boolean is an int 0 or 1)
          unary("java/lang/Byte", "toUnsignedInt", "(B)I", (b, x) -> mask(b, x, 0xFF)),
          unary("java/lang/Short", "toUnsignedInt", "(S)I", (b, x) -> mask(b, x, 0xFFFF)),
          binary(BOOLEAN, "logicalAnd", "(ZZ)Z", (b, x, y) -> b.binary(Opcode.AND, x, y)),
          binary(BOOLEAN, "logicalOr", "(ZZ)Z", (b, x, y) -> b.binary(Opcode.OR, x, y)),
          binary(BOOLEAN, "logicalXor", "(ZZ)Z", (b, x, y) -> b.binary(Opcode.XOR, x, y)),
          // ---- Float and Double
          unary(FLOAT, "isFinite", "(F)Z", JdkFloatBits::isFinite),
          unary(DOUBLE, "isFinite", "(D)Z", JdkFloatBits::isFinite),
          binary(FLOAT, "compare", "(FF)I", JdkFloatBits::compare),
          binary(DOUBLE, "compare", "(DD)I", JdkFloatBits::compare),
          binary(FLOAT, "sum", "(FF)F", (b, x, y) -> b.binary(Opcode.FADD, x, y)),
          binary(DOUBLE, "sum", "(DD)D", (b, x, y) -> b.binary(Opcode.FADD, x, y)),
          javaMinMax(FLOAT, "min", "(FF)F"),
          javaMinMax(FLOAT, "max", "(FF)F"),
          javaMinMax(DOUBLE, "min", "(DD)D"),
          javaMinMax(DOUBLE, "max", "(DD)D"),
          // ---- Math (and StrictMath, below, except where a StrictMath row of its own differs)
          unary(MATH, "round", "(F)I", JdkFloatBits::round),
          unary(MATH, "round", "(D)J", JdkFloatBits::round),
          unary(MATH, "signum", "(F)F", JdkFloatBits::signum),
          unary(MATH, "signum", "(D)D", JdkFloatBits::signum),
          unary(MATH, "getExponent", "(F)I", JdkFloatBits::getExponent),
          unary(MATH, "getExponent", "(D)I", JdkFloatBits::getExponent),
          binary(MATH, "copySign", "(FF)F", (b, m, s) -> JdkFloatBits.copySign(b, m, s, false)),
          binary(MATH, "copySign", "(DD)D", (b, m, s) -> JdkFloatBits.copySign(b, m, s, false)),
          binary(
              STRICT_MATH, "copySign", "(FF)F", (b, m, s) -> JdkFloatBits.copySign(b, m, s, true)),
          binary(
              STRICT_MATH, "copySign", "(DD)D", (b, m, s) -> JdkFloatBits.copySign(b, m, s, true)),
          // Java's own constants: pi/180 and 180/pi rounded to double, one multiplication
          unary(MATH, "toRadians", "(D)D", (b, x) -> times(b, x, 0.017453292519943295)),
          unary(MATH, "toDegrees", "(D)D", (b, x) -> times(b, x, 57.29577951308232)),
          divides(MATH, "floorDiv", "(II)I", JdkIntegerOps::floorDiv),
          divides(MATH, "floorDiv", "(JI)J", JdkIntegerOps::floorDiv),
          divides(MATH, "floorDiv", "(JJ)J", JdkIntegerOps::floorDiv),
          divides(MATH, "floorMod", "(II)I", JdkIntegerOps::floorMod),
          divides(MATH, "floorMod", "(JI)I", JdkIntegerOps::floorMod),
          divides(MATH, "floorMod", "(JJ)J", JdkIntegerOps::floorMod),
          // ---- the *Exact methods: an overflow stops the kernel, checks or not
          binary(MATH, "addExact", "(II)I", JdkIntegerOps::addExact),
          binary(MATH, "addExact", "(JJ)J", JdkIntegerOps::addExact),
          binary(MATH, "subtractExact", "(II)I", JdkIntegerOps::subtractExact),
          binary(MATH, "subtractExact", "(JJ)J", JdkIntegerOps::subtractExact),
          binary(MATH, "multiplyExact", "(II)I", JdkIntegerOps::multiplyExact),
          binary(MATH, "multiplyExact", "(JI)J", JdkIntegerOps::multiplyExact),
          binary(MATH, "multiplyExact", "(JJ)J", JdkIntegerOps::multiplyExact),
          unary(MATH, "incrementExact", "(I)I", JdkIntegerOps::incrementExact),
          unary(MATH, "incrementExact", "(J)J", JdkIntegerOps::incrementExact),
          unary(MATH, "decrementExact", "(I)I", JdkIntegerOps::decrementExact),
          unary(MATH, "decrementExact", "(J)J", JdkIntegerOps::decrementExact),
          unary(MATH, "negateExact", "(I)I", JdkIntegerOps::negateExact),
          unary(MATH, "negateExact", "(J)J", JdkIntegerOps::negateExact),
          unary(MATH, "toIntExact", "(J)I", JdkIntegerOps::toIntExact),
          unary(MATH, "absExact", "(I)I", JdkIntegerOps::absExact),
          unary(MATH, "absExact", "(J)J", JdkIntegerOps::absExact));

  private static final Map<String, Row> BY_KEY = index();

  private JdkIntrinsics() {}

  private static Map<String, Row> index() {
    Map<String, Row> m = new HashMap<>();
    for (Row r : ROWS) {
      if (m.put(key(r.owner(), r.name(), r.descriptor()), r) != null) {
        throw new IllegalStateException("two rows for " + r.owner() + "." + r.name());
      }
    }
    for (Row r : ROWS) {
      if (r.owner().equals(MATH)) {
        Row twin = new Row(STRICT_MATH, r.name(), r.descriptor(), r.lower(), r.divides());
        m.putIfAbsent(key(STRICT_MATH, r.name(), r.descriptor()), twin);
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
    if (r.divides() && cx.checks()) {
      cx.emitVoid(
          new InstData.IntrinsicCall(Intrinsic.CHECK_DIVISOR, List.of(args[args.length - 1])));
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

  /** A method of two arguments built by {@code lower}. */
  private interface BinaryLowering {
    Value lower(Builder b, Value x, Value y);
  }

  private static Row binary(String owner, String name, String desc, BinaryLowering lower) {
    return new Row(owner, name, desc, (b, a) -> lower.lower(b, a.get(0), a.get(1)));
  }

  /** A division or remainder, whose divisor {@code checks} checks. */
  private static Row divides(String owner, String name, String desc, BinaryLowering lower) {
    return new Row(owner, name, desc, (b, a) -> lower.lower(b, a.get(0), a.get(1)), true);
  }

  /** The low {@code 8} or {@code 16} bits of a sign-extended {@code byte}/{@code short}. */
  private static Value mask(Builder b, Value x, int bits) {
    return b.binary(Opcode.AND, x, b.function().i32(bits));
  }

  /** {@code x * c} in double. */
  private static Value times(Builder b, Value x, double c) {
    Value constant = b.function().constant(F64, Double.doubleToRawLongBits(c));
    return b.binary(Opcode.FMUL, x, constant);
  }

  private static Row javaMinMax(String name, String desc) {
    return javaMinMax(MATH, name, desc);
  }

  /**
   * {@code Math.min/max} on {@code float}/{@code double}, and {@code Float}/{@code Double}'s, which
   * are the same: NaN if either is, -0.0 below +0.0.
   */
  private static Row javaMinMax(String owner, String name, String desc) {
    boolean min = name.equals("min");
    return new Row(owner, name, desc, (b, a) -> JavaMinMax.emit(b, a.get(0), a.get(1), min));
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
