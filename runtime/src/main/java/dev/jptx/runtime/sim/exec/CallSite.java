package dev.jptx.runtime.sim.exec;

/**
 * A decoded {@code call}: the callee, and where the caller's argument and return {@code .param}
 * variables lie in the caller's parameter space, so the engine copies bytes without lookups.
 *
 * @param callee the called function's code (resolved after decoding the module)
 * @param argOffsets offsets of the argument variables in the caller's param space
 * @param argSizes their sizes
 * @param retOffsets offsets of the return variables in the caller's param space
 * @param retSizes their sizes
 */
record CallSite(
    Code[] callee, int[] argOffsets, int[] argSizes, int[] retOffsets, int[] retSizes) {}
