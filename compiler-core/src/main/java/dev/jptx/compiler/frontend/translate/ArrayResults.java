package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import org.objectweb.asm.Type;

/**
 * Arrays returned by device functions. An IR function returns one value, and an array is two, so
 * the caller passes the generic address of a 16-byte slot of its frame where the callee stores the
 * array's generic address and its length. Once the call is inlined the slot is an ordinary local
 * array that promotion can take apart.
 */
final class ArrayResults {
  private static final int LENGTH_OFFSET = 8;

  private ArrayResults() {}

  /** The caller's slot for one call's result. */
  static Value slot(TranslationContext cx) {
    return cx.emit(new InstData.Alloca(16, 8), new PointerType(AddressSpace.LOCAL));
  }

  /** The array the callee stored in {@code slot}. */
  static Operand.ArrayRef load(TranslationContext cx, Value slot, Type elementType) {
    PointerType generic = new PointerType(AddressSpace.GENERIC);
    Value address = cx.emit(new InstData.Load(slot, false), generic);
    Value length = cx.emit(new InstData.Load(lengthAt(cx, slot), false), ScalarType.I32);
    return new Operand.ArrayRef(address, length, elementType, false);
  }

  /**
   * {@code areturn} in a device function: stores the array in the caller's slot. An array of this
   * function's own frame is stored too; {@link LocalArrayResults} makes such a function always
   * inlined, or reports why it cannot be.
   */
  static void store(TranslationContext cx, Operand returned) {
    if (!(returned instanceof Operand.ArrayRef a)) {
      return; // poison: reported where it was made
    }
    cx.emitVoid(new InstData.Store(cx.arrayResult, Addresses.generic(cx, a.address())));
    cx.emitVoid(new InstData.Store(lengthAt(cx, cx.arrayResult), a.length()));
  }

  /** The address a store of {@code f} puts in its caller's slot, if {@code i} is that store. */
  static Value returnedAddress(Function f, Value arrayResult, Inst i) {
    return f.data(i) instanceof InstData.Store s && s.address().equals(arrayResult)
        ? s.value()
        : null;
  }

  private static Value lengthAt(TranslationContext cx, Value slot) {
    return cx.emit(new InstData.PtrAdd(slot, cx.f.i64(LENGTH_OFFSET)), cx.f.type(slot));
  }
}
