/**
 * The PTX front end of the simulator: {@link dev.jptx.runtime.sim.ptx.PtxParser} reads PTX text
 * into a {@link dev.jptx.runtime.sim.ptx.PtxProgram}, an immutable tree of records.
 *
 * <p>The tree is what the execution engine runs, so it is shaped for execution rather than for
 * printing: nested <code>{ }</code> blocks are flattened and their declarations renamed (a
 * register, variable, label or call prototype declared in block <i>n</i> of a function gets the
 * suffix {@code $n}), so every name is unique within its function and each function body is one
 * flat list of statements. Names not declared in the function refer to module-level variables or
 * functions; names starting with {@code %} that nothing declares are special registers. {@link
 * dev.jptx.runtime.sim.ptx.PtxPrinter} prints the tree back as PTX the parser reads again.
 */
package dev.jptx.runtime.sim.ptx;
