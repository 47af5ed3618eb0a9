package dev.jptx.compiler.frontend;

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

  InvokeTranslator(TranslationContext cx) {
    this.cx = cx;
  }

  void invoke(MethodInsnNode m) {
    String owner = m.owner.replace('/', '.');
    if (m.getOpcode() == INVOKESTATIC && m.owner.equals(GpuIntrinsics.GPU)) {
      if (GpuIntrinsics.translate(cx, m.name, m.desc)) {
        return;
      }
      reject(m.desc, true, "Gpu." + m.name + " is not supported by the compiler yet");
      return;
    }
    String target = owner + "." + m.name;
    if (m.getOpcode() == INVOKESTATIC && RejectedCalls.isJdk(m.owner)) {
      reject(m.desc, true, RejectedCalls.jdkStaticCall(m));
      return;
    }
    if (m.getOpcode() == INVOKESTATIC) {
      reject(
          m.desc, true, "call of " + target + ": calls to device functions are not supported yet");
    } else if (m.name.equals("<init>")) {
      // its receiver comes from a `new`, already reported as an allocation
      reject(m.desc, false, null);
    } else {
      reject(m.desc, false, RejectedCalls.instanceCall(m));
    }
  }

  void invokeDynamic(InvokeDynamicInsnNode d) {
    reject(d.desc, true, RejectedCalls.invokeDynamic(d));
  }

  /**
   * Reports the call (unless {@code message} is null) and replaces its effect on the stack:
   * arguments popped, poison pushed.
   */
  private void reject(String descriptor, boolean isStatic, String message) {
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
