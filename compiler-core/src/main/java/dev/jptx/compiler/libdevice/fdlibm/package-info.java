/**
 * {@code StrictMath}'s transcendental functions: FDLIBM 5.3's algorithms, step for step, so that
 * every result is FDLIBM's (and so the JVM's {@code StrictMath}'s) bit for bit. FDLIBM reads and
 * writes the 32-bit halves of doubles ({@link dev.jptx.compiler.libdevice.fdlibm.Words}) and relies
 * on each operation being rounded on its own: nothing here may use {@code Math.fma} or be compiled
 * with fast math (the pipeline leaves the whole {@code libdevice} tree exact). {@code Math} keeps
 * the more accurate library of the parent package.
 */
package dev.jptx.compiler.libdevice.fdlibm;
