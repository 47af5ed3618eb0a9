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
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;

/**
 * Arrays of arrays of primitives: a row is an ordinary array (address and length) read from a
 * parameter's tables or computed in a local block, and {@code new T[r][c]} with constant sizes.
 */
final class Rows {
  private Rows() {}

  /** True for an array of arrays. */
  static boolean isRows(Operand o) {
    return o instanceof Operand.RowTable || o instanceof Operand.LocalRows;
  }

  /** The number of rows of an array of arrays. */
  static Value count(Operand rows) {
    return rows instanceof Operand.RowTable t ? t.count() : ((Operand.LocalRows) rows).count();
  }

  /** Row {@code index}, after the index check when the {@code checks} option is on. */
  static Operand.ArrayRef row(TranslationContext cx, Operand rows, Value index) {
    if (cx.unit.checks) {
      cx.emitVoid(new InstData.IntrinsicCall(Intrinsic.CHECK_INDEX, List.of(index, count(rows))));
    }
    Value wide = cx.emit(new InstData.Cast(Opcode.SEXT, index), ScalarType.I64);
    if (rows instanceof Operand.RowTable t) {
      PointerType space = (PointerType) cx.f.type(t.rows());
      Value at = cx.emit(new InstData.PtrAdd(t.rows(), scaled(cx, wide, 8)), space);
      // a row's address is a pointer in the tables' space: global for a kernel's, generic else
      Value address = cx.emit(new InstData.Load(at, true), space);
      Value lengthAt = cx.emit(new InstData.PtrAdd(t.lengths(), scaled(cx, wide, 4)), space);
      Value length = cx.emit(new InstData.Load(lengthAt, true), ScalarType.I32);
      return new Operand.ArrayRef(address, length, t.elementType(), false);
    }
    Operand.LocalRows l = (Operand.LocalRows) rows;
    int size = JavaTypes.byteSize(l.elementType());
    Value columns = cx.emit(new InstData.Cast(Opcode.SEXT, l.columns()), ScalarType.I64);
    Value elements = cx.emit(new InstData.Binary(Opcode.MUL, wide, columns), ScalarType.I64);
    Value address =
        cx.emit(new InstData.PtrAdd(l.data(), scaled(cx, elements, size)), cx.f.type(l.data()));
    return new Operand.ArrayRef(address, l.columns(), l.elementType(), false);
  }

  private static Value scaled(TranslationContext cx, Value wide, int size) {
    return size == 1
        ? wide
        : cx.emit(new InstData.Binary(Opcode.MUL, wide, cx.f.i64(size)), ScalarType.I64);
  }

  /**
   * {@code new T[rows][columns]} with constant sizes: one zeroed local block. Anything else (more
   * dimensions, non-constant sizes) is one error, and poison that stays silent where it is used.
   */
  static void allocate(TranslationContext cx, MultiANewArrayInsnNode n) {
    Value[] dims = new Value[n.dims];
    for (int k = n.dims - 1; k >= 0; k--) {
      dims[k] = cx.popScalar(ScalarType.I32);
    }
    Type type = Type.getType(n.desc);
    Operand.LocalRows made = null;
    if (n.dims != 2 || !JavaTypes.isArrayOfPrimitiveArrays(type)) {
      cx.error(
          "arrays of more than two dimensions, and arrays of arrays of objects, are not supported"
              + " in kernels (new "
              + type.getClassName()
              + ")");
    } else if (!cx.f.isConstant(dims[0])) {
      cx.error(
          "the sizes of a local array of arrays (new "
              + type.getElementType().getClassName()
              + "[...][...]) must be compile-time constants");
    } else if ((int) cx.f.constantBits(dims[0]) < 0) {
      cx.error("local array new " + type.getClassName() + " has a negative number of rows");
    } else {
      int count = (int) cx.f.constantBits(dims[0]);
      Value data = MemoryTranslator.localBlock(cx, type.getElementType(), dims[1], count);
      if (data != null) {
        made = new Operand.LocalRows(data, dims[1], dims[0], type.getElementType());
      }
    }
    cx.push(made == null ? new Operand.Poison(new SlotType(type, AddressSpace.LOCAL)) : made);
  }
}
