package dev.jptx.compiler.frontend.translate;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Records of primitives as values (scalar replacement in the front end): {@code new R(...)} becomes
 * the tuple of its components, an accessor or a field read selects one, and every way a record
 * could escape as an object (a field, an array, {@code ==}, its generated {@code equals}) is
 * reported at its line.
 */
final class RecordTranslator implements Opcodes {
  private final TranslationContext cx;

  RecordTranslator(TranslationContext cx) {
    this.cx = cx;
  }

  /** Translates {@code n} if it creates, reads or lets escape a record; false otherwise. */
  boolean translate(AbstractInsnNode n) {
    int op = n.getOpcode();
    if (op == NEW && cx.unit.records.isRecord(typeOf(n))) {
      newRecord(typeOf(n));
    } else if (op == GETSTATIC && cx.unit.records.isRecord(fieldType(n))) {
      staticRecord((FieldInsnNode) n);
    } else if (op == GETFIELD && cx.unit.records.isRecord(ownerOf(n))) {
      readField((FieldInsnNode) n);
    } else if ((op == PUTFIELD || op == PUTSTATIC) && isRecord(cx.peek(0))) {
      escape(cx.peek(0), "stored in a field");
      cx.pop();
      if (op == PUTFIELD) {
        cx.pop();
      }
    } else if (op == AASTORE && isRecord(cx.peek(0))) {
      if (cx.peek(2) instanceof Operand.ArrayRef) {
        escape(cx.peek(0), "stored in an array");
      }
      cx.pop();
      cx.pop();
      cx.pop();
    } else if (op == ANEWARRAY && cx.unit.records.isRecord(typeOf(n))) {
      newRecordArray(typeOf(n));
    } else if (op == AALOAD && isRecordArray(cx.peek(1))) {
      // the array of records was reported where it was made
      Type array = ((Operand.Poison) cx.peek(1)).type().type();
      cx.pop();
      cx.pop();
      cx.push(new Operand.Poison(new SlotType(array.getElementType())));
    } else if (op == CHECKCAST && cx.peek(0) instanceof Operand.RecordValue r) {
      // a cast to the record's own type (generic code erased to it) changes nothing
      if (!r.type().equals(typeOf(n))) {
        escape(r, "cast to " + typeOf(n).getClassName());
      }
    } else {
      return false;
    }
    return true;
  }

  private boolean isRecordArray(Operand o) {
    return o instanceof Operand.Poison p
        && p.type().type() != null
        && p.type().type().getSort() == Type.ARRAY
        && cx.unit.records.isRecord(p.type().type().getElementType());
  }

  /** True if {@code o} is a record value (or one still being constructed). */
  static boolean isRecord(Operand o) {
    return o instanceof Operand.RecordValue || o instanceof Operand.Unconstructed;
  }

  /** The error for a record used as an object. */
  void escape(Operand record, String how) {
    Type t =
        record instanceof Operand.RecordValue r ? r.type() : ((Operand.Unconstructed) record).type;
    cx.error(
        "record "
            + t.getClassName()
            + " "
            + how
            + ": records are values in kernels (no object exists at run time), so a record"
            + " cannot be stored in a field or an array, compared with == or used as a lock");
  }

  /** A {@code static final} record would need the static initializer to build records. */
  private void staticRecord(FieldInsnNode f) {
    Type t = Type.getType(f.desc);
    cx.error(
        "reading static field "
            + f.owner.replace('/', '.')
            + "."
            + f.name
            + " of record type "
            + t.getClassName()
            + " is not supported in kernels: create the record in the kernel (new) instead");
    cx.push(new Operand.Poison(new SlotType(t)));
  }

  /** Arrays of records are not supported yet (docs/records.md says what their layout would be). */
  private void newRecordArray(Type element) {
    cx.error(
        "arrays of records ("
            + element.getClassName()
            + "[]) are not supported in kernels; use one primitive array per component");
    cx.pop();
    cx.push(new Operand.Poison(new SlotType(Type.getType("[" + element.getDescriptor()))));
  }

  private void newRecord(Type t) {
    if (cx.unit.records.layout(t) == null) {
      cx.error(cx.unit.records.whyNotValue(t));
      cx.push(new Operand.Poison(new SlotType(t)));
    } else {
      cx.push(new Operand.Unconstructed(t));
    }
  }

  private void readField(FieldInsnNode f) {
    Operand o = cx.pop();
    if (o instanceof Operand.RecordValue r) {
      int k = cx.unit.records.layout(r.type()).indexOf(f.name);
      cx.push(r.components().get(k));
    } else {
      cx.push(new Operand.Poison(new TypeInterpreter().newValue(Type.getType(f.desc))));
    }
  }

  /**
   * Translates a call of a record's constructor or instance method; false if {@code m} is not on a
   * record. An instance method other than a plain accessor is a device function whose first
   * argument is the record.
   */
  boolean invoke(MethodInsnNode m, InvokeTranslator calls) {
    Type owner = Type.getObjectType(m.owner);
    if (m.getOpcode() == INVOKESTATIC || !cx.unit.records.isRecord(owner)) {
      return false;
    }
    RecordTypes.Layout layout = cx.unit.records.layout(owner);
    if (layout == null) {
      // such a record cannot exist here: its creation or its parameter was reported
      calls.reject(m.desc, false, null);
    } else if (m.name.equals("<init>")) {
      construct(layout, m);
    } else if (isObjectMethod(m)) {
      calls.reject(
          m.desc,
          false,
          owner.getClassName()
              + "."
              + m.name
              + " is not supported in kernels: a record's equals, hashCode and toString are"
              + " generated for objects; compare or print the components instead");
    } else if (isAccessor(layout, m) && cx.peek(0) instanceof Operand.RecordValue r) {
      cx.pop();
      cx.push(r.components().get(layout.indexOf(m.name)));
    } else {
      calls.callDevice(m, true);
    }
    return true;
  }

  private void construct(RecordTypes.Layout layout, MethodInsnNode m) {
    int n = Type.getArgumentCount(m.desc);
    List<Operand> args = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      args.add(0, cx.pop());
    }
    Operand receiver = cx.pop();
    if (!(receiver instanceof Operand.Unconstructed u)) {
      if (!(receiver instanceof Operand.Poison)) {
        // only a join the SSA builder could not see through (a loop header) makes a phi of it
        cx.error(
            "a loop inside the arguments of new "
                + layout.javaName()
                + "(...) is not supported in kernels: compute the arguments into locals first");
      }
      // the copies left on the stack become poison so that nothing uses a half-made record
      replace(receiver, new Operand.Poison(new SlotType(Type.getObjectType(layout.node().name))));
      return;
    }
    RecordConstructors.Summary s = RecordConstructors.of(layout, m.desc);
    Operand result;
    if (s.problem() != null) {
      cx.error(s.problem());
      result = new Operand.Poison(new SlotType(u.type));
    } else {
      List<Operand> components = new ArrayList<>();
      for (int a : s.arguments()) {
        components.add(args.get(a));
      }
      result = new Operand.RecordValue(u.type, components);
    }
    replace(u, result);
  }

  /** Replaces every copy of {@code made} on the stack ({@code new R; dup}) with {@code result}. */
  private void replace(Operand made, Operand result) {
    List<Operand> stack = cx.stack();
    for (int k = 0; k < stack.size(); k++) {
      if (stack.get(k) == made) {
        stack.set(k, result);
      }
    }
  }

  private static boolean isObjectMethod(MethodInsnNode m) {
    return m.name.equals("equals") && m.desc.equals("(Ljava/lang/Object;)Z")
        || m.name.equals("hashCode") && m.desc.equals("()I")
        || m.name.equals("toString") && m.desc.equals("()Ljava/lang/String;");
  }

  /** True for a component's accessor that only returns the field (the generated one). */
  private static boolean isAccessor(RecordTypes.Layout layout, MethodInsnNode m) {
    int k = layout.indexOf(m.name);
    if (k < 0 || !m.desc.equals("()" + layout.components().get(k).type().getDescriptor())) {
      return false;
    }
    for (MethodNode method : layout.node().methods) {
      if (method.name.equals(m.name) && method.desc.equals(m.desc)) {
        return onlyReadsField(method, m.name);
      }
    }
    return false;
  }

  private static boolean onlyReadsField(MethodNode method, String field) {
    List<AbstractInsnNode> real = new ArrayList<>();
    for (AbstractInsnNode n : method.instructions) {
      if (n.getOpcode() >= 0) {
        real.add(n);
      }
    }
    return real.size() == 3
        && real.get(0).getOpcode() == ALOAD
        && real.get(1) instanceof FieldInsnNode f
        && f.getOpcode() == GETFIELD
        && f.name.equals(field)
        && real.get(2).getOpcode() >= IRETURN
        && real.get(2).getOpcode() <= ARETURN;
  }

  private static Type typeOf(AbstractInsnNode n) {
    return Type.getObjectType(((TypeInsnNode) n).desc);
  }

  private static Type fieldType(AbstractInsnNode n) {
    return Type.getType(((FieldInsnNode) n).desc);
  }

  private static Type ownerOf(AbstractInsnNode n) {
    return Type.getObjectType(((FieldInsnNode) n).owner);
  }
}
