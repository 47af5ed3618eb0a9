package dev.jptx.compiler.frontend.translate;

import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Bytecode offsets of instructions, for diagnostics of classes without line numbers. Labels read
 * from a class file know their offsets; from the nearest one the sizes of the instructions in
 * between are added. ASM folds {@code ldc_w} into {@code ldc}, so after a wide constant-pool index
 * the result can be one byte short. The offsets of a method are computed in one pass and kept for
 * the method last asked about on this thread: the translator asks for every instruction, and a walk
 * back to the nearest label per instruction made large methods quadratic.
 */
final class BytecodeOffsets implements Opcodes {
  private static final ThreadLocal<BytecodeOffsets> LAST = new ThreadLocal<>();

  private final MethodNode method;
  private final Map<AbstractInsnNode, Integer> offsets = new IdentityHashMap<>();

  private BytecodeOffsets(MethodNode m) {
    this.method = m;
    int offset = 0;
    for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
      if (n instanceof LabelNode l) {
        try {
          offset = l.getLabel().getOffset();
        } catch (IllegalStateException unresolved) {
          // a label made by a transformation, not read from the file: it says nothing
        }
      }
      offsets.put(n, offset);
      offset += size(n, offset);
    }
  }

  static int offsetOf(MethodNode m, AbstractInsnNode insn) {
    BytecodeOffsets o = LAST.get();
    if (o == null || o.method != m || !o.offsets.containsKey(insn)) {
      o = new BytecodeOffsets(m);
      LAST.set(o);
    }
    return o.offsets.getOrDefault(insn, 0);
  }

  private static int size(AbstractInsnNode n, int offset) {
    int op = n.getOpcode();
    if (op < 0) {
      return 0;
    }
    if (n instanceof VarInsnNode v) {
      return v.var > 255 ? 4 : (v.var <= 3 && op != RET ? 1 : 2);
    } else if (n instanceof IincInsnNode i) {
      return i.var > 255 || i.incr < -128 || i.incr > 127 ? 6 : 3;
    } else if (n instanceof LdcInsnNode l) {
      return l.cst instanceof Long || l.cst instanceof Double ? 3 : 2;
    } else if (n instanceof TableSwitchInsnNode t) {
      return 1 + pad(offset) + 12 + 4 * t.labels.size();
    } else if (n instanceof LookupSwitchInsnNode s) {
      return 1 + pad(offset) + 8 + 8 * s.labels.size();
    }
    return switch (op) {
      case BIPUSH, NEWARRAY -> 2;
      case SIPUSH,
          GETSTATIC,
          PUTSTATIC,
          GETFIELD,
          PUTFIELD,
          INVOKEVIRTUAL,
          INVOKESPECIAL,
          INVOKESTATIC,
          NEW,
          ANEWARRAY,
          CHECKCAST,
          INSTANCEOF,
          IFEQ,
          IFNE,
          IFLT,
          IFGE,
          IFGT,
          IFLE,
          IF_ICMPEQ,
          IF_ICMPNE,
          IF_ICMPLT,
          IF_ICMPGE,
          IF_ICMPGT,
          IF_ICMPLE,
          IF_ACMPEQ,
          IF_ACMPNE,
          GOTO,
          JSR,
          IFNULL,
          IFNONNULL ->
          3;
      case MULTIANEWARRAY -> 4;
      case INVOKEINTERFACE, INVOKEDYNAMIC -> 5;
      default -> 1;
    };
  }

  private static int pad(int offset) {
    return (4 - ((offset + 1) % 4)) % 4;
  }
}
