package dev.jptx.compiler.mir;

import java.util.List;

/**
 * What the PTX printer needs of a machine function besides its code.
 *
 * @param name the symbol
 * @param entry true for a kernel {@code .entry}, false for a {@code .func}
 * @param params the {@code .param} list
 * @param maxThreads {@code .maxntid} x, y, z, or empty
 * @param minBlocksPerSm {@code .minnctapersm}, 0 if none
 * @param maxRegisters {@code .maxnreg}, 0 if none
 * @param sourceFile the Java source path for {@code .file}, or ""
 * @param javaName the Java method, {@code dev.example.Saxpy.saxpy}, or ""
 */
public record FunctionInfo(
    String name,
    boolean entry,
    List<PtxParam> params,
    List<Integer> maxThreads,
    int minBlocksPerSm,
    int maxRegisters,
    String sourceFile,
    String javaName) {

  /** Copies the lists. */
  public FunctionInfo {
    params = List.copyOf(params);
    maxThreads = List.copyOf(maxThreads);
  }
}
