package dev.jptx.compiler.frontend.classes;

import dev.jptx.compiler.frontend.classes.ClinitEvaluator.ArrayValue;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Runs a class's static initializer as the JVM would, on primitive values and primitive arrays:
 * constants, locals, the arithmetic and conversions of int, long, float and double (Java's own
 * operators, so every result is the JVM's, bit for bit), branches, switches and loops, the class's
 * own static fields, the {@code static final} fields of other classes (their initializers run
 * first, as the JVM runs them; their arrays are read-only here), static methods of classes on the
 * class path, and {@code StrictMath}, whose results Java defines (FDLIBM's) and every JVM returns.
 * Anything else stops the run with a reason and a line: {@code Math}'s transcendental functions
 * (their last bit may differ between JVMs), objects, exceptions, initializers that read each
 * other's fields, and more than {@value #STEP_LIMIT} instructions.
 */
final class ClinitInterpreter implements Opcodes {
  /** The most bytecode instructions one initializer may run. */
  static final long STEP_LIMIT = 20_000_000;

  /** Why the run stopped, and where. */
  static final class Stop extends Exception {
    final int line;

    Stop(String why, int line) {
      super(why, null, false, false);
      this.line = line;
    }
  }

  /**
   * The JDK classes whose static methods on primitives give the same bits on every JVM ({@code
   * Character} is not one: its answers follow the JVM's Unicode version).
   */
  private static final Set<String> DETERMINISTIC =
      Set.of(
          "java/lang/StrictMath",
          "java/lang/Integer",
          "java/lang/Long",
          "java/lang/Float",
          "java/lang/Double",
          "java/lang/Short",
          "java/lang/Byte",
          "java/lang/Boolean");

  private final ClassNode c;
  private final Map<String, Object> fields;
  private final StaticInitializers classes;
  // arrays of other classes' fields: writing one would change that class's table too
  private final Set<ArrayValue> foreign = Collections.newSetFromMap(new IdentityHashMap<>());
  // each call site's method, found once: a loop calling a helper searched the methods every time
  private final Map<MethodInsnNode, MethodNode> targets = new IdentityHashMap<>();
  private long steps;

  private ClinitInterpreter(ClassNode c, Map<String, Object> fields, StaticInitializers classes) {
    this.c = c;
    this.fields = fields;
    this.classes = classes;
  }

  /**
   * Runs {@code clinit} of {@code c}, storing the static fields it sets into {@code fields} (a
   * scalar as its bit pattern, a {@code Long}; an array as an {@link ArrayValue}); throws {@link
   * Stop} where it cannot go on, with the fields stored so far left in the map.
   */
  static void run(
      ClassNode c, MethodNode clinit, Map<String, Object> fields, StaticInitializers classes)
      throws Stop {
    new ClinitInterpreter(c, fields, classes).invoke(clinit, new Object[clinit.maxLocals], 0);
  }

  private Object invoke(MethodNode m, Object[] locals, int depth) throws Stop {
    if (depth > 64) {
      throw new Stop("calls nest more than 64 deep", 0);
    }
    InsnList code = m.instructions;
    Deque<Object> stack = new ArrayDeque<>();
    int line = 0;
    AbstractInsnNode n = code.getFirst();
    while (n != null) {
      if (n instanceof LineNumberNode l) {
        line = l.line;
      }
      int op = n.getOpcode();
      if (op < 0) {
        n = n.getNext();
        continue;
      }
      if (++steps > STEP_LIMIT) {
        throw new Stop(
            "runs more than " + String.format("%,d", STEP_LIMIT) + " instructions", line);
      }
      if (op >= IRETURN && op <= RETURN) {
        return op == RETURN ? null : stack.pop();
      }
      if (n instanceof JumpInsnNode j) {
        n = jump(j, op, stack, line) ? j.label : n.getNext();
        continue;
      }
      if (n instanceof TableSwitchInsnNode t) {
        int key = (Integer) stack.pop();
        n = key < t.min || key > t.max ? t.dflt : t.labels.get(key - t.min);
        continue;
      }
      if (n instanceof LookupSwitchInsnNode t) {
        int at = t.keys.indexOf((Integer) stack.pop());
        n = at < 0 ? t.dflt : t.labels.get(at);
        continue;
      }
      step(n, op, stack, locals, line, depth);
      n = n.getNext();
    }
    throw new Stop("falls off the end of " + m.name, line);
  }

  private static boolean jump(JumpInsnNode j, int op, Deque<Object> stack, int line) throws Stop {
    switch (op) {
      case GOTO:
        return true;
      case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE:
        return compare(op - IFEQ, (Integer) stack.pop(), 0);
      case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE:
        {
          int b = (Integer) stack.pop();
          int a = (Integer) stack.pop();
          return compare(op - IF_ICMPEQ, a, b);
        }
      default:
        throw new Stop("uses a reference comparison or a subroutine", line);
    }
  }

  private static boolean compare(int kind, int a, int b) {
    return switch (kind) {
      case 0 -> a == b;
      case 1 -> a != b;
      case 2 -> a < b;
      case 3 -> a >= b;
      case 4 -> a > b;
      default -> a <= b;
    };
  }

  private void step(
      AbstractInsnNode n, int op, Deque<Object> stack, Object[] locals, int line, int depth)
      throws Stop {
    switch (op) {
      case ACONST_NULL -> throw new Stop("uses null", line);
      case ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_3, ICONST_4, ICONST_5 ->
          stack.push(op - ICONST_0);
      case LCONST_0, LCONST_1 -> stack.push((long) (op - LCONST_0));
      case FCONST_0, FCONST_1, FCONST_2 -> stack.push((float) (op - FCONST_0));
      case DCONST_0, DCONST_1 -> stack.push((double) (op - DCONST_0));
      case BIPUSH, SIPUSH -> stack.push(((IntInsnNode) n).operand);
      case LDC -> {
        Object v = ((LdcInsnNode) n).cst;
        if (!(v instanceof Integer
            || v instanceof Long
            || v instanceof Float
            || v instanceof Double)) {
          throw new Stop("uses a " + v.getClass().getSimpleName() + " constant", line);
        }
        stack.push(v);
      }
      case ILOAD, LLOAD, FLOAD, DLOAD, ALOAD -> stack.push(local(locals, n, line));
      case ISTORE, LSTORE, FSTORE, DSTORE, ASTORE -> locals[((VarInsnNode) n).var] = stack.pop();
      case IINC -> {
        IincInsnNode i = (IincInsnNode) n;
        locals[i.var] = (Integer) locals[i.var] + i.incr;
      }
      case IALOAD, LALOAD, FALOAD, DALOAD, BALOAD, CALOAD, SALOAD -> {
        int index = (Integer) stack.pop();
        ArrayValue a = array(stack.pop(), line);
        stack.push(load(a, index(a, index, line)));
      }
      case IASTORE, LASTORE, FASTORE, DASTORE, BASTORE, CASTORE, SASTORE -> {
        Object v = stack.pop();
        int index = (Integer) stack.pop();
        ArrayValue a = array(stack.pop(), line);
        if (foreign.contains(a)) {
          throw new Stop("writes into an array of another class's static field", line);
        }
        a.bits()[index(a, index, line)] = store(a.elementType(), v);
      }
      case ARRAYLENGTH -> stack.push(array(stack.pop(), line).bits().length);
      case NEWARRAY -> {
        int length = (Integer) stack.pop();
        if (length < 0 || length > (1 << 24)) {
          throw new Stop("makes an array of " + length + " elements", line);
        }
        stack.push(new ArrayValue(ArrayTypes.of(((IntInsnNode) n).operand), new long[length]));
      }
      case POP -> stack.pop();
      case POP2 -> {
        if (!wide(stack.pop())) {
          stack.pop();
        }
      }
      case DUP -> stack.push(stack.peek());
      case DUP_X1 -> {
        Object a = stack.pop();
        Object b = stack.pop();
        stack.push(a);
        stack.push(b);
        stack.push(a);
      }
      case DUP2 -> {
        Object a = stack.pop();
        if (wide(a)) {
          stack.push(a);
          stack.push(a);
        } else {
          Object b = stack.pop();
          stack.push(b);
          stack.push(a);
          stack.push(b);
          stack.push(a);
        }
      }
      case SWAP -> {
        Object a = stack.pop();
        Object b = stack.pop();
        stack.push(a);
        stack.push(b);
      }
      case GETSTATIC -> stack.push(getStatic((FieldInsnNode) n, line));
      case PUTSTATIC -> putStatic((FieldInsnNode) n, stack.pop(), line);
      case INVOKESTATIC -> call((MethodInsnNode) n, stack, line, depth);
      default -> {
        if (!ClinitArithmetic.apply(op, stack, line)) {
          throw new Stop("uses " + opcodeName(op), line);
        }
      }
    }
  }

  private static Object local(Object[] locals, AbstractInsnNode n, int line) throws Stop {
    Object v = locals[((VarInsnNode) n).var];
    if (v == null) {
      throw new Stop("reads a local variable it cannot know", line);
    }
    return v;
  }

  private static boolean wide(Object v) {
    return v instanceof Long || v instanceof Double;
  }

  private static ArrayValue array(Object v, int line) throws Stop {
    if (!(v instanceof ArrayValue a)) {
      throw new Stop("indexes something that is not a primitive array", line);
    }
    return a;
  }

  private static int index(ArrayValue a, int index, int line) throws Stop {
    if (index < 0 || index >= a.bits().length) {
      throw new Stop("indexes out of bounds (" + index + " of " + a.bits().length + ")", line);
    }
    return index;
  }

  /** An element as a stack value. */
  private static Object load(ArrayValue a, int index) {
    long bits = a.bits()[index];
    return switch (a.elementType().getSort()) {
      case Type.LONG -> bits;
      case Type.FLOAT -> Float.intBitsToFloat((int) bits);
      case Type.DOUBLE -> Double.longBitsToDouble(bits);
      default -> (int) bits;
    };
  }

  /**
   * A stack value as the bit pattern the field map and the tables hold: an int-like value or a
   * float's bits widened with their sign, as the constant evaluation always stored them, after the
   * narrowing the JVM's store makes ({@code bastore} keeps the low byte, a boolean array its low
   * bit).
   */
  static long store(Type t, Object v) {
    return switch (t.getSort()) {
      case Type.BOOLEAN -> (long) ((Integer) v & 1);
      case Type.BYTE -> (long) (byte) (int) (Integer) v;
      case Type.CHAR -> (long) (char) (int) (Integer) v;
      case Type.SHORT -> (long) (short) (int) (Integer) v;
      case Type.INT -> (long) (Integer) v;
      case Type.LONG -> (Long) v;
      case Type.FLOAT -> (long) Float.floatToRawIntBits((Float) v);
      default -> Double.doubleToRawLongBits((Double) v);
    };
  }

  private Object getStatic(FieldInsnNode f, int line) throws Stop {
    Type t = Type.getType(f.desc);
    if (!f.owner.equals(c.name)) {
      Object v = classes.field(f.owner, f.name, line);
      if (v instanceof ArrayValue a) {
        foreign.add(a);
        return a;
      }
      return scalar(t, (Long) v);
    }
    Object v = fields.get(f.name);
    if (v == null) {
      FieldNode decl = ClassMembers.field(c, f.name);
      v = decl != null && decl.value != null ? ClinitEvaluator.bitsOf(decl.value) : null;
    }
    if (t.getSort() == Type.ARRAY) {
      if (!(v instanceof ArrayValue)) {
        throw new Stop("reads " + f.name + " before it holds a primitive array", line);
      }
      return v;
    }
    if (t.getSort() == Type.OBJECT) {
      throw new Stop("reads the object field " + f.name, line);
    }
    // a field not yet set holds its type's zero, as in the JVM
    return scalar(t, v instanceof Long b ? b : 0L);
  }

  /** A field's bit pattern as the stack value of its type. */
  private static Object scalar(Type t, long bits) {
    return switch (t.getSort()) {
      case Type.LONG -> bits;
      case Type.FLOAT -> Float.intBitsToFloat((int) bits);
      case Type.DOUBLE -> Double.longBitsToDouble(bits);
      default -> (int) bits;
    };
  }

  private void putStatic(FieldInsnNode f, Object v, int line) throws Stop {
    if (!f.owner.equals(c.name)) {
      throw new Stop("writes " + f.owner.replace('/', '.') + "." + f.name, line);
    }
    Type t = Type.getType(f.desc);
    if (v instanceof ArrayValue) {
      fields.put(f.name, v);
    } else if (t.getSort() != Type.OBJECT && t.getSort() != Type.ARRAY) {
      fields.put(f.name, store(t, v));
    } else {
      throw new Stop("stores an object in " + f.name, line);
    }
  }

  private void call(MethodInsnNode m, Deque<Object> stack, int line, int depth) throws Stop {
    Type[] args = Type.getArgumentTypes(m.desc);
    Object[] values = new Object[args.length];
    for (int k = args.length - 1; k >= 0; k--) {
      values[k] = stack.pop();
    }
    Type result = Type.getReturnType(m.desc);
    Object r;
    if (DETERMINISTIC.contains(m.owner)) {
      r = jdk(m, args, values, result, line);
    } else if (!m.owner.startsWith("java")
        && !m.owner.startsWith("jdk/")
        && !m.owner.startsWith("sun/")) {
      // the class's own methods and those of other classes on the class path, run the same way;
      // a field of another class stops the run when read
      ClassNode owner = m.owner.equals(c.name) ? c : classes.classNode(m.owner).orElse(null);
      MethodNode target = owner == null ? null : ClassMembers.method(owner, m.name, m.desc);
      if (target == null || (target.access & (ACC_NATIVE | ACC_ABSTRACT)) != 0) {
        throw new Stop(
            "calls " + m.owner.replace('/', '.') + "." + m.name + ", which has no code here", line);
      }
      Object[] locals = new Object[Math.max(target.maxLocals, 1)];
      int slot = 0;
      for (int k = 0; k < args.length; k++) {
        locals[slot] = values[k];
        slot += args[k].getSize();
      }
      r = invoke(target, locals, depth + 1);
    } else {
      String why =
          m.owner.equals("java/lang/Math")
              ? "calls Math."
                  + m.name
                  + ", whose last bit may differ between JVMs; StrictMath."
                  + m.name
                  + "'s does not"
              : "calls " + m.owner.replace('/', '.') + "." + m.name;
      throw new Stop(why, line);
    }
    if (result.getSort() != Type.VOID) {
      stack.push(r);
    }
  }

  private static final Map<String, MethodHandle> JDK = new HashMap<>();

  /** A static method of a {@link #DETERMINISTIC} class, on primitives, called on this JVM. */
  private static Object jdk(MethodInsnNode m, Type[] args, Object[] values, Type result, int line)
      throws Stop {
    MethodHandle h;
    String key = m.owner + "." + m.name + m.desc;
    synchronized (JDK) {
      h = JDK.get(key);
      if (h == null) {
        try {
          Class<?>[] params = new Class<?>[args.length];
          for (int k = 0; k < args.length; k++) {
            params[k] = primitive(args[k]);
          }
          h =
              MethodHandles.publicLookup()
                  .findStatic(
                      Class.forName(m.owner.replace('/', '.')),
                      m.name,
                      MethodType.methodType(primitive(result), params));
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
          throw new Stop(
              "calls " + m.owner.replace('/', '.') + "." + m.name + ", not on primitives", line);
        }
        JDK.put(key, h);
      }
    }
    // the stack holds every int-like value as an int: narrow the arguments, widen the result
    Object[] typed = new Object[values.length];
    for (int k = 0; k < values.length; k++) {
      typed[k] =
          switch (args[k].getSort()) {
            case Type.BOOLEAN -> (Integer) values[k] != 0;
            case Type.BYTE -> (byte) (int) (Integer) values[k];
            case Type.SHORT -> (short) (int) (Integer) values[k];
            case Type.CHAR -> (char) (int) (Integer) values[k];
            default -> values[k];
          };
    }
    Object r;
    try {
      r = h.invokeWithArguments(typed);
    } catch (Throwable e) {
      throw new Stop(m.owner.replace('/', '.') + "." + m.name + " throws " + e, line);
    }
    if (r instanceof Boolean b) {
      return b ? 1 : 0;
    } else if (r instanceof Byte b) {
      return (int) b;
    } else if (r instanceof Short v) {
      return (int) v;
    } else if (r instanceof Character ch) {
      return (int) ch;
    }
    return r;
  }

  private static Class<?> primitive(Type t) {
    return switch (t.getSort()) {
      case Type.INT -> int.class;
      case Type.LONG -> long.class;
      case Type.FLOAT -> float.class;
      case Type.DOUBLE -> double.class;
      case Type.BOOLEAN -> boolean.class;
      case Type.BYTE -> byte.class;
      case Type.SHORT -> short.class;
      case Type.CHAR -> char.class;
      default -> throw new IllegalArgumentException(t.toString());
    };
  }

  private static String opcodeName(int op) {
    return org.objectweb.asm.util.Printer.OPCODES[op].toLowerCase(java.util.Locale.ROOT);
  }
}
