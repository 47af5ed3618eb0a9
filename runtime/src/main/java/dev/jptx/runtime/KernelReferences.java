package dev.jptx.runtime;

import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Finds the {@code @Kernel} method a {@code KernelN} method reference names. The Java compiler
 * makes a serializable lambda's class carry a private {@code writeReplace} that returns a {@link
 * SerializedLambda}, which names the implementation method by class, name and descriptor. A method
 * reference to a static method implements it directly; a lambda expression implements it with a
 * synthetic {@code lambda$...} method, which is rejected.
 */
final class KernelReferences {
  // One lambda class per method reference expression: resolve each once.
  private static final ClassValue<AtomicReference<KernelMethod>> RESOLVED =
      new ClassValue<>() {
        @Override
        protected AtomicReference<KernelMethod> computeValue(Class<?> type) {
          return new AtomicReference<>();
        }
      };

  private KernelReferences() {}

  static KernelMethod resolve(Serializable kernel) {
    if (kernel == null) {
      throw new NullPointerException("kernel");
    }
    AtomicReference<KernelMethod> holder = RESOLVED.get(kernel.getClass());
    KernelMethod resolved = holder.get();
    if (resolved == null) {
      resolved = KernelMethod.of(find(kernel));
      holder.set(resolved);
    }
    return resolved;
  }

  private static Method find(Serializable kernel) {
    SerializedLambda lambda = serializedForm(kernel);
    String className = lambda.getImplClass().replace('/', '.');
    String methodName = lambda.getImplMethodName();
    if (lambda.getImplMethodKind() != MethodHandleInfo.REF_invokeStatic
        || lambda.getCapturedArgCount() != 0
        || methodName.startsWith("lambda$")) {
      throw notAReference(kernel, "a lambda expression or a bound method reference");
    }
    try {
      Class<?> owner = Class.forName(className, false, kernel.getClass().getClassLoader());
      for (Method method : owner.getDeclaredMethods()) {
        String descriptor =
            MethodType.methodType(method.getReturnType(), method.getParameterTypes())
                .toMethodDescriptorString();
        if (method.getName().equals(methodName)
            && descriptor.equals(lambda.getImplMethodSignature())) {
          return method;
        }
      }
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("kernel class " + className + " not found", e);
    }
    throw new IllegalArgumentException(
        "kernel method "
            + className
            + "."
            + methodName
            + lambda.getImplMethodSignature()
            + " not found");
  }

  private static SerializedLambda serializedForm(Serializable kernel) {
    try {
      Method writeReplace = kernel.getClass().getDeclaredMethod("writeReplace");
      writeReplace.setAccessible(true);
      Object replacement = writeReplace.invoke(kernel);
      if (replacement instanceof SerializedLambda) {
        return (SerializedLambda) replacement;
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw notAReference(kernel, "an object of " + kernel.getClass().getName());
    }
    throw notAReference(kernel, "an object of " + kernel.getClass().getName());
  }

  private static IllegalArgumentException notAReference(Serializable kernel, String what) {
    return new IllegalArgumentException(
        "a kernel must be given as a method reference to a @Kernel method, such as"
            + " Saxpy::saxpy; got "
            + what
            + " ("
            + kernel.getClass().getName()
            + ")");
  }
}
