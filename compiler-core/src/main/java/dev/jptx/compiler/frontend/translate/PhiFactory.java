package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
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
 * address and its length), three per array of arrays, one per primitive component of a value
 * record, none for slots of other types, which only poison reaches.
 */
final class PhiFactory implements SsaBuilder.PhiMaker {
  private final Function f;
  private final java.util.function.Consumer<String> errors;
  private final RecordTypes records;

  /** Phis in {@code f}; {@code errors} hears of arrays of arrays that cannot meet. */
  PhiFactory(Function f, java.util.function.Consumer<String> errors, RecordTypes records) {
    this.f = f;
    this.errors = errors;
    this.records = records;
  }

  @Override
  public Operand create(Block block, SlotType type) {
    org.objectweb.asm.Type t = type.type();
    if (t != null && JavaTypes.isPrimitive(t)) {
      return new Operand.Scalar(phi(block, JavaTypes.stackType(t)));
    }
    if (records.isValue(t)) {
      return RecordValues.assemble(records, t, leaf -> phi(block, JavaTypes.stackType(leaf)));
    }
    if (t != null && (JavaTypes.isPrimitiveArray(t) || isPrintfBuffer(t))) {
      AddressSpace space = type.space() == null ? AddressSpace.GLOBAL : type.space();
      Value address = phi(block, new PointerType(space));
      Value length = phi(block, ScalarType.I32);
      return new Operand.ArrayRef(address, length, t.getElementType(), false);
    }
    if (t != null && JavaTypes.isArrayOfPrimitiveArrays(t)) {
      if (type.space() == AddressSpace.LOCAL) {
        Value data = phi(block, new PointerType(AddressSpace.LOCAL));
        Value columns = phi(block, ScalarType.I32);
        return new Operand.LocalRows(data, columns, phi(block, ScalarType.I32), t.getElementType());
      }
      PointerType space =
          new PointerType(type.space() == null ? AddressSpace.GLOBAL : type.space());
      Value rows = phi(block, space);
      Value lengths = phi(block, space);
      return new Operand.RowTable(rows, lengths, phi(block, ScalarType.I32), t.getElementType());
    }
    return new Operand.Poison(type);
  }

  /** printf's {@code Object[]} of arguments, which translation keeps as a local buffer. */
  private static boolean isPrintfBuffer(org.objectweb.asm.Type t) {
    return t.getDescriptor().equals("[Ljava/lang/Object;");
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
      Type want = f.type(a.address());
      for (int k = 0; k < incoming.size(); k++) {
        if (incoming.get(k) instanceof Operand.ArrayRef in) {
          addresses.add(convert(in.address(), want, preds.get(k)));
          lengths.add(in.length());
        } else {
          addresses.add(f.constant(want, 0));
          lengths.add(f.i32(0));
        }
      }
      set(a.address(), preds, addresses);
      set(a.length(), preds, lengths);
    } else if (phi instanceof Operand.RowTable || phi instanceof Operand.LocalRows) {
      completeRows(phi, preds, incoming);
    } else if (phi instanceof Operand.RecordValue r) {
      completeRecord(r, preds, incoming);
    }
  }

  /** Each component's phi gets that component of each incoming record (poison: zeros). */
  private void completeRecord(Operand.RecordValue r, List<Block> preds, List<Operand> incoming) {
    for (int k = 0; k < r.components().size(); k++) {
      List<Operand> parts = new ArrayList<>();
      for (Operand in : incoming) {
        parts.add(
            in instanceof Operand.RecordValue v
                ? v.components().get(k)
                : new Operand.Poison(SlotType.UNUSABLE));
      }
      complete(r.components().get(k), preds, parts);
    }
  }

  /**
   * The three phis of an array of arrays. A table's rows hold addresses of one space, so a local
   * block and a table (or tables of two spaces) cannot meet: that is reported, not converted.
   */
  private void completeRows(Operand phi, List<Block> preds, List<Operand> incoming) {
    List<Value> mine = parts(phi);
    List<List<Value>> values = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (Operand in : incoming) {
      List<Value> theirs = in.getClass() == phi.getClass() ? parts(in) : List.of();
      boolean fits = theirs.size() == 3;
      for (int k = 0; k < 3 && fits; k++) {
        fits = f.type(theirs.get(k)).equals(f.type(mine.get(k)));
      }
      if (!fits && !(in instanceof Operand.Poison)) {
        errors.accept(
            "an array of arrays that comes from different places (a local array, a parameter) on"
                + " different paths is not supported in kernels");
      }
      for (int k = 0; k < 3; k++) {
        values.get(k).add(fits ? theirs.get(k) : f.constant(f.type(mine.get(k)), 0));
      }
    }
    for (int k = 0; k < 3; k++) {
      set(mine.get(k), preds, values.get(k));
    }
  }

  private static List<Value> parts(Operand rows) {
    return rows instanceof Operand.RowTable t
        ? List.of(t.rows(), t.lengths(), t.count())
        : List.of(
            ((Operand.LocalRows) rows).data(),
            ((Operand.LocalRows) rows).columns(),
            ((Operand.LocalRows) rows).count());
  }

  /**
   * An incoming address in the phi's type: arrays from different spaces meet in a generic phi, so
   * each specific one is converted at the end of its predecessor.
   */
  private Value convert(Value address, Type want, Block pred) {
    Type have = f.type(address);
    if (have.equals(want)) {
      return address;
    }
    if (!(want instanceof PointerType p) || p.space() != AddressSpace.GENERIC) {
      throw new IllegalStateException("array of " + have.text() + " meets a phi of " + want.text());
    }
    dev.jptx.compiler.ir.Inst t = f.terminator(pred);
    InstData cast = new InstData.Cast(dev.jptx.compiler.ir.Opcode.ADDRSPACECAST, address);
    return f.result(
        t == null ? f.append(pred, cast, want, 0) : f.insertBefore(t, cast, want, f.line(t)));
  }

  private void set(Value phi, List<Block> preds, List<Value> values) {
    f.setData(f.definingInst(phi), new InstData.Phi(preds, values));
  }
}
