package dev.jptx;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The machine outliner never moves code out of this kernel or device function into a shared {@code
 * .func} (LLVM's {@code nooutline} attribute), for example to keep a hot loop free of calls.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NoOutline {}
