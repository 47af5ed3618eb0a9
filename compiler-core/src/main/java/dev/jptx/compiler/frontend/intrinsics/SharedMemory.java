package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.classes.PtxNames;
import dev.jptx.compiler.frontend.translate.Operand;
import dev.jptx.compiler.frontend.translate.SlotType;
import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.GlobalVariable;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Type;

/**
 * {@code Gpu.sharedXxx(n)} and {@code Gpu.dynamicSharedXxx()}: shared memory as arrays.
 *
 * <p>Each call site of {@code sharedXxx} is one {@code __shared__} declaration: a module variable
 * in {@code .shared} space of constant length, named {@code Class_method_sharedK}. The variable
 * belongs to the call site (the translated function and the call's bytecode offset), not to a
 * caller, so a device function's array is one per block however often and from wherever it is
 * called, and inlining copies the reference, not the variable.
 *
 * <p>The dynamic shared memory is one {@code .extern .shared .align 16 .b8} array per module, its
 * length the launch's {@code %dynamic_smem_size} divided by the element size. A kernel may view it
 * as one element type only (API.md); since device functions are translated once for all kernels,
 * that is checked per kernel over the functions it calls, after the whole class is translated.
 */
final class SharedMemory {
  /** The 48 KiB of static shared memory a block may declare on every target. */
  static final int STATIC_LIMIT = 48 * 1024;

  /** An element type of shared arrays: the method-name suffix and the element's descriptor. */
  private record ElementKind(String plural, String descriptor) {}

  // spotless:off
  private static final List<ElementKind> KINDS = List.of(
      new ElementKind("Booleans", "Z"), new ElementKind("Bytes", "B"),
      new ElementKind("Shorts", "S"), new ElementKind("Chars", "C"),
      new ElementKind("Ints", "I"), new ElementKind("Longs", "J"),
      new ElementKind("Floats", "F"), new ElementKind("Doubles", "D"));
  // spotless:on

  private static final Map<String, Type> STATIC = methods("shared", "(I)");
  private static final Map<String, Type> DYNAMIC = methods("dynamicShared", "()");

  private record Site(String function, int bytecodeOffset) {}

  private record Declared(String symbol, int length) {}

  /** Where a function declares one static shared array, and its size in bytes. */
  private record StaticUse(Use at, String method, int length, int bytes, int align) {}

  /** Where a function first views the dynamic shared memory as one element type. */
  private record Use(String sourceFile, int line, int bytecodeOffset, String prefix) {}

  private final Module module;
  private final Map<Site, Declared> sites = new HashMap<>();
  private final Map<String, Integer> perFunction = new HashMap<>();
  private final Map<String, Map<Type, Use>> dynamicUses = new HashMap<>();
  private final Map<String, List<StaticUse>> staticUses = new HashMap<>();
  private String dynamicSymbol;

  SharedMemory(Module module) {
    this.module = module;
  }

  private static Map<String, Type> methods(String prefix, String params) {
    Map<String, Type> m = new HashMap<>();
    for (ElementKind k : KINDS) {
      m.put(prefix + k.plural() + params + "[" + k.descriptor(), Type.getType(k.descriptor()));
    }
    return Map.copyOf(m);
  }

  /** Translates a call of {@code Gpu.name descriptor}; false if it is no shared-memory method. */
  boolean translate(TranslationContext cx, String name, String descriptor) {
    Type elem = STATIC.get(name + descriptor);
    if (elem != null) {
      declare(cx, name, elem);
      return true;
    }
    elem = DYNAMIC.get(name + descriptor);
    if (elem != null) {
      dynamic(cx, elem);
      return true;
    }
    return false;
  }

  private void declare(TranslationContext cx, String name, Type elem) {
    Value n = cx.popScalar(ScalarType.I32);
    String problem = lengthProblem(cx, n, elem);
    if (problem != null) {
      cx.error("the length of Gpu." + name + " " + problem);
      cx.push(new Operand.Poison(new SlotType(Type.getType("[" + elem.getDescriptor()))));
      return;
    }
    int length = (int) cx.f.constantBits(n);
    Declared d =
        sites.computeIfAbsent(
            new Site(cx.f.name(), cx.bytecodeOffset()),
            s -> {
              int size = JavaTypes.byteSize(elem);
              staticUses
                  .computeIfAbsent(cx.f.name(), k -> new ArrayList<>())
                  .add(
                      new StaticUse(
                          new Use(
                              cx.sourceFile(), cx.line(), cx.bytecodeOffset(), cx.messagePrefix()),
                          name,
                          length,
                          Math.max(1, length) * size,
                          size));
              return variable(cx, elem, length);
            });
    Value address =
        cx.emit(new InstData.GlobalAddress(d.symbol()), new PointerType(AddressSpace.SHARED));
    cx.push(new Operand.ArrayRef(address, cx.f.i32(d.length()), elem, false));
  }

  /** Null if {@code n} is a usable length, else what is wrong with it. */
  private static String lengthProblem(TranslationContext cx, Value n, Type elem) {
    if (!cx.f.isConstant(n)) {
      return "must be a compile-time constant";
    }
    long length = (int) cx.f.constantBits(n);
    if (length < 0) {
      return "must not be negative (it is " + length + ")";
    }
    long bytes = length * JavaTypes.byteSize(elem);
    if (bytes > STATIC_LIMIT) {
      return "is "
          + length
          + " ("
          + bytes
          + " bytes), more than the "
          + STATIC_LIMIT
          + " bytes of static shared memory a block may declare";
    }
    return null;
  }

  private Declared variable(TranslationContext cx, Type elem, int length) {
    String java = cx.f.attributes().javaName();
    String method = java.substring(java.lastIndexOf('.') + 1);
    String owner = java.substring(0, Math.max(0, java.lastIndexOf('.')));
    String simple = owner.substring(owner.lastIndexOf('.') + 1);
    int k = perFunction.merge(cx.f.name(), 1, Integer::sum) - 1;
    String symbol = module.uniqueName(PtxNames.sanitize(simple + "_" + method + "_shared" + k));
    ScalarType t = JavaTypes.memoryType(elem);
    int size = JavaTypes.byteSize(elem);
    // PTX has no empty arrays; an unread element stands in for sharedXxx(0)
    module.addGlobal(
        new GlobalVariable(
            symbol, AddressSpace.SHARED, t, Math.max(1, length), size, List.of(), false));
    return new Declared(symbol, length);
  }

  private void dynamic(TranslationContext cx, Type elem) {
    if (dynamicSymbol == null) {
      dynamicSymbol = module.uniqueName("jptx_dynamic_shared");
      module.addGlobal(
          new GlobalVariable(
              dynamicSymbol, AddressSpace.SHARED, ScalarType.I8, 0, 16, List.of(), true));
    }
    dynamicUses
        .computeIfAbsent(cx.f.name(), k -> new LinkedHashMap<>())
        .putIfAbsent(
            elem, new Use(cx.sourceFile(), cx.line(), cx.bytecodeOffset(), cx.messagePrefix()));
    Value bytes =
        cx.emit(new InstData.IntrinsicCall(Intrinsic.DYNAMIC_SMEM_SIZE, List.of()), ScalarType.I32);
    int size = JavaTypes.byteSize(elem);
    Value length =
        size == 1
            ? bytes
            : cx.emit(
                new InstData.Binary(
                    Opcode.LSHR, bytes, cx.f.i32(Integer.numberOfTrailingZeros(size))),
                ScalarType.I32);
    Value address =
        cx.emit(new InstData.GlobalAddress(dynamicSymbol), new PointerType(AddressSpace.SHARED));
    cx.push(new Operand.ArrayRef(address, length, elem, false));
  }

  /**
   * Reports every kernel of {@code m} that views the dynamic shared memory as two element types,
   * counting the device functions it calls: at the first view of the second type.
   */
  void checkDynamicTypes(Module m, Diagnostics diagnostics) {
    if (dynamicUses.isEmpty()) {
      return;
    }
    for (Function k : m.functions()) {
      if (k.kind() != Function.Kind.KERNEL) {
        continue;
      }
      Map<Type, Use> seen = new LinkedHashMap<>();
      for (String fn : reachable(m, k)) {
        dynamicUses.getOrDefault(fn, Map.of()).forEach(seen::putIfAbsent);
      }
      if (seen.size() > 1) {
        List<Type> types = new ArrayList<>(seen.keySet());
        Use second = seen.get(types.get(1));
        diagnostics.error(
            new Diagnostic(
                second.sourceFile(),
                second.line(),
                second.bytecodeOffset(),
                k.attributes().javaName(),
                second.prefix()
                    + "dynamic shared memory is used as "
                    + types.get(1).getClassName()
                    + "[] here and as "
                    + types.get(0).getClassName()
                    + "[] elsewhere in this kernel: a kernel uses it with one element type only"));
      }
    }
  }

  /**
   * Reports every kernel of {@code m} whose static shared arrays, with those of the device
   * functions it calls, take more than {@link #STATIC_LIMIT} bytes: at the declaration that crosses
   * the limit (the kernel's own arrays first, then its callees' in call order).
   */
  void checkStaticTotal(Module m, Diagnostics diagnostics) {
    if (staticUses.isEmpty()) {
      return;
    }
    for (Function k : m.functions()) {
      if (k.kind() != Function.Kind.KERNEL) {
        continue;
      }
      long total = 0;
      for (String fn : reachable(m, k)) {
        StaticUse crossing = null;
        for (StaticUse u : staticUses.getOrDefault(fn, List.of())) {
          // each array is aligned to its element size, as ptxas lays them out
          total = (total + u.align() - 1) / u.align() * u.align() + u.bytes();
          if (total > STATIC_LIMIT) {
            crossing = u;
            break;
          }
        }
        if (crossing != null) {
          Use at = crossing.at();
          diagnostics.error(
              new Diagnostic(
                  at.sourceFile(),
                  at.line(),
                  at.bytecodeOffset(),
                  k.attributes().javaName(),
                  at.prefix()
                      + "Gpu."
                      + crossing.method()
                      + "("
                      + crossing.length()
                      + ") here brings the static shared memory of this kernel to "
                      + total
                      + " bytes, more than the "
                      + STATIC_LIMIT
                      + " bytes a block may declare"));
          break;
        }
      }
    }
  }

  /** The functions {@code k} calls, directly or not, in call order, {@code k} first. */
  private static List<String> reachable(Module m, Function k) {
    List<String> order = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    List<Function> stack = new ArrayList<>(List.of(k));
    seen.add(k.name());
    while (!stack.isEmpty()) {
      Function f = stack.remove(stack.size() - 1);
      order.add(f.name());
      List<Function> callees = new ArrayList<>();
      for (Inst i : f.allInsts()) {
        if (f.data(i) instanceof InstData.Call c && seen.add(c.callee())) {
          Function callee = m.function(c.callee());
          if (callee != null) {
            callees.add(callee);
          }
        }
      }
      for (int j = callees.size() - 1; j >= 0; j--) {
        stack.add(callees.get(j));
      }
    }
    return order;
  }
}
