package dev.jptx.compiler.mir;

/**
 * A function's object in {@code .local} memory, declared in its body as {@code .local .align A .b8
 * name[bytes]}; each activation of the function has its own.
 *
 * @param name the symbol
 * @param bytes the size
 * @param align the alignment
 */
public record FrameObject(String name, int bytes, int align) {}
