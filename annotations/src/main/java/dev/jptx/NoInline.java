package dev.jptx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A device function that is never inlined: it is always emitted as a PTX {@code .func} and reached
 * through {@code call}. Without it the compiler inlines where profitable. A device function that
 * returns a local array of its own ({@code new int[4]}) may not carry it: the compiler must inline
 * such a function, since a {@code .func}'s frame is gone once it returns.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NoInline {}
