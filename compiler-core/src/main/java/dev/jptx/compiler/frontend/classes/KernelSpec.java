package dev.jptx.compiler.frontend.classes;

import org.objectweb.asm.tree.MethodNode;

/**
 * A validated {@code @Kernel} method, with its annotation values.
 *
 * @param className binary class name with dots, {@code dev.example.Saxpy}
 * @param method the method, with its code and debug info
 * @param entryName the PTX entry name
 * @param maxThreadsPerBlock 0 if unspecified
 * @param minBlocksPerMultiprocessor 0 if unspecified
 * @param maxRegisters 0 if unspecified
 * @param fastMath whether fast math is on for this kernel
 * @param sourceFile package-relative source path, {@code dev/example/Saxpy.java}
 */
public record KernelSpec(
    String className,
    MethodNode method,
    String entryName,
    int maxThreadsPerBlock,
    int minBlocksPerMultiprocessor,
    int maxRegisters,
    boolean fastMath,
    String sourceFile) {

  /** {@code dev.example.Saxpy.saxpy}, as diagnostics name kernels. */
  public String qualifiedName() {
    return className + "." + method.name;
  }

  /** The JVM method descriptor, {@code (IF[F[F)V}. */
  public String descriptor() {
    return method.desc;
  }
}
