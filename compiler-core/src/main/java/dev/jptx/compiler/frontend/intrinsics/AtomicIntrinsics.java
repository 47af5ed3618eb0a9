package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.translate.Addresses;
import dev.jptx.compiler.frontend.translate.Operand;
import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.AtomicOp;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;

/**
 * {@code Gpu}'s atomics on array elements, one row per method and element type: each becomes an
 * {@code atomic} on the element's address returning the old value. {@code atomicSub} adds the
 * negation (exact for integers, and for floats the same as IEEE subtraction); float {@code
 * atomicMin/Max} are {@code fmin/fmax} with {@code Math.min/max} semantics. Whether the target has
 * an instruction for the operation is the backend's business ({@code lowering/AtomicExpansion}).
 */
final class AtomicIntrinsics {
  private record Row(AtomicOp op, boolean negate) {}

  private static final List<ScalarType> INTS = List.of(ScalarType.I32, ScalarType.I64);
  private static final List<ScalarType> FLOATS = List.of(ScalarType.F32, ScalarType.F64);

  private static final Map<String, Row> ROWS = rows();

  private AtomicIntrinsics() {}

  private static Map<String, Row> rows() {
    Map<String, Row> m = new HashMap<>();
    both(m, "atomicAdd", AtomicOp.ADD, AtomicOp.ADD, false);
    both(m, "atomicSub", AtomicOp.ADD, AtomicOp.ADD, true);
    both(m, "atomicExch", AtomicOp.EXCH, AtomicOp.EXCH, false);
    both(m, "atomicMin", AtomicOp.SMIN, AtomicOp.FMIN, false);
    both(m, "atomicMax", AtomicOp.SMAX, AtomicOp.FMAX, false);
    both(m, "atomicCas", AtomicOp.CAS, AtomicOp.CAS, false);
    integers(m, "atomicMinUnsigned", AtomicOp.UMIN, INTS);
    integers(m, "atomicMaxUnsigned", AtomicOp.UMAX, INTS);
    integers(m, "atomicAnd", AtomicOp.AND, INTS);
    integers(m, "atomicOr", AtomicOp.OR, INTS);
    integers(m, "atomicXor", AtomicOp.XOR, INTS);
    integers(m, "atomicInc", AtomicOp.INC, List.of(ScalarType.I32));
    integers(m, "atomicDec", AtomicOp.DEC, List.of(ScalarType.I32));
    return Map.copyOf(m);
  }

  private static void both(
      Map<String, Row> m, String name, AtomicOp onInts, AtomicOp onFloats, boolean negate) {
    for (ScalarType t : INTS) {
      m.put(name + descriptor(onInts, t), new Row(onInts, negate));
    }
    for (ScalarType t : FLOATS) {
      m.put(name + descriptor(onFloats, t), new Row(onFloats, negate));
    }
  }

  private static void integers(Map<String, Row> m, String name, AtomicOp op, List<ScalarType> ts) {
    for (ScalarType t : ts) {
      m.put(name + descriptor(op, t), new Row(op, false));
    }
  }

  /** {@code ([TIT)T}, or {@code ([TITT)T} for a compare-and-swap. */
  private static String descriptor(AtomicOp op, ScalarType t) {
    String d =
        switch (t) {
          case I32 -> "I";
          case I64 -> "J";
          case F32 -> "F";
          default -> "D";
        };
    return "([" + d + "I" + d.repeat(op.valueCount()) + ")" + d;
  }

  /** Translates a call of {@code Gpu.name descriptor}; false if it is not an atomic. */
  static boolean translate(TranslationContext cx, String name, String descriptor) {
    Row r = ROWS.get(name + descriptor);
    if (r == null) {
      return false;
    }
    ScalarType t = JavaTypes.stackType(Type.getReturnType(descriptor));
    List<Value> values = new ArrayList<>();
    for (int k = 0; k < r.op().valueCount(); k++) {
      values.add(0, cx.popScalar(t));
    }
    Value index = cx.popScalar(ScalarType.I32);
    Operand.ArrayRef a = cx.popArray();
    String problem = a == null ? null : problem(cx, a);
    if (a == null || problem != null) {
      if (problem != null) {
        cx.error("Gpu." + name + " " + problem);
      }
      cx.push(cx.f.constant(t, 0));
      return true;
    }
    if (r.negate()) {
      Opcode neg = t.isFloat() ? Opcode.FNEG : Opcode.NEG;
      values.set(0, cx.emit(new InstData.Unary(neg, values.get(0)), t));
    }
    Value address = Addresses.element(cx, a, index);
    cx.push(cx.emit(new InstData.Atomic(r.op(), address, values), t));
    return true;
  }

  /** Why atomics cannot work on {@code a}, or null: they need writable global or shared memory. */
  private static String problem(TranslationContext cx, Operand.ArrayRef a) {
    AddressSpace space = ((PointerType) cx.f.type(a.address())).space();
    if (a.readOnly()) {
      return "on a read-only array (a @ReadOnly parameter or a static final table) is not allowed";
    }
    if (space == AddressSpace.LOCAL) {
      return "on a local array (new "
          + a.elementType().getClassName()
          + "[...]) is not supported: atomics work on global or shared memory";
    }
    return null;
  }
}
