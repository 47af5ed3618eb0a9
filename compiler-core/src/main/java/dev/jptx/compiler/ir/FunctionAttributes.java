package dev.jptx.compiler.ir;

import java.util.Optional;

/**
 * What a function carries besides its code: launch bounds (kernels), code-generation promises, and
 * where it came from, for diagnostics and {@code .loc} lines.
 *
 * @param maxThreads {@code .maxntid} as x, y, z, or empty
 * @param minBlocksPerSm {@code .minnctapersm}, 0 if unspecified
 * @param maxRegisters {@code .maxnreg}, 0 if unspecified
 * @param fastMath contraction and approximations allowed
 * @param noInline always emitted as a {@code .func}
 * @param alwaysInline inlined into every caller at every optimization level: it returns an array of
 *     its own frame, which a {@code .func}'s caller could not use once the frame is gone
 * @param noOutline the machine outliner leaves it alone
 * @param sourceFile package-relative source path, e.g. {@code dev/example/Saxpy.java}, or ""
 * @param javaName {@code dev.example.Saxpy.saxpy}, or ""
 */
public record FunctionAttributes(
    Optional<ThreadBounds> maxThreads,
    int minBlocksPerSm,
    int maxRegisters,
    boolean fastMath,
    boolean noInline,
    boolean alwaysInline,
    boolean noOutline,
    String sourceFile,
    String javaName) {

  /** No attributes. */
  public static final FunctionAttributes NONE =
      new FunctionAttributes(Optional.empty(), 0, 0, false, false, false, false, "", "");

  /** A copy with {@code .maxntid x, y, z}. */
  public FunctionAttributes withMaxThreads(int x, int y, int z) {
    return new FunctionAttributes(
        Optional.of(new ThreadBounds(x, y, z)),
        minBlocksPerSm,
        maxRegisters,
        fastMath,
        noInline,
        alwaysInline,
        noOutline,
        sourceFile,
        javaName);
  }

  /** A copy with {@code .minnctapersm n}. */
  public FunctionAttributes withMinBlocksPerSm(int n) {
    return new FunctionAttributes(
        maxThreads,
        n,
        maxRegisters,
        fastMath,
        noInline,
        alwaysInline,
        noOutline,
        sourceFile,
        javaName);
  }

  /** A copy with {@code .maxnreg n}. */
  public FunctionAttributes withMaxRegisters(int n) {
    return new FunctionAttributes(
        maxThreads,
        minBlocksPerSm,
        n,
        fastMath,
        noInline,
        alwaysInline,
        noOutline,
        sourceFile,
        javaName);
  }

  /** A copy with fast math on or off. */
  public FunctionAttributes withFastMath(boolean on) {
    return new FunctionAttributes(
        maxThreads,
        minBlocksPerSm,
        maxRegisters,
        on,
        noInline,
        alwaysInline,
        noOutline,
        sourceFile,
        javaName);
  }

  /** A copy with the no-inline promise on or off. */
  public FunctionAttributes withNoInline(boolean on) {
    return new FunctionAttributes(
        maxThreads,
        minBlocksPerSm,
        maxRegisters,
        fastMath,
        on,
        alwaysInline,
        noOutline,
        sourceFile,
        javaName);
  }

  /** A copy with the always-inline requirement on or off. */
  public FunctionAttributes withAlwaysInline(boolean on) {
    return new FunctionAttributes(
        maxThreads,
        minBlocksPerSm,
        maxRegisters,
        fastMath,
        noInline,
        on,
        noOutline,
        sourceFile,
        javaName);
  }

  /** A copy with the no-outline promise on or off. */
  public FunctionAttributes withNoOutline(boolean on) {
    return new FunctionAttributes(
        maxThreads,
        minBlocksPerSm,
        maxRegisters,
        fastMath,
        noInline,
        alwaysInline,
        on,
        sourceFile,
        javaName);
  }

  /** A copy with the source file and Java name. */
  public FunctionAttributes withOrigin(String file, String name) {
    return new FunctionAttributes(
        maxThreads,
        minBlocksPerSm,
        maxRegisters,
        fastMath,
        noInline,
        alwaysInline,
        noOutline,
        file,
        name);
  }
}
