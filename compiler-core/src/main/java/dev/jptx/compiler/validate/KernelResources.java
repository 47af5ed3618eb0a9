package dev.jptx.compiler.validate;

/**
 * What the assembler reports for one function.
 *
 * @param function the PTX entry or function name
 * @param registers registers per thread
 * @param spillStoreBytes bytes of spill stores
 * @param spillLoadBytes bytes of spill loads
 * @param stackBytes the stack frame
 */
public record KernelResources(
    String function, int registers, int spillStoreBytes, int spillLoadBytes, int stackBytes) {}
