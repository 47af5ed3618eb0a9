package dev.jptx.runtime;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@code @Kernel} method, checked and described for launching: its parameters, which of them are
 * {@code @ReadOnly}, and its launch bounds. Devices receive one from {@link AbstractDevice}; users
 * do not need it.
 */
public final class KernelMethod {
  private static final Map<Method, KernelMethod> CACHE = new ConcurrentHashMap<>();

  private final Method method;
  private final Kernel annotation;
  private final List<Class<?>> parameterTypes;
  private final boolean[] readOnly;
  private final String[] parameterNames;

  private KernelMethod(Method method) {
    this.method = method;
    this.annotation = method.getAnnotation(Kernel.class);
    this.parameterTypes = List.of(method.getParameterTypes());
    Parameter[] parameters = method.getParameters();
    this.readOnly = new boolean[parameters.length];
    this.parameterNames = new String[parameters.length];
    for (int i = 0; i < parameters.length; i++) {
      readOnly[i] = parameters[i].isAnnotationPresent(ReadOnly.class);
      parameterNames[i] = parameters[i].getName();
    }
  }

  /**
   * The kernel of a {@code @Kernel} method.
   *
   * @param method a {@code public static void} method annotated {@code @Kernel}
   * @return its description
   * @throws IllegalArgumentException if the method is not a valid kernel
   */
  public static KernelMethod of(Method method) {
    return CACHE.computeIfAbsent(method, KernelMethod::checked);
  }

  private static KernelMethod checked(Method method) {
    String name = method.getDeclaringClass().getName() + "." + method.getName();
    if (!method.isAnnotationPresent(Kernel.class)) {
      throw new IllegalArgumentException(name + " is not a kernel: it is not annotated @Kernel");
    }
    int modifiers = method.getModifiers();
    if (!Modifier.isStatic(modifiers)
        || !Modifier.isPublic(modifiers)
        || method.getReturnType() != void.class) {
      throw new IllegalArgumentException(
          "kernel " + name + " must be a public static void method: " + method);
    }
    for (Class<?> type : method.getParameterTypes()) {
      boolean supported =
          type.isPrimitive()
              || (type.isArray() && type.getComponentType().isPrimitive())
              || (type.isArray()
                  && type.getComponentType().isArray()
                  && type.getComponentType().getComponentType().isPrimitive());
      supported |= isValueRecord(type);
      if (!supported || type == void.class) {
        throw new IllegalArgumentException(
            "kernel "
                + name
                + " has a parameter of type "
                + type.getTypeName()
                + "; kernels take primitives, primitive arrays and arrays of primitive arrays only");
      }
    }
    return new KernelMethod(method);
  }

  /** A record of primitives (nested records of primitives too), which kernels take by value. */
  private static boolean isValueRecord(Class<?> type) {
    if (!type.isRecord()) {
      return false;
    }
    for (java.lang.reflect.RecordComponent c : type.getRecordComponents()) {
      if (!c.getType().isPrimitive() && (c.getType() == type || !isValueRecord(c.getType()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The Java method.
   *
   * @return the method
   */
  public Method method() {
    return method;
  }

  /**
   * The kernel's short name for messages, e.g. {@code Saxpy.saxpy}.
   *
   * @return simple class name, a dot, method name
   */
  public String displayName() {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }

  /**
   * The parameter types, in order.
   *
   * @return primitives and primitive array classes
   */
  public List<Class<?>> parameterTypes() {
    return parameterTypes;
  }

  /**
   * The parameter's name, from the class file when compiled with {@code -parameters}.
   *
   * @param index the parameter's position
   * @return its name, or {@code argN}
   */
  public String parameterName(int index) {
    return parameterNames[index];
  }

  /**
   * Whether the parameter is {@code @ReadOnly}: not copied back after a launch.
   *
   * @param index the parameter's position
   * @return true if annotated
   */
  public boolean isReadOnly(int index) {
    return readOnly[index];
  }

  /**
   * {@code @Kernel(maxThreadsPerBlock)}.
   *
   * @return the bound, or 0 if unspecified
   */
  public int maxThreadsPerBlock() {
    return annotation.maxThreadsPerBlock();
  }

  /**
   * The JVM method descriptor, as in {@code META-INF/jptx/kernels.list}.
   *
   * @return e.g. {@code (IF[F[F)V}
   */
  public String descriptor() {
    return MethodType.methodType(void.class, method.getParameterTypes()).toMethodDescriptorString();
  }

  /**
   * The full signature for messages, e.g. {@code dev.example.Saxpy.saxpy(int n, float a, float[] x,
   * float[] y)}.
   *
   * @return the signature with parameter names
   */
  public String signature() {
    var text = new StringBuilder(method.getDeclaringClass().getName());
    text.append('.').append(method.getName()).append('(');
    for (int i = 0; i < parameterTypes.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(parameterTypes.get(i).getTypeName());
      text.append(' ').append(parameterNames[i]);
    }
    return text.append(')').toString();
  }

  @Override
  public String toString() {
    return signature();
  }
}
