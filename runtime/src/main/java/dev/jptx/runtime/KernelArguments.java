package dev.jptx.runtime;

import dev.jptx.Kernel;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks launch arguments against a kernel's parameters, and picks a kernel by name and argument
 * types. Every failure names the kernel, the parameter and both types.
 */
final class KernelArguments {
  private static final Map<Class<?>, Class<?>> BOXES =
      Map.of(
          boolean.class, Boolean.class,
          byte.class, Byte.class,
          short.class, Short.class,
          char.class, Character.class,
          int.class, Integer.class,
          long.class, Long.class,
          float.class, Float.class,
          double.class, Double.class);

  private KernelArguments() {}

  /**
   * Arguments of a typed launch, which the Java compiler has checked: converts each boxed value as
   * a method invocation would (unboxing, then widening), so {@code Kernel1<Integer>} may name a
   * kernel taking {@code long}.
   */
  static Object[] typed(KernelMethod kernel, Object[] args) {
    checkCount(kernel, args);
    Object[] converted = args.clone();
    for (int i = 0; i < args.length; i++) {
      Class<?> type = kernel.parameterTypes().get(i);
      if (type.isPrimitive() && args[i] != null && !BOXES.get(type).isInstance(args[i])) {
        converted[i] = widen(args[i], type);
      }
      if (converted[i] == null || !accepts(type, converted[i])) {
        throw new IllegalArgumentException(mismatch(kernel, i, args[i]));
      }
    }
    return converted;
  }

  /** Arguments of a launch by name: each must be exactly of its parameter's type. */
  static void check(KernelMethod kernel, Object[] args) {
    checkCount(kernel, args);
    for (int i = 0; i < args.length; i++) {
      if (!accepts(kernel.parameterTypes().get(i), args[i])) {
        throw new IllegalArgumentException(mismatch(kernel, i, args[i]));
      }
    }
  }

  /** The kernel of {@code owner} named {@code name} whose parameters the arguments fit. */
  static KernelMethod select(Class<?> owner, String name, Object[] args) {
    List<KernelMethod> kernels = new ArrayList<>();
    boolean named = false;
    for (Method method : owner.getDeclaredMethods()) {
      if (method.getName().equals(name) && !method.isSynthetic()) {
        named = true;
        if (method.isAnnotationPresent(Kernel.class)) {
          kernels.add(KernelMethod.of(method));
        }
      }
    }
    if (kernels.isEmpty()) {
      throw new IllegalArgumentException(
          owner.getName()
              + (named ? "." + name + " is not annotated @Kernel" : " has no method " + name));
    }
    List<String> reasons = new ArrayList<>();
    for (KernelMethod kernel : kernels) {
      try {
        check(kernel, args);
        return kernel;
      } catch (IllegalArgumentException e) {
        reasons.add(e.getMessage());
      }
    }
    if (reasons.size() == 1) {
      throw new IllegalArgumentException(reasons.get(0));
    }
    throw new IllegalArgumentException(
        "no kernel "
            + owner.getName()
            + "."
            + name
            + " accepts these arguments:\n  "
            + String.join("\n  ", reasons));
  }

  private static void checkCount(KernelMethod kernel, Object[] args) {
    int expected = kernel.parameterTypes().size();
    if (args.length != expected) {
      throw new IllegalArgumentException(
          "kernel " + kernel.signature() + " takes " + expected + " arguments, got " + args.length);
    }
  }

  static boolean accepts(Class<?> type, Object arg) {
    if (arg == null) {
      return false;
    }
    if (type.isPrimitive()) {
      return BOXES.get(type).isInstance(arg);
    }
    if (arg instanceof DeviceArray) {
      return ((DeviceArray) arg).elementType() == type.getComponentType();
    }
    return arg.getClass() == type;
  }

  static String mismatch(KernelMethod kernel, int index, Object arg) {
    Class<?> type = kernel.parameterTypes().get(index);
    String got;
    if (arg == null) {
      got = "null";
    } else if (arg instanceof DeviceArray) {
      got = "a DeviceArray of " + ((DeviceArray) arg).elementType().getName();
    } else {
      got = arg.getClass().getTypeName();
    }
    String expected =
        type.isPrimitive()
            ? type.getName() + " (a " + BOXES.get(type).getName() + ")"
            : type.isRecord()
                ? type.getTypeName()
                : type.getComponentType().isArray()
                    ? type.getTypeName() + " (a DeviceArray of rows is not supported)"
                    : type.getTypeName() + " (or a DeviceArray of " + type.getComponentType() + ")";
    return "kernel "
        + kernel.signature()
        + ": parameter "
        + index
        + " ("
        + type.getTypeName()
        + " "
        + kernel.parameterName(index)
        + ") expects "
        + expected
        + ", got "
        + got;
  }

  // Java's numeric types in widening order: each converts to any later one.
  private static final List<Class<?>> RANKS =
      List.of(Byte.class, Short.class, Integer.class, Long.class, Float.class, Double.class);

  /** Java's widening primitive conversion of a boxed value to {@code type}; null if none. */
  private static Object widen(Object arg, Class<?> type) {
    int target = RANKS.indexOf(BOXES.get(type));
    Number value;
    int source;
    if (arg instanceof Character) {
      value = (int) (Character) arg;
      source = RANKS.indexOf(Short.class); // char widens to int and beyond, never to short
    } else if (arg instanceof Number && RANKS.contains(arg.getClass())) {
      value = (Number) arg;
      source = RANKS.indexOf(arg.getClass());
    } else {
      return null;
    }
    if (target <= source) {
      return null;
    }
    switch (target) {
      case 1:
        return value.shortValue();
      case 2:
        return value.intValue();
      case 3:
        return value.longValue();
      case 4:
        return value.floatValue();
      case 5:
        return value.doubleValue();
      default:
        return null;
    }
  }
}
