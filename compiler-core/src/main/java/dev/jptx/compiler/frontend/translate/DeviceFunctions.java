package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.classes.PtxNames;
import dev.jptx.compiler.frontend.classes.SourceLines;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.FunctionAttributes;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The static methods kernels call, each translated once into a device function of the module
 * (whatever number of call sites and kernels reach it; recursion included). A device function takes
 * Java's stack types, and each array as a generic address and an {@code i32} length, so one body
 * serves arrays in global, shared, local and constant memory. Symbols are {@code
 * SimpleClassName_method}, made unique in the module in discovery order.
 */
public final class DeviceFunctions {
  /**
   * A method called as a device function; an {@code instance} method (of a value record) takes its
   * record as a first parameter, which {@link #signature} adds.
   */
  private record Key(String owner, String name, String descriptor, boolean instance) {
    String signature() {
      return instance ? "(L" + owner + ";" + descriptor.substring(1) : descriptor;
    }
  }

  private record Pending(Key key, ClassNode owner, MethodNode method, Function f, String caller) {}

  private final TranslationUnit unit;
  private final Map<Key, String> symbols = new HashMap<>();
  private final Set<String> reserved = new HashSet<>();
  private final Queue<Pending> queue = new ArrayDeque<>();
  private final List<Function> translated = new ArrayList<>();
  // every symbol handed out, and its function: a kernel calling thousands of device functions
  // asked each new name against every earlier one
  private final Map<String, Function> bySymbol = new HashMap<>();
  private final Map<ClassNode, Map<String, MethodNode>> methodIndex = new IdentityHashMap<>();

  DeviceFunctions(TranslationUnit unit) {
    this.unit = unit;
  }

  /** Keeps kernel entry names free for their kernels. */
  public void reserve(String symbol) {
    reserved.add(symbol);
  }

  /**
   * The symbol of {@code owner.name descriptor} as a device function, queueing it for translation
   * on first use; null (after reporting why at {@code cx}'s position) if it cannot be one.
   */
  public String symbolFor(String owner, String name, String descriptor, TranslationContext cx) {
    return symbolFor(owner, name, descriptor, false, cx);
  }

  /**
   * As {@link #symbolFor(String, String, String, TranslationContext)}, for a record's method too.
   */
  String symbolFor(
      String owner, String name, String descriptor, boolean instance, TranslationContext cx) {
    Key key = new Key(owner, name, descriptor, instance);
    String known = symbols.get(key);
    if (known != null) {
      return known;
    }
    String javaName = owner.replace('/', '.') + "." + name;
    ClassNode c = unit.classNode(owner).orElse(null);
    if (c == null) {
      cx.error("cannot find class " + owner.replace('/', '.') + " (called as " + javaName + ")");
      return null;
    }
    MethodNode m = methodsOf(c).get(name + descriptor);
    if (m == null) {
      cx.error(
          "cannot find method "
              + javaName
              + descriptor
              + " (a method inherited from a"
              + " superclass must be called on the class that declares it)");
      return null;
    }
    if ((m.access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) != 0) {
      cx.error("native method " + javaName + " cannot run on the GPU");
      return null;
    }
    String problem = DeviceSignature.problem(key.signature(), unit.records);
    if (problem != null) {
      cx.error("device function " + javaName + ": " + problem);
      return null;
    }
    String simple = owner.substring(owner.lastIndexOf('/') + 1).replace('$', '_');
    String symbol = unique(PtxNames.sanitize(simple + "_" + name));
    symbols.put(key, symbol);
    Function f =
        new Function(
            symbol, Function.Kind.DEVICE, DeviceSignature.returnType(descriptor, unit.records));
    bySymbol.put(symbol, f);
    queue.add(new Pending(key, c, m, f, cx.kernelName()));
    return symbol;
  }

  /**
   * {@code c}'s methods by name and descriptor, indexed once per class: a class of thousands of
   * device functions was searched method by method for each of them.
   */
  private Map<String, MethodNode> methodsOf(ClassNode c) {
    return methodIndex.computeIfAbsent(
        c,
        k -> {
          Map<String, MethodNode> byName = new HashMap<>();
          for (MethodNode m : k.methods) {
            byName.putIfAbsent(m.name + m.desc, m);
          }
          return byName;
        });
  }

  private String unique(String base) {
    String n = base;
    for (int k = 1; reserved.contains(n) || bySymbol.containsKey(n); k++) {
      n = base + "_" + k;
    }
    return n;
  }

  /** The IR function of a queued symbol: its signature, before or after translation. */
  Function declaration(String symbol) {
    Function f = bySymbol.get(symbol);
    if (f == null) {
      throw new IllegalStateException("no device function @" + symbol);
    }
    return f;
  }

  /** Translates every queued function, and the ones they call, into the module. */
  public void translateAll() {
    while (!queue.isEmpty()) {
      Pending p = queue.peek();
      translate(p);
      queue.poll();
      translated.add(p.f());
    }
  }

  /** The translated functions, in discovery order; those with errors are left out. */
  public List<Function> functions() {
    return translated;
  }

  private void translate(Pending p) {
    Function f = p.f();
    String file = SourceLines.sourceFile(p.owner());
    String javaName = p.owner().name.replace('/', '.') + "." + p.method().name;
    FunctionAttributes a =
        FunctionAttributes.NONE
            .withOrigin(file, javaName)
            .withNoInline(KernelScanner.hasAnnotation(p.method(), KernelScanner.NO_INLINE))
            .withNoOutline(KernelScanner.hasAnnotation(p.method(), KernelScanner.NO_OUTLINE));
    f.setAttributes(a);
    Block entry = f.addBlock();
    TranslationContext cx = new TranslationContext(f, unit.diagnostics, file, p.caller(), unit);
    cx.setMessagePrefix("in device function " + javaName + ": ");
    cx.block = entry;
    cx.line = SourceLines.firstLine(p.method());
    List<Operand> args = new ArrayList<>();
    if (unit.records.isValue(org.objectweb.asm.Type.getReturnType(p.key().descriptor()))) {
      cx.recordResult = f.addParam(new PointerType(AddressSpace.GENERIC));
    }
    for (org.objectweb.asm.Type t : org.objectweb.asm.Type.getArgumentTypes(p.key().signature())) {
      if (unit.records.isValue(t)) {
        args.add(RecordValues.assemble(unit.records, t, x -> f.addParam(JavaTypes.stackType(x))));
      } else if (JavaTypes.isArrayOfPrimitiveArrays(t)) {
        PointerType generic = new PointerType(AddressSpace.GENERIC);
        args.add(
            new Operand.RowTable(
                f.addParam(generic),
                f.addParam(generic),
                f.addParam(dev.jptx.compiler.ir.ScalarType.I32),
                t.getElementType()));
      } else if (t.getSort() == org.objectweb.asm.Type.ARRAY) {
        args.add(
            new Operand.ArrayRef(
                f.addParam(new PointerType(AddressSpace.GENERIC)),
                f.addParam(dev.jptx.compiler.ir.ScalarType.I32),
                t.getElementType(),
                false));
      } else {
        args.add(new Operand.Scalar(f.addParam(JavaTypes.stackType(t))));
      }
    }
    if (DeviceSignature.returnsArray(p.key().descriptor())) {
      cx.arrayResult = f.addParam(new PointerType(AddressSpace.GENERIC));
      cx.arrayResultElement =
          org.objectweb.asm.Type.getReturnType(p.key().descriptor()).getElementType();
    }
    new MethodTranslator(p.owner(), p.method(), cx).translate(entry, args);
    if (!cx.hasErrors()) {
      TrivialPhiCleanup.run(f);
      unit.translated.add(cx);
    }
  }

  /** What a Java method descriptor allows as a device function signature. */
  static final class DeviceSignature {
    private DeviceSignature() {}

    static String problem(String descriptor, RecordTypes records) {
      for (org.objectweb.asm.Type t : org.objectweb.asm.Type.getArgumentTypes(descriptor)) {
        if (!JavaTypes.isKernelParameter(t) && !records.isValue(t)) {
          return "parameters of type "
              + t.getClassName()
              + " are not supported (primitives, primitive arrays, arrays of primitive arrays and"
              + " records of primitives are)";
        }
      }
      org.objectweb.asm.Type r = org.objectweb.asm.Type.getReturnType(descriptor);
      if (r.getSort() != org.objectweb.asm.Type.VOID
          && !JavaTypes.isPrimitive(r)
          && !JavaTypes.isPrimitiveArray(r)
          && !records.isValue(r)) {
        return "returning "
            + r.getClassName()
            + " is not supported (only primitives, primitive arrays and records of primitives)";
      }
      return null;
    }

    /**
     * True if the function returns an array: its IR function returns nothing and takes one more
     * parameter, the generic address of 16 bytes of the caller's frame where it stores the array's
     * generic address (offset 0) and its length (offset 8).
     */
    static boolean returnsArray(String descriptor) {
      return org.objectweb.asm.Type.getReturnType(descriptor).getSort()
          == org.objectweb.asm.Type.ARRAY;
    }

    /**
     * The IR result type: none for an array or a record, which the callee stores in its caller's
     * buffer.
     */
    static Type returnType(String descriptor, RecordTypes records) {
      org.objectweb.asm.Type r = org.objectweb.asm.Type.getReturnType(descriptor);
      return r.getSort() == org.objectweb.asm.Type.VOID
              || returnsArray(descriptor)
              || records.isValue(r)
          ? VoidType.VOID
          : JavaTypes.stackType(r);
    }
  }
}
