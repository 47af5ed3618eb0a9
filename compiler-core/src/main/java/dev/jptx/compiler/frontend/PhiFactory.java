package dev.jptx.compiler.frontend;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes the phis {@link SsaBuilder} asks for: one per primitive slot, two per array slot (its
 * address and its length), none for slots of other types, which only poison reaches.
 */
final class PhiFactory implements SsaBuilder.PhiMaker {
  private static final Type GLOBAL_PTR = new PointerType(AddressSpace.GLOBAL);

  private final Function f;

  PhiFactory(Function f) {
    this.f = f;
  }

  @Override
  public Operand create(Block block, SlotType type) {
    org.objectweb.asm.Type t = type.type();
    if (t != null && JavaTypes.isPrimitive(t)) {
      return new Operand.Scalar(phi(block, JavaTypes.stackType(t)));
    }
    if (t != null && JavaTypes.isPrimitiveArray(t)) {
      Value address = phi(block, GLOBAL_PTR);
      Value length = phi(block, ScalarType.I32);
      return new Operand.ArrayRef(address, length, t.getElementType(), false);
    }
    return new Operand.Poison(type);
  }

  private Value phi(Block block, Type type) {
    return f.result(f.insertAtStart(block, new InstData.Phi(List.of(), List.of()), type, 0));
  }

  @Override
  public void complete(Operand phi, List<Block> preds, List<Operand> incoming) {
    if (phi instanceof Operand.Scalar s) {
      List<Value> values = new ArrayList<>();
      for (Operand o : incoming) {
        values.add(o instanceof Operand.Scalar in ? in.value() : f.constant(f.type(s.value()), 0));
      }
      set(s.value(), preds, values);
    } else if (phi instanceof Operand.ArrayRef a) {
      List<Value> addresses = new ArrayList<>();
      List<Value> lengths = new ArrayList<>();
      for (Operand o : incoming) {
        if (o instanceof Operand.ArrayRef in) {
          addresses.add(in.address());
          lengths.add(in.length());
        } else {
          addresses.add(f.constant(GLOBAL_PTR, 0));
          lengths.add(f.i32(0));
        }
      }
      set(a.address(), preds, addresses);
      set(a.length(), preds, lengths);
    }
  }

  private void set(Value phi, List<Block> preds, List<Value> values) {
    f.setData(f.definingInst(phi), new InstData.Phi(preds, values));
  }
}
