package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;

/**
 * The arguments of a call of a device function, popped from the operand stack in the device
 * function ABI: a primitive as itself, an array as its generic address then its length, so one
 * function body serves arrays in any state space, an array of arrays as its row-address table, its
 * row-length table and its row count.
 */
public final class CallArguments {
  private CallArguments() {}

  /**
   * Pops the arguments of a method with descriptor {@code descriptor}; null if one of them is
   * poison (already reported).
   */
  public static List<Value> pop(TranslationContext cx, String descriptor) {
    return pop(cx, Type.getArgumentTypes(descriptor).length);
  }

  /**
   * Pops {@code count} arguments (a record's instance method has its record first); null if one of
   * them is poison (already reported).
   */
  static List<Value> pop(TranslationContext cx, int count) {
    List<Operand> operands = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      operands.add(0, cx.pop());
    }
    List<Value> args = new ArrayList<>();
    boolean poisoned = false;
    for (Operand o : operands) {
      if (o instanceof Operand.ArrayRef a) {
        args.add(Addresses.generic(cx, a.address()));
        args.add(a.length());
      } else if (o instanceof Operand.RowTable t) {
        // a global table holds global row addresses, which are generic ones too
        args.add(Addresses.generic(cx, t.rows()));
        args.add(Addresses.generic(cx, t.lengths()));
        args.add(t.count());
      } else if (o instanceof Operand.LocalRows) {
        cx.error(
            "a local array of arrays cannot be passed to a device function (pass its rows one by"
                + " one)");
        poisoned = true;
      } else {
        poisoned |= !RecordValues.flatten(o, args);
      }
    }
    return poisoned ? null : args;
  }
}
