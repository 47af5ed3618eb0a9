package dev.jptx.compiler.mir;

/**
 * One {@code .param} of a PTX function.
 *
 * @param name its symbol, {@code saxpy_param_0}
 * @param ptxType its declared type, {@code .u32} or {@code .u64}
 */
public record PtxParam(String name, String ptxType) {}
