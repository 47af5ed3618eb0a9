package dev.jptx.compiler.testing;

import dev.jptx.compiler.frontend.classes.ClassFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.objectweb.asm.tree.ClassNode;

/** The compiled test classes, as the compiler reads them. */
public final class TestClasses {
  private TestClasses() {}

  /** The bytes of a class of the test classpath. */
  public static byte[] bytes(Class<?> c) {
    return bytes(c.getName());
  }

  /** The bytes of a class of the test classpath, by binary name. */
  public static byte[] bytes(String className) {
    String resource = "/" + className.replace('.', '/') + ".class";
    try (InputStream in = TestClasses.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no class " + className);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A class parsed for the compiler. */
  public static ClassNode node(String className) {
    return ClassFiles.readKnownGood(bytes(className));
  }

  private static dev.jptx.compiler.frontend.classes.ClassPath classPath;

  /** The compiled test classes as a class path, for kernels that call other classes. */
  public static synchronized dev.jptx.compiler.frontend.classes.ClassPath classPath() {
    if (classPath == null) {
      classPath = new dev.jptx.compiler.frontend.classes.ClassPath(List.of(root()));
    }
    return classPath;
  }

  /** The root directory of the compiled test classes. */
  public static Path root() {
    try {
      return Path.of(TestClasses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
