package dev.jptx.runtime;

import java.io.Serializable;

/**
 * A kernel of 0 parameters, named by a method reference such as {@code Saxpy::saxpy} in {@code
 * Device.launch}. It is {@link Serializable} so that the runtime can find the referenced method
 * (through {@link java.lang.invoke.SerializedLambda}); a lambda that is not a method reference to a
 * {@code @Kernel} method is rejected at launch.
 */
@FunctionalInterface
public interface Kernel0 extends Serializable {
  /** Runs the kernel body for one GPU thread; the runtime calls the referenced method itself. */
  void run();
}
