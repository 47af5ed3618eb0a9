/**
 * Graph algorithms on nodes numbered {@code 0..n-1}, shared by the IR ({@code ir.DominatorTree})
 * and machine IR ({@code codegen.MachineDominatorTree}) so each stage keeps its own block types.
 */
package dev.jptx.compiler.graph;
