package dev.jptx.compiler.frontend.classes;

import java.util.Deque;
import org.objectweb.asm.Opcodes;

/**
 * The JVM's arithmetic, comparisons and conversions on the static-initializer interpreter's stack
 * ({@link ClinitInterpreter}), done with Java's own operators so that every result is the JVM's:
 * ints and longs wrap, shifts mask their count, floating point rounds to nearest even, and {@code
 * (int) NaN} is 0.
 */
final class ClinitArithmetic implements Opcodes {
  private ClinitArithmetic() {}

  /** Applies {@code op} to the stack; false if {@code op} is not arithmetic. */
  static boolean apply(int op, Deque<Object> s, int line) throws ClinitInterpreter.Stop {
    switch (op) {
      case IADD -> s.push(i(s) + i(s));
      case ISUB -> {
        int b = i(s);
        s.push(i(s) - b);
      }
      case IMUL -> s.push(i(s) * i(s));
      case IDIV, IREM -> {
        int b = i(s);
        int a = i(s);
        if (b == 0) {
          throw new ClinitInterpreter.Stop("divides an int by zero", line);
        }
        s.push(op == IDIV ? a / b : a % b);
      }
      case INEG -> s.push(-i(s));
      case ISHL, ISHR, IUSHR -> {
        int b = i(s);
        int a = i(s);
        s.push(op == ISHL ? a << b : op == ISHR ? a >> b : a >>> b);
      }
      case IAND -> s.push(i(s) & i(s));
      case IOR -> s.push(i(s) | i(s));
      case IXOR -> s.push(i(s) ^ i(s));
      case LADD -> s.push(l(s) + l(s));
      case LSUB -> {
        long b = l(s);
        s.push(l(s) - b);
      }
      case LMUL -> s.push(l(s) * l(s));
      case LDIV, LREM -> {
        long b = l(s);
        long a = l(s);
        if (b == 0) {
          throw new ClinitInterpreter.Stop("divides a long by zero", line);
        }
        s.push(op == LDIV ? a / b : a % b);
      }
      case LNEG -> s.push(-l(s));
      case LSHL, LSHR, LUSHR -> {
        int b = i(s);
        long a = l(s);
        s.push(op == LSHL ? a << b : op == LSHR ? a >> b : a >>> b);
      }
      case LAND -> s.push(l(s) & l(s));
      case LOR -> s.push(l(s) | l(s));
      case LXOR -> s.push(l(s) ^ l(s));
      case FADD -> s.push(f(s) + f(s));
      case FSUB -> {
        float b = f(s);
        s.push(f(s) - b);
      }
      case FMUL -> s.push(f(s) * f(s));
      case FDIV -> {
        float b = f(s);
        s.push(f(s) / b);
      }
      case FREM -> {
        float b = f(s);
        s.push(f(s) % b);
      }
      case FNEG -> s.push(-f(s));
      case DADD -> s.push(d(s) + d(s));
      case DSUB -> {
        double b = d(s);
        s.push(d(s) - b);
      }
      case DMUL -> s.push(d(s) * d(s));
      case DDIV -> {
        double b = d(s);
        s.push(d(s) / b);
      }
      case DREM -> {
        double b = d(s);
        s.push(d(s) % b);
      }
      case DNEG -> s.push(-d(s));
      case I2L -> s.push((long) i(s));
      case I2F -> s.push((float) i(s));
      case I2D -> s.push((double) i(s));
      case L2I -> s.push((int) l(s));
      case L2F -> s.push((float) l(s));
      case L2D -> s.push((double) l(s));
      case F2I -> s.push((int) f(s));
      case F2L -> s.push((long) f(s));
      case F2D -> s.push((double) f(s));
      case D2I -> s.push((int) d(s));
      case D2L -> s.push((long) d(s));
      case D2F -> s.push((float) d(s));
      case I2B -> s.push((int) (byte) i(s));
      case I2C -> s.push((int) (char) i(s));
      case I2S -> s.push((int) (short) i(s));
      case LCMP -> {
        long b = l(s);
        s.push(Long.compare(l(s), b));
      }
      case FCMPL, FCMPG -> {
        float b = f(s);
        float a = f(s);
        s.push(
            Float.isNaN(a) || Float.isNaN(b)
                ? (op == FCMPG ? 1 : -1)
                : a == b ? 0 : a < b ? -1 : 1);
      }
      case DCMPL, DCMPG -> {
        double b = d(s);
        double a = d(s);
        s.push(
            Double.isNaN(a) || Double.isNaN(b)
                ? (op == DCMPG ? 1 : -1)
                : a == b ? 0 : a < b ? -1 : 1);
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private static int i(Deque<Object> s) {
    return (Integer) s.pop();
  }

  private static long l(Deque<Object> s) {
    return (Long) s.pop();
  }

  private static float f(Deque<Object> s) {
    return (Float) s.pop();
  }

  private static double d(Deque<Object> s) {
    return (Double) s.pop();
  }
}
