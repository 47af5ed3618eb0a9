package dev.jptx.compiler.driver;

import dev.jptx.compiler.frontend.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import java.nio.file.Path;
import java.util.List;

/**
 * Where modules go, shared by the plugin, the CLI and (by the same rules) the runtime: {@code
 * META-INF/jptx/<binary class name with />/<target>.ptx}, and the index {@code
 * META-INF/jptx/kernels.list}, one line per kernel: {@code <class> <method> <entry> <descriptor>
 * <targets,comma-separated>}.
 */
public final class ModuleLayout {
  /** The directory of all jptx output under a classpath root. */
  public static final String ROOT = "META-INF/jptx";

  /** The index file's name under {@link #ROOT}. */
  public static final String INDEX = "kernels.list";

  private ModuleLayout() {}

  /** The directory of a class's modules. */
  public static Path classDirectory(Path outputRoot, String className) {
    return outputRoot.resolve(ROOT).resolve(className.replace('.', '/'));
  }

  /** The module of a class for a target. */
  public static Path module(Path outputRoot, String className, SmTarget target) {
    return classDirectory(outputRoot, className).resolve(target.name() + ".ptx");
  }

  /** The index file. */
  public static Path index(Path outputRoot) {
    return outputRoot.resolve(ROOT).resolve(INDEX);
  }

  /** The index line of a kernel compiled for {@code targets}. */
  public static String indexLine(KernelSpec k, List<SmTarget> targets) {
    return k.className()
        + " "
        + k.method().name
        + " "
        + k.entryName()
        + " "
        + k.descriptor()
        + " "
        + String.join(",", targets.stream().map(SmTarget::name).toList());
  }
}
