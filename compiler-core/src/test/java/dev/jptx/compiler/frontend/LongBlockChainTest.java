package dev.jptx.compiler.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.testing.JavaSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A method of a few thousand if/else blocks in a row goes through SSA construction on a small
 * thread stack: the construction reads a variable through the chain of blocks without a stack frame
 * per block (recursively, it overflowed at about 16k bytecode instructions on the default stack).
 */
class LongBlockChainTest {
  @TempDir Path dir;

  @Test
  void ifElseChain_translatesOnASmallStack() throws Exception {
    StringBuilder src = new StringBuilder();
    src.append("package demo;\nimport dev.jptx.Kernel;\npublic final class Chain {\n");
    src.append("  @Kernel\n  public static void chain(float[] x) {\n    float a = x[0];\n");
    for (int k = 0; k < 2000; k++) {
      src.append("    if (a > ")
          .append(k)
          .append(".5f) { a = a * 0.5f; } else { a = a + 1.0f; }\n");
    }
    src.append("    x[0] = a;\n  }\n}\n");
    Path classes = JavaSources.compile(dir, Map.of("demo.Chain", src.toString()));
    byte[] bytes = Files.readAllBytes(classes.resolve("demo/Chain.class"));
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<FrontEnd.Translation> result = new AtomicReference<>();
    Diagnostics d = new Diagnostics();
    // 256 KiB: far less than any thread gets by default, so a frame per block would overflow
    Thread t =
        new Thread(
            null,
            () -> {
              try (ClassPath cp = new ClassPath(List.of(classes))) {
                result.set(FrontEnd.translate(ClassFiles.readKnownGood(bytes), cp, d));
              } catch (Throwable e) {
                failure.set(e);
              }
            },
            "small-stack",
            256 * 1024);
    t.start();
    t.join();
    assertEquals(null, failure.get());
    assertTrue(result.get().succeeded(), d.all().toString());
    IrVerifier.check(result.get().module());
  }
}
