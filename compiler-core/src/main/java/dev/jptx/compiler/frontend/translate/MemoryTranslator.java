package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.ArrayTypes;
import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * Array element loads and stores and {@code arraylength}. An element's address is the array's base
 * plus the sign-extended index times the element size; narrow elements widen on load and narrow on
 * store exactly as the JVM's {@code baload/bastore/caload/...} do.
 */
final class MemoryTranslator implements Opcodes {
  private final TranslationContext cx;

  MemoryTranslator(TranslationContext cx) {
    this.cx = cx;
  }

  /** Translates {@code n} if it accesses an array; false otherwise. */
  boolean translate(AbstractInsnNode n) {
    int op = n.getOpcode();
    if (op == AASTORE && cx.printf.storeOffset(n) != null) {
      printfArgument(cx.printf.storeOffset(n), cx.printf.storeType(n));
      return true;
    }
    if (op == AALOAD && cx.peek(1) instanceof Operand.Poison) {
      // an array of arrays already reported: its rows stay silent too
      cx.pop();
      cx.pop();
      cx.push(new Operand.Poison(SlotType.UNUSABLE));
    } else if (op == AALOAD && Rows.isRows(cx.peek(1))) {
      Value index = cx.popScalar(ScalarType.I32);
      cx.push(Rows.row(cx, cx.pop(), index));
    } else if (op == AASTORE && Rows.isRows(cx.peek(2))) {
      cx.pop();
      cx.pop();
      cx.pop();
      cx.error(
          "assigning a row of an array of arrays is not supported in kernels (write its elements"
              + " instead)");
    } else if (op == ARRAYLENGTH && Rows.isRows(cx.peek(0))) {
      cx.push(Rows.count(cx.pop()));
    } else if (op == MULTIANEWARRAY) {
      Rows.allocate(cx, (org.objectweb.asm.tree.MultiANewArrayInsnNode) n);
    } else if (op >= IALOAD && op <= SALOAD) {
      load(op);
    } else if (op >= IASTORE && op <= SASTORE) {
      store(op);
    } else if (op == NEWARRAY) {
      newArray(((org.objectweb.asm.tree.IntInsnNode) n).operand);
    } else if (op == ARRAYLENGTH) {
      Operand.ArrayRef a = cx.popArray();
      cx.push(a == null ? cx.f.i32(0) : a.length());
    } else {
      return false;
    }
    return true;
  }

  private void load(int op) {
    Value index = cx.popScalar(ScalarType.I32);
    Operand.ArrayRef a = cx.popArray();
    if (a == null || op == AALOAD) {
      reportObjectArray(a, op == AALOAD);
      cx.push(new Operand.Poison(SlotType.UNUSABLE));
      return;
    }
    Type elem = a.elementType();
    ScalarType mem = JavaTypes.memoryType(elem);
    Value v = cx.emit(new InstData.Load(address(a, index), a.readOnly()), mem);
    ScalarType stack = JavaTypes.stackType(elem);
    if (mem != stack) {
      Opcode ext = JavaTypes.isSigned(elem) ? Opcode.SEXT : Opcode.ZEXT;
      v = cx.emit(new InstData.Cast(ext, v), stack);
    }
    cx.push(v);
  }

  private void store(int op) {
    Operand value = cx.pop();
    Value index = cx.popScalar(ScalarType.I32);
    Operand.ArrayRef a = cx.popArray();
    if (a == null || op == AASTORE) {
      reportObjectArray(a, op == AASTORE);
      return;
    }
    Type elem = a.elementType();
    ScalarType stack = JavaTypes.stackType(elem);
    ScalarType mem = JavaTypes.memoryType(elem);
    cx.push(value);
    Value v = cx.popScalar(stack);
    if (a.readOnly()) {
      cx.error("stores to a @ReadOnly array are not allowed");
      return;
    }
    if (elem.getSort() == Type.BOOLEAN) {
      // bastore into a boolean[] keeps only the low bit (JVMS 6.5.bastore)
      v = cx.emit(new InstData.Binary(Opcode.AND, v, cx.f.i32(1)), ScalarType.I32);
    }
    if (mem != stack) {
      v = cx.emit(new InstData.Cast(Opcode.TRUNC, v), mem);
    }
    cx.emitVoid(new InstData.Store(address(a, index), v));
  }

  /** One printf argument into the vprintf buffer, promoted as C varargs are. */
  private void printfArgument(int offset, ScalarType promoted) {
    Operand value = cx.pop();
    cx.pop();
    Operand.ArrayRef buffer = cx.popArray();
    if (buffer == null || !(value instanceof Operand.Scalar s)) {
      return;
    }
    Value v = s.value();
    if (cx.f.type(v) == ScalarType.F32) {
      v = cx.emit(new InstData.Cast(Opcode.FPEXT, v), ScalarType.F64);
    }
    if (cx.f.type(v) != promoted) {
      throw new IllegalStateException("printf argument of " + cx.f.type(v) + " for " + promoted);
    }
    Value at =
        cx.emit(
            new InstData.PtrAdd(buffer.address(), cx.f.i64(offset)), cx.f.type(buffer.address()));
    cx.emitVoid(new InstData.Store(at, v));
  }

  /**
   * {@code new T[n]} with a constant {@code n}: an array in the function's {@code .local} frame,
   * zeroed as Java zeroes new arrays.
   */
  private void newArray(int typeCode) {
    Value length = cx.popScalar(ScalarType.I32);
    Type elem = ArrayTypes.of(typeCode);
    Value address = localBlock(cx, elem, length, 1);
    cx.push(
        address == null
            ? new Operand.Poison(new SlotType(Type.getType("[" + elem.getDescriptor())))
            : new Operand.ArrayRef(address, length, elem, false));
  }

  /**
   * A zeroed block of {@code rows * length} elements of {@code elem} in the function's frame, or
   * null after reporting a length that is not a constant, negative, or too large.
   */
  static Value localBlock(TranslationContext cx, Type elem, Value length, int rows) {
    String shape = rows == 1 ? "" : "[" + rows + "]";
    if (!cx.f.isConstant(length)) {
      cx.error(
          "the length of a local array (new "
              + elem.getClassName()
              + shape
              + "[...]) must be a compile-time constant");
      return null;
    }
    int n = (int) cx.f.constantBits(length);
    int size = JavaTypes.byteSize(elem);
    // rows past the limit would overflow the product; such a block is too large anyway
    long bytes = rows > LOCAL_ARRAY_LIMIT ? Long.MAX_VALUE : (long) n * size * rows;
    if (n < 0 || bytes > LOCAL_ARRAY_LIMIT) {
      cx.error(
          "local array new "
              + elem.getClassName()
              + shape
              + "["
              + n
              + "] "
              + (n < 0
                  ? "has a negative length"
                  : "is larger than " + LOCAL_ARRAY_LIMIT + " bytes"));
      return null;
    }
    int rounded = (int) Math.max(4, (bytes + 3) & ~3L);
    Value address =
        cx.emit(
            new InstData.Alloca(rounded, Math.max(4, size)),
            new dev.jptx.compiler.ir.PointerType(dev.jptx.compiler.ir.AddressSpace.LOCAL));
    cx.emitVoid(
        new InstData.IntrinsicCall(
            dev.jptx.compiler.ir.Intrinsic.MEMZERO, java.util.List.of(address, cx.f.i32(rounded))));
    return address;
  }

  /** The largest local array: CUDA's per-thread local memory limit is 512 KiB. */
  static final int LOCAL_ARRAY_LIMIT = 512 * 1024;

  private void reportObjectArray(Operand.ArrayRef a, boolean objectArray) {
    // without an array (poison) its creation was already reported
    if (objectArray && a != null) {
      cx.error("arrays of objects are not supported in kernels");
    }
  }

  private Value address(Operand.ArrayRef a, Value index) {
    return Addresses.element(cx, a, index);
  }
}
