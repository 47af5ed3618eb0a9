package dev.jptx.compiler.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import dev.jptx.compiler.validate.ValidationMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Diagnostics the corpus cannot express: silence where none is due, and errors without a line. */
class DiagnosticsTest {
  @TempDir Path dir;

  private List<String> errors(Path classes) {
    BuildReport r =
        Build.run(
            new BuildRequest(
                List.of(classes),
                List.of(),
                dir.resolve("out"),
                CompilerOptions.defaults(),
                ValidationMode.FALSE,
                null),
            DumpSink.NONE);
    assertEquals(List.of(), r.internalErrors());
    return r.diagnostics().stream().map(Diagnostic::format).toList();
  }

  @Test
  void printfFormatLiteral_isNotAStringError() {
    String source =
        """
        package demo;

        import dev.jptx.Gpu;
        import dev.jptx.Kernel;

        public final class Prints {
          @Kernel
          public static void prints(int[] out) {
            Gpu.printf("plain\\n");
            Gpu.printf("%d and %f\\n", out[0], 1.5f);
            Gpu.printf(
                "%d\\n",
                out[1]);
          }
        }
        """;
    List<String> errors = errors(JavaSources.compile(dir, Map.of("demo.Prints", source)));
    // whatever printf's lowering still lacks, the format literals themselves are fine
    assertTrue(errors.stream().noneMatch(e -> e.contains("string")), errors.toString());
  }

  @Test
  void withoutLineNumbers_errorsNameTheMethodAndBytecodeOffset() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Bad", Sources.BAD), List.of("-g:none"));
    assertEquals(
        List.of(
            "demo/Bad.java: error: kernel demo.Bad.bad (bytecode offset 2): object allocation"
                + " (new java.util.ArrayList) is not supported in kernels",
            "demo/Bad.java: error: kernel demo.Bad.bad (bytecode offset 13): virtual call"
                + " (java.lang.Object.hashCode) is not supported in kernels"),
        errors(classes));
  }

  @Test
  void nativeKernel_isAnErrorWithoutALine() {
    String source =
        """
        package demo;

        import dev.jptx.Kernel;

        public final class Native {
          @Kernel
          public static native void missing(int[] out);
        }
        """;
    assertEquals(
        List.of(
            "demo/Native.java: error: kernel demo.Native.missing: a kernel must have a body:"
                + " native and abstract kernels are not supported"),
        errors(JavaSources.compile(dir, Map.of("demo.Native", source))));
  }

  @Test
  void hugeOperandStack_isAnErrorNamingTheMethod() throws Exception {
    Path classes = dir.resolve("deep");
    java.nio.file.Files.createDirectories(classes.resolve("demo"));
    java.nio.file.Files.write(classes.resolve("demo/Deep.class"), deepStackClass(10_000));
    assertEquals(
        List.of(
            "demo/Deep.java:7: error: kernel demo.Deep.deep: the method is too large to"
                + " translate: its bytecode needs an operand stack of 10002 entries over 20005"
                + " instructions, more than the bytecode analysis accepts (Too many allocated"
                + " bytes); split the expression into local variables"),
        errors(classes));
  }

  /** {@code out[0] = 1 + (1 + (... + 1))}, {@code depth} ones all on the stack at once. */
  private static byte[] deepStackClass(int depth) {
    org.objectweb.asm.ClassWriter cw = new org.objectweb.asm.ClassWriter(0);
    cw.visit(
        org.objectweb.asm.Opcodes.V17,
        org.objectweb.asm.Opcodes.ACC_PUBLIC | org.objectweb.asm.Opcodes.ACC_FINAL,
        "demo/Deep",
        null,
        "java/lang/Object",
        null);
    cw.visitSource("Deep.java", null);
    org.objectweb.asm.MethodVisitor mv =
        cw.visitMethod(
            org.objectweb.asm.Opcodes.ACC_PUBLIC | org.objectweb.asm.Opcodes.ACC_STATIC,
            "deep",
            "([I)V",
            null,
            null);
    mv.visitAnnotation("Ldev/jptx/Kernel;", true).visitEnd();
    mv.visitCode();
    org.objectweb.asm.Label start = new org.objectweb.asm.Label();
    mv.visitLabel(start);
    mv.visitLineNumber(7, start);
    mv.visitVarInsn(org.objectweb.asm.Opcodes.ALOAD, 0);
    mv.visitInsn(org.objectweb.asm.Opcodes.ICONST_0);
    for (int i = 0; i < depth; i++) {
      mv.visitInsn(org.objectweb.asm.Opcodes.ICONST_1);
    }
    for (int i = 1; i < depth; i++) {
      mv.visitInsn(org.objectweb.asm.Opcodes.IADD);
    }
    mv.visitInsn(org.objectweb.asm.Opcodes.IASTORE);
    mv.visitInsn(org.objectweb.asm.Opcodes.RETURN);
    mv.visitMaxs(depth + 2, 1);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }
}
