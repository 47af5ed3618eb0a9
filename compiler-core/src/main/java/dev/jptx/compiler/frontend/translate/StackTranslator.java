package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;

/** Constants and the stack shuffles ({@code pop dup swap} and their category-2 forms). */
final class StackTranslator implements Opcodes {
  private final TranslationContext cx;

  StackTranslator(TranslationContext cx) {
    this.cx = cx;
  }

  /** Translates {@code n} if it pushes a constant or shuffles the stack; false otherwise. */
  boolean translate(AbstractInsnNode n) {
    int op = n.getOpcode();
    if (op >= ICONST_M1 && op <= ICONST_5) {
      cx.push(cx.f.i32(op - ICONST_0));
    } else if (op == LCONST_0 || op == LCONST_1) {
      cx.push(cx.f.i64(op - LCONST_0));
    } else if (op >= FCONST_0 && op <= FCONST_2) {
      cx.push(f32(op - FCONST_0));
    } else if (op == DCONST_0 || op == DCONST_1) {
      cx.push(f64(op - DCONST_0));
    } else if (op == BIPUSH || op == SIPUSH) {
      cx.push(cx.f.i32(((IntInsnNode) n).operand));
    } else if (op == LDC) {
      ldc((LdcInsnNode) n);
    } else if (op >= POP && op <= SWAP) {
      shuffle(op);
    } else {
      return false;
    }
    return true;
  }

  private Value f32(float v) {
    return cx.f.constant(ScalarType.F32, Float.floatToRawIntBits(v) & 0xFFFFFFFFL);
  }

  private Value f64(double v) {
    return cx.f.constant(ScalarType.F64, Double.doubleToRawLongBits(v));
  }

  private void ldc(LdcInsnNode n) {
    Object cst = n.cst;
    if (cst instanceof Integer i) {
      cx.push(cx.f.i32(i));
    } else if (cst instanceof Long l) {
      cx.push(cx.f.i64(l));
    } else if (cst instanceof Float fl) {
      cx.push(f32(fl));
    } else if (cst instanceof Double d) {
      cx.push(f64(d));
    } else {
      if (!(cst instanceof String)) {
        cx.error("class literals and method handles are not supported in kernels");
      } else if (!cx.printfFormats.contains(n)) {
        cx.error(StringLiterals.NOT_SUPPORTED);
      }
      cx.push(new Operand.Poison(SlotType.UNUSABLE));
    }
  }

  /** True for a category-2 value ({@code long}, {@code double}), which fills two JVM slots. */
  private boolean wide(Operand o) {
    return o instanceof Operand.Scalar s && cx.f.type(s.value()).bits() == 64
        || o instanceof Operand.Poison p && p.type().getSize() == 2;
  }

  /** The JVM's stack shuffles; forms 2 read as "one category-2 value or two category-1". */
  private void shuffle(int op) {
    switch (op) {
      case POP -> cx.pop();
      case POP2 -> {
        if (!wide(cx.pop())) {
          cx.pop();
        }
      }
      case DUP -> cx.push(cx.peek(0));
      case DUP_X1 -> insert(cx.peek(0), 2);
      case DUP_X2 -> insert(cx.peek(0), wide(cx.peek(1)) ? 2 : 3);
      case DUP2 -> {
        if (wide(cx.peek(0))) {
          cx.push(cx.peek(0));
        } else {
          Operand a = cx.peek(1);
          Operand b = cx.peek(0);
          cx.push(a);
          cx.push(b);
        }
      }
      case DUP2_X1 -> dup2Below(1);
      case DUP2_X2 -> dup2Below(wideBelowTopPair() ? 1 : 2);
      default -> {
        Operand b = cx.pop();
        Operand a = cx.pop();
        cx.push(b);
        cx.push(a);
      }
    }
  }

  private boolean wideBelowTopPair() {
    int below = wide(cx.peek(0)) ? 1 : 2;
    return wide(cx.peek(below));
  }

  /** Copies the top category-2 value (or top two values) below {@code depth} more entries. */
  private void dup2Below(int depth) {
    if (wide(cx.peek(0))) {
      insert(cx.peek(0), 1 + depth);
    } else {
      Operand a = cx.peek(1);
      Operand b = cx.peek(0);
      insert(b, 2 + depth);
      insert(a, 3 + depth);
    }
  }

  /** Inserts {@code o} so that {@code below} entries sit above it. */
  private void insert(Operand o, int below) {
    java.util.List<Operand> s = cx.stack();
    s.add(s.size() - below, o);
  }
}
