package dev.jptx.bench.scaling;

import dev.jptx.Kernel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One generated kernel class, compiled by javac into {@code dir}.
 *
 * @param shape its shape
 * @param units how many units it repeats
 * @param classes the class folder
 * @param node the class as the compiler reads it
 * @param instructions its bytecode instructions, all methods together
 */
public record GeneratedKernel(
    KernelShape shape, int units, Path classes, ClassNode node, int instructions) {

  /** Writes, compiles and reads the class of {@code shape} with {@code units} units. */
  public static GeneratedKernel of(KernelShape shape, int units, Path dir) {
    try {
      Path src = dir.resolve("src/gen/" + shape.className() + ".java");
      Path classes = dir.resolve("classes");
      Files.createDirectories(src.getParent());
      Files.createDirectories(classes);
      Files.writeString(src, shape.source(units));
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      String annotations =
          Path.of(Kernel.class.getProtectionDomain().getCodeSource().getLocation().toURI())
              .toString();
      int rc =
          javac.run(
              null, null, null, "-g", "-cp", annotations, "-d", classes.toString(), src.toString());
      if (rc != 0) {
        throw new IllegalStateException("javac failed on " + src);
      }
      byte[] bytes = Files.readAllBytes(classes.resolve("gen/" + shape.className() + ".class"));
      ClassNode node = new ClassNode();
      new ClassReader(bytes).accept(node, 0);
      return new GeneratedKernel(shape, units, classes, node, count(node.methods));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The class of {@code shape} whose bytecode has about {@code target} instructions: the units are
   * scaled from a small calibration class.
   */
  static GeneratedKernel sized(KernelShape shape, int target, Path dir) {
    GeneratedKernel probe = of(shape, 50, dir.resolve("probe"));
    GeneratedKernel empty = of(shape, 0, dir.resolve("empty"));
    double perUnit = (probe.instructions - empty.instructions) / 50.0;
    int units = Math.max(1, (int) Math.round((target - empty.instructions) / perUnit));
    return of(shape, units, dir.resolve("n" + target));
  }

  private static int count(List<MethodNode> methods) {
    int n = 0;
    for (MethodNode m : methods) {
      for (AbstractInsnNode i : m.instructions) {
        if (i.getOpcode() >= 0) {
          n++;
        }
      }
    }
    return n;
  }
}
