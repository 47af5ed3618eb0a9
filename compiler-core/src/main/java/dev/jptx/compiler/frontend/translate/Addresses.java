package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * Address arithmetic of the front end: array elements, and the conversions arrays need where they
 * cross function boundaries.
 */
public final class Addresses {
  private Addresses() {}

  /** {@code address} as a generic pointer: itself if generic, else an {@code addrspacecast}. */
  static Value generic(TranslationContext cx, Value address) {
    PointerType p = (PointerType) cx.f.type(address);
    if (p.space() == AddressSpace.GENERIC) {
      return address;
    }
    return cx.emit(
        new InstData.Cast(Opcode.ADDRSPACECAST, address), new PointerType(AddressSpace.GENERIC));
  }

  /**
   * The address of element {@code index} of {@code a}: {@code base + (i64) index * size}, after the
   * index check when the {@code checks} option is on.
   */
  public static Value element(TranslationContext cx, Operand.ArrayRef a, Value index) {
    if (cx.unit.checks) {
      cx.emitVoid(new InstData.IntrinsicCall(Intrinsic.CHECK_INDEX, List.of(index, a.length())));
    }
    int size = JavaTypes.byteSize(a.elementType());
    Value wide = cx.emit(new InstData.Cast(Opcode.SEXT, index), ScalarType.I64);
    Value offset =
        size == 1
            ? wide
            : cx.emit(new InstData.Binary(Opcode.MUL, wide, cx.f.i64(size)), ScalarType.I64);
    return cx.emit(new InstData.PtrAdd(a.address(), offset), cx.f.type(a.address()));
  }
}
