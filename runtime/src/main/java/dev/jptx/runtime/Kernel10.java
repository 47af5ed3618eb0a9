package dev.jptx.runtime;

import java.io.Serializable;

/**
 * A kernel of 10 parameters, named by a method reference such as {@code Saxpy::saxpy} in {@code
 * Device.launch}. It is {@link Serializable} so that the runtime can find the referenced method
 * (through {@link java.lang.invoke.SerializedLambda}); a lambda that is not a method reference to a
 * {@code @Kernel} method is rejected at launch.
 *
 * @param <A> the type of parameter 0
 * @param <B> the type of parameter 1
 * @param <C> the type of parameter 2
 * @param <D> the type of parameter 3
 * @param <E> the type of parameter 4
 * @param <F> the type of parameter 5
 * @param <G> the type of parameter 6
 * @param <H> the type of parameter 7
 * @param <I> the type of parameter 8
 * @param <J> the type of parameter 9
 */
@FunctionalInterface
public interface Kernel10<A, B, C, D, E, F, G, H, I, J> extends Serializable {
  /**
   * Runs the kernel body for one GPU thread; the runtime calls the referenced method itself.
   *
   * @param a argument 0
   * @param b argument 1
   * @param c argument 2
   * @param d argument 3
   * @param e argument 4
   * @param f argument 5
   * @param g argument 6
   * @param h argument 7
   * @param i argument 8
   * @param j argument 9
   */
  void run(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j);
}
