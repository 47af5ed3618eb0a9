package dev.jptx.compiler.frontend.classes;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Runs the straight-line start of a class's static initializer on constants, to learn the values of
 * {@code static final} fields javac does not inline: primitive arrays written element by element
 * ({@code static final float[] W = {0.25f, 0.5f, 0.25f}}). It stops at the first instruction it
 * does not know; fields stored before that point are known, later ones are not. An array stored
 * before that point that the rest of the initializer may still write (it reads the array's field,
 * or calls a method, which might) is {@link Unevaluated}: its table would be what the start left,
 * not what the JVM holds (a table filled by a loop came out all zeros).
 */
public final class ClinitEvaluator implements Opcodes {
  /** A primitive array: its element type and each element's memory bit pattern. */
  public record ArrayValue(Type elementType, long[] bits) {}

  /**
   * A static array the initializer goes on writing with code this evaluator does not run, at {@code
   * line} of the source (0 if unknown).
   */
  public record Unevaluated(int line) {}

  private ClinitEvaluator() {}

  /** The known values of the class's static fields: {@code Long} bit patterns or arrays. */
  public static Map<String, Object> evaluate(ClassNode c) {
    Map<String, Object> fields = new HashMap<>();
    MethodNode clinit = ClassMembers.method(c, "<clinit>", "()V");
    if (clinit == null) {
      return fields;
    }
    Deque<Object> stack = new ArrayDeque<>();
    int line = 0;
    for (AbstractInsnNode n = clinit.instructions.getFirst(); n != null; n = n.getNext()) {
      if (n instanceof LineNumberNode l) {
        line = l.line;
      }
      int op = n.getOpcode();
      if (op < 0) {
        continue;
      }
      if (!step(n, op, stack, fields, c.name)) {
        if (op != RETURN) {
          markStillWritten(n, fields, c.name, line);
        }
        break;
      }
    }
    return fields;
  }

  /**
   * Marks {@link Unevaluated} the arrays that the initializer's rest, from {@code stop} on, may
   * write: those whose field it reads, and every one if it calls anything. An array stored in two
   * fields is one array, marked under both.
   */
  private static void markStillWritten(
      AbstractInsnNode stop, Map<String, Object> fields, String owner, int line) {
    Set<String> read = new HashSet<>();
    boolean calls = false;
    for (AbstractInsnNode n = stop; n != null; n = n.getNext()) {
      if (n instanceof FieldInsnNode f && f.getOpcode() == GETSTATIC && f.owner.equals(owner)) {
        read.add(f.name);
      }
      calls |= n instanceof MethodInsnNode || n instanceof InvokeDynamicInsnNode;
    }
    Set<Object> written = Collections.newSetFromMap(new IdentityHashMap<>());
    for (var e : fields.entrySet()) {
      if (e.getValue() instanceof ArrayValue && (calls || read.contains(e.getKey()))) {
        written.add(e.getValue());
      }
    }
    fields.replaceAll((name, v) -> written.contains(v) ? new Unevaluated(line) : v);
  }

  private static boolean step(
      AbstractInsnNode n, int op, Deque<Object> stack, Map<String, Object> fields, String owner) {
    if (op >= ICONST_M1 && op <= ICONST_5) {
      stack.push((long) (op - ICONST_0));
    } else if (op == LCONST_0 || op == LCONST_1) {
      stack.push((long) (op - LCONST_0));
    } else if (op >= FCONST_0 && op <= FCONST_2) {
      stack.push((long) Float.floatToRawIntBits(op - FCONST_0));
    } else if (op == DCONST_0 || op == DCONST_1) {
      stack.push(Double.doubleToRawLongBits(op - DCONST_0));
    } else if (op == BIPUSH || op == SIPUSH) {
      stack.push((long) ((IntInsnNode) n).operand);
    } else if (op == LDC) {
      Object v = ((LdcInsnNode) n).cst;
      if (v instanceof Integer i) {
        stack.push((long) i);
      } else if (v instanceof Long l) {
        stack.push(l);
      } else if (v instanceof Float f) {
        stack.push((long) Float.floatToRawIntBits(f));
      } else if (v instanceof Double d) {
        stack.push(Double.doubleToRawLongBits(d));
      } else {
        return false;
      }
    } else if (op == NEWARRAY) {
      Object len = stack.pop();
      if (!(len instanceof Long l) || l < 0 || l > (1 << 24)) {
        return false;
      }
      stack.push(
          new ArrayValue(ArrayTypes.of(((IntInsnNode) n).operand), new long[(int) (long) l]));
    } else if (op == DUP) {
      stack.push(stack.peek());
    } else if (op >= IASTORE && op <= SASTORE && op != AASTORE) {
      Object v = stack.pop();
      Object i = stack.pop();
      Object a = stack.pop();
      if (!(a instanceof ArrayValue arr) || !(i instanceof Long idx) || !(v instanceof Long bits)) {
        return false;
      }
      if (idx < 0 || idx >= arr.bits().length) {
        return false;
      }
      arr.bits()[(int) (long) idx] = bits;
    } else if (op == PUTSTATIC && ((FieldInsnNode) n).owner.equals(owner)) {
      fields.put(((FieldInsnNode) n).name, stack.pop());
    } else {
      return false;
    }
    return true;
  }
}
