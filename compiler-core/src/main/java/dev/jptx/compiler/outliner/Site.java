package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;

/**
 * Where one symbol of the outliner's module string came from: an instruction of a block of a
 * function.
 *
 * @param function the function's index in the module
 * @param f the function
 * @param block the block
 * @param index the instruction's index in the block
 */
record Site(int function, MachineFunction f, MachineBlock block, int index) {}
