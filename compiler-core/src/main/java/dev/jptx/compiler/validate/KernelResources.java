package dev.jptx.compiler.validate;

/**
 * What the assembler reports for one function.
 *
 * @param function the PTX entry or function name
 * @param registers registers per thread
 * @param spillStoreBytes bytes of spill stores
 * @param spillLoadBytes bytes of spill loads
 * @param stackBytes the stack frame
 * @param sharedBytes static shared memory ({@code smem})
 */
public record KernelResources(
    String function,
    int registers,
    int spillStoreBytes,
    int spillLoadBytes,
    int stackBytes,
    int sharedBytes) {
  /** Figures without shared memory. */
  public KernelResources(
      String function, int registers, int spillStoreBytes, int spillLoadBytes, int stackBytes) {
    this(function, registers, spillStoreBytes, spillLoadBytes, stackBytes, 0);
  }
}
