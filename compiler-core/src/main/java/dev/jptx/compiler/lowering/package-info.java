/**
 * IR-to-IR lowering before the backend: constructs the SelectionDAG cannot express because they
 * need new blocks (switches as compare chains, array zeroing loops, checks that branch to a trap,
 * compare-and-swap loops for atomics the target lacks). Each class rewrites one construct.
 */
package dev.jptx.compiler.lowering;
