package dev.jptx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a kernel array parameter that the kernel never writes and that no other parameter aliases
 * during the launch: CUDA's {@code const T* __restrict__} promise.
 *
 * <p>PTX: loads from it use {@code ld.global.nc} (the read-only data cache). Runtime: the array is
 * copied to the device before the launch and not copied back after it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface ReadOnly {}
