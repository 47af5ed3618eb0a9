package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.SourceLines;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * What a value record's constructor does, when all it does is assign: for each component, the
 * constructor argument it receives. The canonical constructor (compact or not) assigns each field
 * from a parameter; another constructor may delegate to the canonical one with {@code this(...)},
 * passing its own parameters. A constructor that computes, checks or throws is not a plain tuple,
 * and is rejected: its effects would need a function that returns the record, and a {@code throw}
 * has no meaning in a kernel.
 */
final class RecordConstructors implements Opcodes {
  private static final int THIS = -1;

  /**
   * The result: {@code arguments[k]} is the index of the constructor parameter that component k
   * receives; or a {@code problem} naming what the constructor does besides assigning.
   */
  record Summary(int[] arguments, String problem) {}

  private RecordConstructors() {}

  /** The summary of {@code layout}'s constructor of {@code descriptor}. */
  static Summary of(RecordTypes.Layout layout, String descriptor) {
    return of(layout, descriptor, 0);
  }

  private static Summary of(RecordTypes.Layout layout, String descriptor, int depth) {
    MethodNode m = method(layout, descriptor);
    if (m == null || depth > 8) {
      return new Summary(null, "constructor " + descriptor + " not found");
    }
    int[] slotToParam = slotToParameter(m);
    int[] assigned = new int[layout.components().size()];
    Arrays.fill(assigned, Integer.MIN_VALUE);
    Deque<Integer> stack = new ArrayDeque<>();
    for (AbstractInsnNode n : m.instructions) {
      int op = n.getOpcode();
      if (op < 0) {
        continue;
      }
      if (op >= ILOAD && op <= ALOAD) {
        int var = ((VarInsnNode) n).var;
        stack.push(var == 0 ? THIS : slotToParam[var]);
      } else if (op == PUTFIELD && ((FieldInsnNode) n).owner.equals(layout.node().name)) {
        int value = stack.pop();
        stack.pop();
        int k = layout.indexOf(((FieldInsnNode) n).name);
        if (k < 0 || value < 0) {
          return doesMore(layout, n);
        }
        assigned[k] = value;
      } else if (n instanceof MethodInsnNode c && op == INVOKESPECIAL && c.name.equals("<init>")) {
        int[] args = new int[Type.getArgumentCount(c.desc)];
        for (int a = args.length - 1; a >= 0; a--) {
          args[a] = stack.pop();
        }
        stack.pop();
        if (c.owner.equals(layout.node().name)) {
          Summary inner = of(layout, c.desc, depth + 1);
          if (inner.problem() != null) {
            return inner;
          }
          for (int k = 0; k < assigned.length; k++) {
            assigned[k] = args[inner.arguments()[k]];
          }
        } else if (!c.owner.equals("java/lang/Record")) {
          return doesMore(layout, n);
        }
      } else if (op != RETURN) {
        return doesMore(layout, n);
      }
    }
    for (int a : assigned) {
      if (a < 0) {
        return new Summary(
            null, "a constructor of " + layout.javaName() + " leaves a component unset");
      }
    }
    return new Summary(assigned, null);
  }

  private static Summary doesMore(RecordTypes.Layout layout, AbstractInsnNode n) {
    int line = SourceLines.lineOf(n);
    return new Summary(
        null,
        "the constructor of record "
            + layout.javaName()
            + (line > 0 ? " (line " + line + ")" : "")
            + " does more than assign its components; a record used in a kernel may only have"
            + " constructors that assign (validate the values before creating the record)");
  }

  private static MethodNode method(RecordTypes.Layout layout, String descriptor) {
    for (MethodNode m : layout.node().methods) {
      if (m.name.equals("<init>") && m.desc.equals(descriptor)) {
        return m;
      }
    }
    return null;
  }

  /** The parameter index of each local slot that holds a parameter (slot 0 is {@code this}). */
  private static int[] slotToParameter(MethodNode m) {
    Type[] params = Type.getArgumentTypes(m.desc);
    int[] out = new int[Math.max(m.maxLocals, 1) + 2];
    Arrays.fill(out, Integer.MIN_VALUE);
    int slot = 1;
    for (int p = 0; p < params.length; p++) {
      out[slot] = p;
      slot += params[p].getSize();
    }
    return out;
  }
}
