package dev.jptx.compiler.dag;

/**
 * A function-local object in {@code .local} memory (an {@code alloca}: a Java local array, a {@code
 * printf} argument buffer). PTX gives each activation its own copy, so recursion works.
 *
 * @param symbol its PTX name, unique in the function
 * @param bytes its size
 * @param align its alignment
 */
public record FrameSlot(String symbol, int bytes, int align) {}
