package dev.jptx.runtime.sim.ptx;

/**
 * A label, {@code $L__BB0_2:}. Labels declared inside a nested block are renamed like the block's
 * other declarations.
 *
 * @param name the unique name within the function
 * @param pos where it is declared
 */
public record Label(String name, SourcePos pos) implements Statement {}
