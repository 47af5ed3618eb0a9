package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import org.objectweb.asm.Type;

/**
 * Record values as flat lists of IR values, which is how they cross function boundaries: as
 * arguments (one per primitive component, nested records flattened, in declaration order) and as a
 * device function's result, which the caller receives in a {@code .local} buffer it passes as a
 * hidden first argument (PTX's {@code .func} returns one value here; the buffer keeps one calling
 * convention for every record, and inlining turns it back into registers).
 */
final class RecordValues {
  private RecordValues() {}

  /** Adds the primitive values of {@code o} to {@code out}; false if any part is poison. */
  static boolean flatten(Operand o, List<Value> out) {
    if (o instanceof Operand.Scalar s) {
      out.add(s.value());
      return true;
    }
    if (o instanceof Operand.RecordValue r) {
      boolean ok = true;
      for (Operand c : r.components()) {
        ok &= flatten(c, out);
      }
      return ok;
    }
    return false;
  }

  /** A record (or primitive) of type {@code t} made of the values {@code leaves} supplies. */
  static Operand assemble(RecordTypes records, Type t, Function<Type, Value> leaves) {
    if (JavaTypes.isPrimitive(t)) {
      return new Operand.Scalar(leaves.apply(t));
    }
    List<Operand> components = new ArrayList<>();
    for (RecordTypes.Component c : records.layout(t).components()) {
      components.add(assemble(records, c.type(), leaves));
    }
    return new Operand.RecordValue(t, components);
  }

  /**
   * The byte offsets of a record's primitive values in its result buffer, each aligned to its size.
   */
  static int[] offsets(RecordTypes records, Type t) {
    List<Type> leaves = records.leaves(t);
    int[] out = new int[leaves.size() + 1];
    int at = 0;
    for (int k = 0; k < leaves.size(); k++) {
      int size = JavaTypes.stackType(leaves.get(k)).bits() / 8;
      at = (at + size - 1) / size * size;
      out[k] = at;
      at += size;
    }
    out[leaves.size()] = at;
    return out;
  }

  /** A caller's buffer for a record result, as the generic address the callee takes. */
  static Value allocateResult(TranslationContext cx, Type t) {
    int[] offsets = offsets(cx.unit.records, t);
    Value local =
        cx.emit(
            new InstData.Alloca(Math.max(offsets[offsets.length - 1], 1), 8),
            new PointerType(AddressSpace.LOCAL));
    return Addresses.generic(cx, local);
  }

  /** The record the callee left in {@code buffer}. */
  static Operand loadResult(TranslationContext cx, Value buffer, Type t) {
    int[] offsets = offsets(cx.unit.records, t);
    Iterator<Integer> next = java.util.Arrays.stream(offsets).iterator();
    return assemble(
        cx.unit.records,
        t,
        leaf ->
            cx.emit(
                new InstData.Load(at(cx, buffer, next.next()), false), JavaTypes.stackType(leaf)));
  }

  /** Stores record {@code r} into the caller's {@code buffer}. */
  static void storeResult(TranslationContext cx, Value buffer, Operand.RecordValue r) {
    List<Value> values = new ArrayList<>();
    flatten(r, values);
    int[] offsets = offsets(cx.unit.records, r.type());
    for (int k = 0; k < values.size(); k++) {
      cx.emitVoid(new InstData.Store(at(cx, buffer, offsets[k]), values.get(k)));
    }
  }

  private static Value at(TranslationContext cx, Value base, int offset) {
    return offset == 0
        ? base
        : cx.emit(new InstData.PtrAdd(base, cx.f.i64(offset)), cx.f.type(base));
  }
}
