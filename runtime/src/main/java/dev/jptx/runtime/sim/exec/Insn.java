package dev.jptx.runtime.sim.exec;

/**
 * A decoded instruction: what it does, its predicate guard, and where it came from.
 *
 * @param exec the effect
 * @param guard the register slot of the guard predicate, or -1
 * @param guardNegated true for {@code @!p}
 * @param line the PTX source line, for errors
 * @param opcode the index of its opcode text in the program's statistics table
 * @param text the instruction as written, for errors and statistics
 */
record Insn(Exec exec, int guard, boolean guardNegated, int line, int opcode, String text) {}
