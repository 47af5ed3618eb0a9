package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.ClassMembers;
import dev.jptx.compiler.frontend.classes.ClinitEvaluator;
import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.classes.PtxNames;
import dev.jptx.compiler.frontend.classes.StaticInitializers;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.GlobalVariable;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * Reads of {@code static final} fields: primitives are folded to constants (from the {@code
 * ConstantValue} attribute, or the static initializer), and primitive arrays become initialised
 * module variables, in {@code .const} memory while the module's tables fit its 64 KiB and in {@code
 * .global} memory after that. Each array is one variable however many functions read it.
 */
final class StaticData {
  /** The constant bank a module may fill. */
  static final int CONST_BYTES = 64 * 1024;

  private record Table(String symbol, AddressSpace space, int length) {}

  private final TranslationUnit unit;
  private final StaticInitializers initializers;
  private final Map<String, Table> tables = new HashMap<>();
  private long constBytes;

  StaticData(TranslationUnit unit) {
    this.unit = unit;
    this.initializers = new StaticInitializers(unit::classNode);
  }

  /**
   * Pushes the value of a {@code getstatic} of a {@code static final} primitive or primitive array
   * (reporting one whose value is not constant); false, doing nothing, for any other field.
   */
  boolean get(FieldInsnNode n, TranslationContext cx) {
    String name = n.owner.replace('/', '.') + "." + n.name;
    ClassNode c = unit.classNode(n.owner).orElse(null);
    FieldNode field = c == null ? null : ClassMembers.field(c, n.name);
    Type t = Type.getType(n.desc);
    boolean constant =
        field != null && (field.access & (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL)) == 0x18;
    if (!constant
        || n.name.startsWith("$")
        || !(JavaTypes.isPrimitive(t) || JavaTypes.isPrimitiveArray(t))) {
      return false;
    }
    Object v =
        field.value != null ? ClinitEvaluator.bitsOf(field.value) : initializer(c).get(n.name);
    if (JavaTypes.isPrimitive(t)) {
      if (!(v instanceof Long bits)) {
        cx.error(
            "static final field "
                + name
                + " is not a compile-time constant: kernels can read only constants");
        cx.push(new Operand.Poison(new TypeInterpreter().newValue(t)));
        return true;
      }
      cx.push(cx.f.constant(JavaTypes.stackType(t), bits));
      return true;
    }
    if (v instanceof ClinitEvaluator.Unevaluated u) {
      // its table would hold what the initializer's start left (zeros), not what the JVM holds
      cx.error(
          "static final array "
              + name
              + " is filled by code in the static initializer that jptx cannot evaluate ("
              + (u.line() > 0 ? "line " + u.line() + ": " : "")
              + "it "
              + u.why()
              + "): a table must hold what the JVM holds");
      cx.push(new Operand.Poison(new TypeInterpreter().newValue(t)));
      return true;
    }
    if (!(v instanceof ClinitEvaluator.ArrayValue array)) {
      cx.error(
          "static final array "
              + name
              + " must be initialised with constant elements in its declaration (new int[] {1, 2})");
      cx.push(new Operand.Poison(new TypeInterpreter().newValue(t)));
      return true;
    }
    Table table = tables.computeIfAbsent(name, k -> declare(n, array));
    Value address =
        cx.emit(new InstData.GlobalAddress(table.symbol()), new PointerType(table.space()));
    cx.push(new Operand.ArrayRef(address, cx.f.i32(table.length()), array.elementType(), true));
    return true;
  }

  /**
   * The space a {@code static final} array read by {@code getstatic} lives in (declaring its table
   * now); {@code const} for anything that is not such an array, which translation reports.
   */
  AddressSpace spaceOf(FieldInsnNode n) {
    String name = n.owner.replace('/', '.') + "." + n.name;
    Table known = tables.get(name);
    if (known != null) {
      return known.space();
    }
    ClassNode c = unit.classNode(n.owner).orElse(null);
    FieldNode field = c == null ? null : ClassMembers.field(c, n.name);
    if (field == null
        || (field.access & (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL)) != 0x18
        || !JavaTypes.isPrimitiveArray(Type.getType(n.desc))
        || !(initializer(c).get(n.name) instanceof ClinitEvaluator.ArrayValue array)) {
      return AddressSpace.CONST;
    }
    return tables.computeIfAbsent(name, k -> declare(n, array)).space();
  }

  private Table declare(FieldInsnNode n, ClinitEvaluator.ArrayValue array) {
    ScalarType elem = JavaTypes.memoryType(array.elementType());
    int size = Math.max(1, elem.bits() / 8);
    long bytes = (long) size * array.bits().length;
    AddressSpace space = AddressSpace.CONST;
    if (constBytes + bytes > CONST_BYTES) {
      space = AddressSpace.GLOBAL;
    } else {
      constBytes += bytes;
    }
    String simple = n.owner.substring(n.owner.lastIndexOf('/') + 1);
    String symbol = unit.module.uniqueName(PtxNames.sanitize(simple + "_" + n.name));
    List<Long> init = new ArrayList<>();
    for (long b : array.bits()) {
      init.add(b);
    }
    int count = array.bits().length;
    if (count == 0) {
      // PTX has no empty arrays; one unread element stands in
      count = 1;
      init = List.of(0L);
    }
    unit.module.addGlobal(
        new GlobalVariable(symbol, space, elem, count, Math.max(4, size), init, false));
    return new Table(symbol, space, array.bits().length);
  }

  private Map<String, Object> initializer(ClassNode c) {
    return initializers.of(c);
  }
}
