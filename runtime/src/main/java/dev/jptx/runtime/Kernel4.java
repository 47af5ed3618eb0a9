package dev.jptx.runtime;

import java.io.Serializable;

/**
 * A kernel of 4 parameters, named by a method reference such as {@code Saxpy::saxpy} in {@code
 * Device.launch}. It is {@link Serializable} so that the runtime can find the referenced method
 * (through {@link java.lang.invoke.SerializedLambda}); a lambda that is not a method reference to a
 * {@code @Kernel} method is rejected at launch.
 *
 * @param <A> the type of parameter 0
 * @param <B> the type of parameter 1
 * @param <C> the type of parameter 2
 * @param <D> the type of parameter 3
 */
@FunctionalInterface
public interface Kernel4<A, B, C, D> extends Serializable {
  /**
   * Runs the kernel body for one GPU thread; the runtime calls the referenced method itself.
   *
   * @param a argument 0
   * @param b argument 1
   * @param c argument 2
   * @param d argument 3
   */
  void run(A a, B b, C c, D d);
}
