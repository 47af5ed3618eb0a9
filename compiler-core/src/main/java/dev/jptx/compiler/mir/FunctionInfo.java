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
 * @param returnType the PTX type of a {@code .func}'s return value ({@code .b32}), {@code .align 8
 *     .b8[N]} for a byte array of N bytes holding several (an outlined function's results, 8 bytes
 *     each), or "" for none
 * @param frame the function's {@code .local} objects
 */
public record FunctionInfo(
    String name,
    boolean entry,
    List<PtxParam> params,
    List<Integer> maxThreads,
    int minBlocksPerSm,
    int maxRegisters,
    String sourceFile,
    String javaName,
    String returnType,
    List<FrameObject> frame) {

  /** The name of a {@code .func}'s return parameter. */
  public static final String RETURN_PARAM = "func_retval0";

  /**
   * The declaration of the return parameter, {@code .b32 func_retval0} or {@code .align 8 .b8
   * func_retval0[16]}, or "" for none.
   */
  public String returnDeclaration() {
    int bracket = returnType.indexOf('[');
    if (returnType.isEmpty()) {
      return "";
    }
    return bracket < 0
        ? returnType + " " + RETURN_PARAM
        : returnType.substring(0, bracket) + " " + RETURN_PARAM + returnType.substring(bracket);
  }

  /** Copies the lists. */
  public FunctionInfo {
    params = List.copyOf(params);
    maxThreads = List.copyOf(maxThreads);
    frame = List.copyOf(frame);
  }
}
