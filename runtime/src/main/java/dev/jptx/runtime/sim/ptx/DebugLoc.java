package dev.jptx.runtime.sim.ptx;

/**
 * The source location a {@code .loc} directive gave an instruction: a file index (see {@link
 * PtxProgram#files()}), a line and a column in that file.
 *
 * @param file the {@code .file} index
 * @param line the line in the source file
 * @param column the column in the source file, 0 if unknown
 */
public record DebugLoc(int file, int line, int column) {}
