package dev.jptx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code public static void} method as a kernel: an entry point launched on a grid of GPU
 * threads. The same method is ordinary Java; the runtime's {@code jvm} device runs it once per GPU
 * thread, and that execution is the reference semantics compiled code reproduces.
 *
 * <p>PTX: an {@code .entry} named after the method (or {@link #name()}), carrying the launch bounds
 * below as performance directives. Every element is optional; {@code 0}, {@code ""} and {@code
 * false} mean unspecified. The compiler rejects out-of-range values with an error naming the method
 * and the allowed range.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Kernel {
  /**
   * The most threads a block of any launch of this kernel has, 1..1024 ({@code .maxntid N, 1, 1}).
   * A launch with larger blocks fails.
   */
  int maxThreadsPerBlock() default 0;

  /**
   * The fewest blocks that should be resident on one multiprocessor ({@code .minnctapersm}); needs
   * {@link #maxThreadsPerBlock()}. At least 1 when given.
   */
  int minBlocksPerMultiprocessor() default 0;

  /**
   * The most registers one thread may use, 1..255 ({@code .maxnreg}). Overrides the build's {@code
   * maxRegisters} option for this kernel.
   */
  int maxRegisters() default 0;

  /**
   * The PTX entry name, overriding the method name. Must be a valid PTX identifier, and unique
   * among the kernels of the class.
   */
  String name() default "";

  /**
   * Allows FMA contraction, approximate division and square root, flushing of subnormals and the
   * hardware approximations of {@code GpuMath} for this kernel, as {@code nvcc --use_fast_math}.
   */
  boolean fastMath() default false;
}
