package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PrintfCall;
import dev.jptx.compiler.ir.Value;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Method calls: {@code Gpu} intrinsics become IR; everything a kernel may not call is reported with
 * the name of what was called, and its result becomes poison so translation goes on.
 */
final class InvokeTranslator implements Opcodes {
  private final TranslationContext cx;
  private final RecordTranslator records;

  InvokeTranslator(TranslationContext cx, RecordTranslator records) {
    this.cx = cx;
    this.records = records;
  }

  void invoke(MethodInsnNode m) {
    if (cx.printf.isBoxing(m)) {
      // a printf argument: the primitive itself goes into the vprintf buffer
      return;
    }
    if (StringLiterals.isPrintf(m)) {
      printf(m);
      return;
    }
    if (m.getOpcode() == INVOKESTATIC && m.owner.equals(KernelScanner.GPU)) {
      if (cx.unit.intrinsics.translate(cx, m)) {
        return;
      }
      reject(m.desc, true, "Gpu." + m.name + " is not supported by the compiler yet");
      return;
    }
    if (m.getOpcode() == INVOKESTATIC && cx.unit.intrinsics.translate(cx, m)) {
      return;
    }
    if (m.getOpcode() == INVOKESTATIC && RejectedCalls.isJdk(m.owner)) {
      reject(m.desc, true, RejectedCalls.jdkStaticCall(m));
      return;
    }
    if (m.getOpcode() == INVOKESTATIC) {
      callDevice(m, false);
    } else if (records.invoke(m, this)) {
      return;
    } else if (m.name.equals("<init>")) {
      // its receiver comes from a `new`, already reported as an allocation
      reject(m.desc, false, null);
    } else {
      reject(m.desc, false, RejectedCalls.instanceCall(m));
    }
  }

  private void printf(MethodInsnNode m) {
    Operand buffer = cx.pop();
    cx.pop();
    PrintfCalls.Call c = cx.printf.call(m);
    if (c == null || !(buffer instanceof Operand.ArrayRef a)) {
      return; // reported by the analysis
    }
    PrintfCall.call(
        Builder.atEnd(cx.f, cx.block, cx.line),
        cx.unit.module,
        c.format(),
        c.bytes() == 0 ? null : a.address());
  }

  /**
   * A call of a static method (or of a record's instance method, {@code instance}, whose record is
   * its first argument) as a device function, with the arguments {@link CallArguments} makes; a
   * record result comes back in a buffer the caller passes first, an array result in a slot the
   * caller passes last.
   */
  void callDevice(MethodInsnNode m, boolean instance) {
    String symbol = cx.unit.deviceFunctions.symbolFor(m.owner, m.name, m.desc, instance, cx);
    if (symbol == null) {
      reject(m.desc, !instance, null);
      return;
    }
    List<Value> args = CallArguments.pop(cx, Type.getArgumentCount(m.desc) + (instance ? 1 : 0));
    Type ret = Type.getReturnType(m.desc);
    if (args == null) {
      if (ret.getSort() != Type.VOID) {
        cx.push(new Operand.Poison(new TypeInterpreter().newValue(ret)));
      }
      return;
    }
    if (cx.unit.records.isValue(ret)) {
      Value buffer = RecordValues.allocateResult(cx, ret);
      args.add(0, buffer);
      cx.emitVoid(new InstData.Call(symbol, args));
      cx.push(RecordValues.loadResult(cx, buffer, ret));
      return;
    }
    Value slot = null;
    if (DeviceFunctions.DeviceSignature.returnsArray(m.desc)) {
      slot = ArrayResults.slot(cx);
      args.add(Addresses.generic(cx, slot));
    }
    dev.jptx.compiler.ir.Type rt =
        DeviceFunctions.DeviceSignature.returnType(m.desc, cx.unit.records);
    Value r = cx.emit(new InstData.Call(symbol, args), rt);
    if (slot != null) {
      cx.push(ArrayResults.load(cx, slot, ret.getElementType()));
    } else if (r != null) {
      cx.push(r);
    }
  }

  void invokeDynamic(InvokeDynamicInsnNode d) {
    reject(d.desc, true, RejectedCalls.invokeDynamic(d));
  }

  /**
   * Reports the call (unless {@code message} is null) and replaces its effect on the stack:
   * arguments popped, poison pushed.
   */
  void reject(String descriptor, boolean isStatic, String message) {
    if (message != null) {
      cx.error(message);
    }
    for (int i = Type.getArgumentTypes(descriptor).length; i > 0; i--) {
      cx.pop();
    }
    if (!isStatic) {
      cx.pop();
    }
    Type ret = Type.getReturnType(descriptor);
    if (ret.getSort() != Type.VOID) {
      cx.push(new Operand.Poison(new TypeInterpreter().newValue(ret)));
    }
  }
}
