package dev.jptx.compiler.frontend.classes;

import java.util.Collections;
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
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The values of a class's {@code static final} fields that javac does not inline, found by running
 * its static initializer ({@link ClinitInterpreter}): primitive arrays written element by element
 * ({@code static final float[] W = {0.25f, 0.5f, 0.25f}}) or filled by loops and calls of static
 * methods on the class path and of {@code StrictMath}, and scalars computed the same way. Where the
 * run stops (a {@code Math} transcendental, an object, the step limit), the fields stored before
 * are known and later ones are not; an array stored before that the initializer may still write (it
 * reads the array's field, or calls a method, which might) is {@link Unevaluated}: its table would
 * be what the run left, not what the JVM holds.
 */
public final class ClinitEvaluator implements Opcodes {
  /** A primitive array: its element type and each element's memory bit pattern. */
  public record ArrayValue(Type elementType, long[] bits) {}

  /**
   * A static array the initializer goes on writing with code this evaluator does not run: where
   * ({@code line} of the source, 0 if unknown) and why.
   */
  public record Unevaluated(int line, String why) {}

  private ClinitEvaluator() {}

  /**
   * A field's {@code ConstantValue} as the bit pattern the field map holds (an int or a float's
   * bits widened with their sign); null for a string.
   */
  public static Long bitsOf(Object constant) {
    if (constant instanceof Integer v) {
      return (long) v;
    } else if (constant instanceof Long v) {
      return v;
    } else if (constant instanceof Float v) {
      return (long) Float.floatToRawIntBits(v);
    } else if (constant instanceof Double v) {
      return Double.doubleToRawLongBits(v);
    }
    return null;
  }

  /**
   * The known values of the class's static fields: {@code Long} bit patterns or arrays. {@code
   * classes} finds the other classes whose static methods the initializer calls and whose fields it
   * reads.
   */
  static Map<String, Object> evaluate(ClassNode c, StaticInitializers classes) {
    Map<String, Object> fields = new HashMap<>();
    MethodNode clinit = ClassMembers.method(c, "<clinit>", "()V");
    if (clinit == null) {
      return fields;
    }
    try {
      ClinitInterpreter.run(c, clinit, fields, classes);
    } catch (ClinitInterpreter.Stop stop) {
      markStillWritten(clinit, fields, c.name, new Unevaluated(stop.line, stop.getMessage()));
    } catch (RuntimeException e) {
      // code javac would not emit (a value of the wrong kind on the stack): nothing it set counts
      markStillWritten(clinit, fields, c.name, new Unevaluated(0, "is not code jptx can follow"));
    }
    return fields;
  }

  /**
   * Marks {@code mark} the arrays that the initializer may write where the run stopped: those whose
   * field it reads anywhere (a loop may run again), and every one if it calls anything but {@code
   * Math} and {@code StrictMath} (which touch no array). An array stored in two fields is one
   * array, marked under both.
   */
  private static void markStillWritten(
      MethodNode clinit, Map<String, Object> fields, String owner, Unevaluated mark) {
    Set<String> read = new HashSet<>();
    boolean calls = false;
    for (AbstractInsnNode n = clinit.instructions.getFirst(); n != null; n = n.getNext()) {
      if (n instanceof FieldInsnNode f && f.getOpcode() == GETSTATIC && f.owner.equals(owner)) {
        read.add(f.name);
      }
      calls |=
          n instanceof MethodInsnNode m
                  && !m.owner.equals("java/lang/Math")
                  && !m.owner.equals("java/lang/StrictMath")
              || n instanceof InvokeDynamicInsnNode;
    }
    Set<Object> written = Collections.newSetFromMap(new IdentityHashMap<>());
    for (var e : fields.entrySet()) {
      if (e.getValue() instanceof ArrayValue && (calls || read.contains(e.getKey()))) {
        written.add(e.getValue());
      }
    }
    fields.replaceAll((name, v) -> written.contains(v) ? mark : v);
  }
}
