/**
 * Register allocation (seed: machine-passes.md, "Register Allocation"): after PHI elimination and
 * coalescing, block rematerialization recomputes cheap values in the blocks that read them where a
 * block is over the register target, then registers are spilled to {@code .local} slots until the
 * pressure fits the kernel's explicit budget, then assigned so that each class declares as few
 * registers as it can; a checker replays every allocation symbolically.
 */
package dev.jptx.compiler.regalloc;
