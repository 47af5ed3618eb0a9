/**
 * Counters a pass keeps about its work (values hoisted, calls inlined, registers spilled), for
 * {@code --stats}. Every stage package may use it; it uses nothing of ours.
 */
package dev.jptx.compiler.stats;
