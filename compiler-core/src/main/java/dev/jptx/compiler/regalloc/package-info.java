/**
 * Register allocation (seed: machine-passes.md, "Register Allocation"): after PHI elimination and
 * coalescing, registers are spilled to {@code .local} slots until the pressure fits the kernel's
 * explicit budget, then assigned so that each class declares as few registers as it can; a checker
 * replays every allocation symbolically.
 */
package dev.jptx.compiler.regalloc;
