package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * What to tell the user about a call a kernel may not make, naming what was called: boxing and
 * unboxing, JDK methods that are not intrinsics, virtual and interface calls, lambdas, method
 * references and string concatenation.
 */
final class RejectedCalls implements Opcodes {
  private static final Set<String> BOXES =
      Set.of(
          "java/lang/Boolean",
          "java/lang/Byte",
          "java/lang/Short",
          "java/lang/Character",
          "java/lang/Integer",
          "java/lang/Long",
          "java/lang/Float",
          "java/lang/Double");

  private RejectedCalls() {}

  /** Classes of the JDK: never compiled from the running JDK's bytecode (API.md). */
  static boolean isJdk(String internalName) {
    return internalName.startsWith("java/")
        || internalName.startsWith("javax/")
        || internalName.startsWith("jdk/")
        || internalName.startsWith("sun/");
  }

  /** A static call of a JDK method that is not an intrinsic. */
  static String jdkStaticCall(MethodInsnNode m) {
    if (isBoxing(m)) {
      return "boxing (" + target(m) + ") is not supported in kernels";
    }
    return "JDK method " + target(m) + " is not supported in kernels";
  }

  /** A call on an object (not a constructor): an unboxing, a virtual or an interface call. */
  static String instanceCall(MethodInsnNode m) {
    if (BOXES.contains(m.owner) && m.name.endsWith("Value") && Type.getArgumentCount(m.desc) == 0) {
      return "unboxing (" + target(m) + ") is not supported in kernels";
    }
    return switch (m.getOpcode()) {
      case INVOKEINTERFACE -> "interface call (" + target(m) + ") is not supported in kernels";
      case INVOKESPECIAL -> "call of " + target(m) + " on an object is not supported in kernels";
      default -> "virtual call (" + target(m) + ") is not supported in kernels";
    };
  }

  /** An {@code invokedynamic}: a lambda, a method reference, a string concatenation, or other. */
  static String invokeDynamic(InvokeDynamicInsnNode d) {
    String factory = d.bsm.getOwner();
    if (factory.equals("java/lang/invoke/StringConcatFactory")) {
      return "string concatenation is not supported in kernels";
    }
    if (factory.equals("java/lang/invoke/LambdaMetafactory")
        && d.bsmArgs.length > 1
        && d.bsmArgs[1] instanceof Handle h) {
      // javac compiles a lambda body to a synthetic lambda$... method; a reference names its target
      if (h.getName().startsWith("lambda$")) {
        return "lambdas are not supported in kernels";
      }
      String name = h.getName().equals("<init>") ? "new" : h.getName();
      return "method references ("
          + className(h.getOwner())
          + "::"
          + name
          + ") are not supported in kernels";
    }
    return "invokedynamic (" + d.name + ") is not supported in kernels";
  }

  /** {@code Integer.valueOf(int)} and the like: a box made from its primitive. */
  private static boolean isBoxing(MethodInsnNode m) {
    Type[] args = Type.getArgumentTypes(m.desc);
    return BOXES.contains(m.owner)
        && m.name.equals("valueOf")
        && args.length == 1
        && JavaTypes.isPrimitive(args[0]);
  }

  private static String target(MethodInsnNode m) {
    return className(m.owner) + "." + m.name;
  }

  /** {@code java.util.List}, and {@code int[]} for an array owner such as {@code [I}. */
  private static String className(String internalName) {
    return Type.getObjectType(internalName).getClassName();
  }
}
