package dev.jptx.compiler.frontend;

import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The JDK methods API.md lists as intrinsics ({@code Integer}, {@code Long}, {@code Float}, {@code
 * Double}, {@code Math}), one row each: owner, name, descriptor, and how the call becomes IR with
 * Java's exact semantics. Every other JDK method is rejected by the caller.
 */
final class JdkIntrinsics {
  private record Row(
      String owner, String name, String descriptor, Function<TranslationContext, Value> lower) {}

  private static final List<Row> ROWS =
      List.of(
          unary("java/lang/Math", "abs", "(I)I", Intrinsic.ABS, ScalarType.I32),
          unary("java/lang/Math", "abs", "(J)J", Intrinsic.ABS, ScalarType.I64),
          binary("java/lang/Math", "min", "(II)I", Intrinsic.SMIN, ScalarType.I32),
          binary("java/lang/Math", "max", "(II)I", Intrinsic.SMAX, ScalarType.I32),
          binary("java/lang/Math", "min", "(JJ)J", Intrinsic.SMIN, ScalarType.I64),
          binary("java/lang/Math", "max", "(JJ)J", Intrinsic.SMAX, ScalarType.I64),
          unary("java/lang/Math", "sqrt", "(D)D", Intrinsic.SQRT, ScalarType.F64),
          bits("java/lang/Float", "floatToRawIntBits", "(F)I", ScalarType.F32, ScalarType.I32),
          bits("java/lang/Float", "intBitsToFloat", "(I)F", ScalarType.I32, ScalarType.F32),
          bits("java/lang/Double", "doubleToRawLongBits", "(D)J", ScalarType.F64, ScalarType.I64),
          bits("java/lang/Double", "longBitsToDouble", "(J)D", ScalarType.I64, ScalarType.F64));

  private static final Map<String, Row> BY_KEY = index();

  private JdkIntrinsics() {}

  private static Map<String, Row> index() {
    Map<String, Row> m = new HashMap<>();
    for (Row r : ROWS) {
      m.put(r.owner() + "." + r.name() + r.descriptor(), r);
    }
    return Map.copyOf(m);
  }

  /** Translates {@code m} if it is a JDK intrinsic; false otherwise. */
  static boolean translate(TranslationContext cx, MethodInsnNode m) {
    Row r = BY_KEY.get(m.owner + "." + m.name + m.desc);
    if (r == null) {
      return false;
    }
    cx.push(r.lower().apply(cx));
    return true;
  }

  /** A reinterpretation of the bits: no instruction beyond a move between register classes. */
  private static Row bits(String owner, String name, String desc, ScalarType from, ScalarType to) {
    return new Row(
        owner,
        name,
        desc,
        cx -> cx.emit(new InstData.Cast(Opcode.BITCAST, cx.popScalar(from)), to));
  }

  private static Row unary(String owner, String name, String desc, Intrinsic in, ScalarType t) {
    return new Row(
        owner,
        name,
        desc,
        cx -> {
          Value a = cx.popScalar(t);
          return cx.emit(new InstData.IntrinsicCall(in, List.of(a)), t);
        });
  }

  private static Row binary(String owner, String name, String desc, Intrinsic in, ScalarType t) {
    return new Row(
        owner,
        name,
        desc,
        cx -> {
          Value b = cx.popScalar(t);
          Value a = cx.popScalar(t);
          return cx.emit(new InstData.IntrinsicCall(in, List.of(a, b)), t);
        });
  }
}
