/**
 * The front end's view of class files, before any translation: reading them from a build's inputs
 * and the class path ({@code ClassFiles}, {@code ClassPath}), finding and checking the kernels
 * ({@code KernelScanner}, {@code KernelSpec}), their debug info ({@code SourceLines}), the values
 * of {@code static final} fields ({@code ClinitEvaluator}), and how Java types and names map to IR
 * types and PTX symbols ({@code JavaTypes}, {@code ArrayTypes}, {@code PtxNames}). The driver, the
 * build and the CLI use it to list kernels without translating them.
 */
package dev.jptx.compiler.frontend.classes;
