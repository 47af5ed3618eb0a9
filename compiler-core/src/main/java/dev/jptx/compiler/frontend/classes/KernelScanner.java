package dev.jptx.compiler.frontend.classes;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.spi.KernelIndexLine;
import dev.jptx.spi.RegisterBudget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Finds the {@code @Kernel} methods of a class and checks what API.md fixes about them: a {@code
 * public static void} method, parameters of primitive or one-dimensional primitive array types,
 * annotation values in range, and entry names unique in the class.
 */
public final class KernelScanner {
  /** The descriptor of {@code dev.jptx.Kernel}. */
  public static final String KERNEL = "Ldev/jptx/Kernel;";

  /** The internal name of the device API class, {@code dev.jptx.Gpu}. */
  public static final String GPU = "dev/jptx/Gpu";

  /** The descriptor of {@code dev.jptx.NoInline}. */
  public static final String NO_INLINE = "Ldev/jptx/NoInline;";

  /** The descriptor of {@code dev.jptx.NoOutline}. */
  public static final String NO_OUTLINE = "Ldev/jptx/NoOutline;";

  /** The descriptor of {@code dev.jptx.ReadOnly}. */
  public static final String READ_ONLY = "Ldev/jptx/ReadOnly;";

  private KernelScanner() {}

  /** True if the class has at least one method annotated {@code @Kernel}. */
  public static boolean hasKernels(ClassNode c) {
    return c.methods.stream().anyMatch(m -> kernelAnnotation(m) != null);
  }

  /** The valid kernels of {@code c}; problems with the others go to {@code diagnostics}. */
  public static List<KernelSpec> scan(ClassNode c, Diagnostics diagnostics) {
    List<KernelSpec> kernels = new ArrayList<>();
    Map<String, String> entryNames = new HashMap<>();
    String file = SourceLines.sourceFile(c);
    String className = c.name.replace('/', '.');
    for (MethodNode m : c.methods) {
      AnnotationNode a = kernelAnnotation(m);
      if (a == null) {
        continue;
      }
      String qualified = className + "." + m.name;
      List<String> problems = new ArrayList<>();
      Map<String, Object> values = annotationValues(a);
      int maxThreads = (Integer) values.getOrDefault("maxThreadsPerBlock", 0);
      int minBlocks = (Integer) values.getOrDefault("minBlocksPerMultiprocessor", 0);
      int maxRegs = (Integer) values.getOrDefault("maxRegisters", 0);
      String name = (String) values.getOrDefault("name", "");
      boolean fastMath = (Boolean) values.getOrDefault("fastMath", false);
      checkShape(m, problems);
      checkValues(maxThreads, minBlocks, maxRegs, problems);
      String entry = name.isEmpty() ? m.name : name;
      if (!PtxNames.isValidIdentifier(entry)) {
        problems.add(
            "entry name '"
                + KernelIndexLine.encode(entry)
                + "' is not a valid PTX identifier (ASCII letters, digits, '_' and '$',"
                + " not starting with a digit, not a name PTX predefines such as WARP_SZ);"
                + " give the kernel another name with @Kernel(name = \"...\")");
      }
      String clash = entryNames.putIfAbsent(entry, qualified);
      if (clash != null) {
        problems.add(
            "PTX entry name '"
                + entry
                + "' is already used by kernel "
                + clash
                + "; give one of them another @Kernel(name)");
      }
      // a class file has no line for a declaration: its first line of code stands in
      int line = SourceLines.firstLine(m);
      for (String p : problems) {
        diagnostics.error(new Diagnostic(file, line, -1, qualified, p));
      }
      if (problems.isEmpty()) {
        kernels.add(
            new KernelSpec(className, m, entry, maxThreads, minBlocks, maxRegs, fastMath, file));
      }
    }
    return kernels;
  }

  private static void checkShape(MethodNode m, List<String> problems) {
    if ((m.access & Opcodes.ACC_STATIC) == 0) {
      problems.add("a kernel must be static");
    }
    if ((m.access & Opcodes.ACC_PUBLIC) == 0) {
      problems.add("a kernel must be public");
    }
    if (Type.getReturnType(m.desc) != Type.VOID_TYPE) {
      problems.add("a kernel must return void");
    }
    if ((m.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
      problems.add("synchronized is not supported in kernels");
    }
    if ((m.access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) != 0) {
      problems.add("a kernel must have a body: native and abstract kernels are not supported");
    }
    Type[] params = Type.getArgumentTypes(m.desc);
    for (int i = 0; i < params.length; i++) {
      // a class may be a record of primitives, which the translator checks on the class path
      if (!JavaTypes.isKernelParameter(params[i]) && !maybeRecord(params[i])) {
        problems.add(parameterProblem(m, i));
      }
    }
  }

  private static boolean maybeRecord(Type t) {
    return t.getSort() == Type.OBJECT && !t.getInternalName().startsWith("java/");
  }

  /** The error for parameter {@code i} of kernel {@code m}, whose type a kernel cannot take. */
  public static String parameterProblem(MethodNode m, int i) {
    String name = parameterName(m, i);
    return "parameter "
        + (i + 1)
        + (name == null ? "" : " (" + name + ")")
        + " has type "
        + Type.getArgumentTypes(m.desc)[i].getClassName()
        + "; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives";
  }

  /**
   * The source name of parameter {@code index} (0-based), from the MethodParameters attribute
   * ({@code javac -parameters}) or the local variable table ({@code -g}); null without either.
   */
  private static String parameterName(MethodNode m, int index) {
    if (m.parameters != null && index < m.parameters.size()) {
      return m.parameters.get(index).name;
    }
    if (m.localVariables == null) {
      return null;
    }
    int slot = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
    Type[] params = Type.getArgumentTypes(m.desc);
    for (int i = 0; i < index; i++) {
      slot += params[i].getSize();
    }
    for (var v : m.localVariables) {
      if (v.index == slot) {
        return v.name;
      }
    }
    return null;
  }

  private static void checkValues(int maxThreads, int minBlocks, int maxRegs, List<String> out) {
    if (maxThreads != 0 && (maxThreads < 1 || maxThreads > 1024)) {
      out.add("maxThreadsPerBlock = " + maxThreads + " is out of range: allowed 1..1024");
    }
    if (minBlocks < 0) {
      out.add("minBlocksPerMultiprocessor = " + minBlocks + " is out of range: allowed 1 or more");
    }
    if (minBlocks > 0 && maxThreads == 0) {
      out.add("minBlocksPerMultiprocessor needs maxThreadsPerBlock");
    }
    if (maxRegs != RegisterBudget.NONE && !RegisterBudget.isValid(maxRegs)) {
      out.add(
          "maxRegisters = "
              + maxRegs
              + " is out of range: allowed "
              + RegisterBudget.MIN
              + ".."
              + RegisterBudget.MAX);
    }
  }

  /** The {@code @Kernel} annotation of a method, or null. */
  public static AnnotationNode kernelAnnotation(MethodNode m) {
    AnnotationNode a = find(m.visibleAnnotations, KERNEL);
    return a != null ? a : find(m.invisibleAnnotations, KERNEL);
  }

  /** True if parameter {@code index} (0-based, Java numbering) is annotated {@code @ReadOnly}. */
  public static boolean isReadOnly(MethodNode m, int index) {
    return has(m.visibleParameterAnnotations, index) || has(m.invisibleParameterAnnotations, index);
  }

  private static boolean has(List<AnnotationNode>[] lists, int index) {
    return lists != null && index < lists.length && find(lists[index], READ_ONLY) != null;
  }

  /** True if the method carries the annotation of the given descriptor. */
  public static boolean hasAnnotation(MethodNode m, String descriptor) {
    return find(m.visibleAnnotations, descriptor) != null
        || find(m.invisibleAnnotations, descriptor) != null;
  }

  private static AnnotationNode find(List<AnnotationNode> list, String desc) {
    if (list != null) {
      for (AnnotationNode a : list) {
        if (a.desc.equals(desc)) {
          return a;
        }
      }
    }
    return null;
  }

  private static Map<String, Object> annotationValues(AnnotationNode a) {
    Map<String, Object> values = new HashMap<>();
    if (a.values != null) {
      for (int i = 0; i + 1 < a.values.size(); i += 2) {
        values.put((String) a.values.get(i), a.values.get(i + 1));
      }
    }
    return values;
  }
}
