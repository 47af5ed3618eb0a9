/**
 * The machine outliner (issue #23): finds instruction sequences repeated across a module's machine
 * functions with a suffix tree ({@link dev.jptx.compiler.outliner.SuffixTree}) and replaces them
 * with calls to shared functions.
 */
package dev.jptx.compiler.outliner;
