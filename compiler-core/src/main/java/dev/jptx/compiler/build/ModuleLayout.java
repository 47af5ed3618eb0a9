package dev.jptx.compiler.build;

import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.spi.KernelIndexLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where modules go, shared by the plugin, the CLI and (by the same rules) the runtime: {@code
 * META-INF/jptx/<binary class name with />/<target>.ptx}, and the index {@code
 * META-INF/jptx/kernels.list}, one line per kernel: {@code <class> <method> <entry> <descriptor>
 * <targets,comma-separated>}.
 */
public final class ModuleLayout {
  /** The directory of all jptx output under a classpath root. */
  public static final String ROOT = dev.jptx.spi.ModuleLayout.ROOT;

  /** The index file's name under {@link #ROOT}. */
  public static final String INDEX = dev.jptx.spi.ModuleLayout.INDEX_NAME;

  private ModuleLayout() {}

  /** The directory of a class's modules. */
  public static Path classDirectory(Path outputRoot, String className) {
    return outputRoot.resolve(ROOT).resolve(className.replace('.', '/'));
  }

  /** The module of a class for a target. */
  public static Path module(Path outputRoot, String className, SmTarget target) {
    return outputRoot
        .resolve(ROOT)
        .resolve(dev.jptx.spi.ModuleLayout.modulePath(className, target.name()));
  }

  /** The {@code .resources} file of a class's module for a target ({@code ModuleResources}). */
  public static Path resources(Path outputRoot, String className, SmTarget target) {
    return outputRoot
        .resolve(ROOT)
        .resolve(dev.jptx.spi.ModuleResources.path(className, target.name()));
  }

  /** The index file. */
  public static Path index(Path outputRoot) {
    return outputRoot.resolve(ROOT).resolve(INDEX);
  }

  /**
   * The index line of a kernel compiled for {@code targets}, its names escaped as {@link
   * KernelIndexLine} defines.
   */
  public static String indexLine(KernelSpec k, List<SmTarget> targets) {
    return new KernelIndexLine(
            k.className(),
            k.method().name,
            k.entryName(),
            k.descriptor(),
            targets.stream().map(SmTarget::name).toList())
        .format();
  }

  /**
   * Whether a file of that name under {@link #ROOT} is one the build writes: a module, its
   * resources file or the index.
   */
  static boolean isWrittenName(String fileName) {
    return fileName.equals(INDEX) || targetOfWrittenFile(fileName) != null;
  }

  /**
   * The target of a module ({@code sm_90.ptx}) or of its resources file ({@code sm_90.resources});
   * null for any other name.
   */
  static String targetOfWrittenFile(String fileName) {
    for (String suffix :
        List.of(dev.jptx.spi.ModuleLayout.MODULE_SUFFIX, dev.jptx.spi.ModuleResources.SUFFIX)) {
      if (fileName.endsWith(suffix)) {
        String target = fileName.substring(0, fileName.length() - suffix.length());
        return SmTargets.find(target).isPresent() ? target : null;
      }
    }
    return null;
  }

  /** The binary class name of an index line (its first field, unescaped). */
  static String classOf(String indexLine) {
    int space = indexLine.indexOf(' ');
    return KernelIndexLine.decode(space < 0 ? indexLine : indexLine.substring(0, space));
  }

  /** The targets of an index line (its last field). */
  static List<String> targetsOf(String indexLine) {
    return Arrays.asList(indexLine.substring(indexLine.lastIndexOf(' ') + 1).split(","));
  }

  /** The line with its targets replaced by {@code targets}. */
  static String withTargets(String indexLine, Collection<String> targets) {
    return indexLine.substring(0, indexLine.lastIndexOf(' ') + 1) + String.join(",", targets);
  }

  /**
   * The index lines with the lines of one kernel (same class, method, entry and descriptor) merged
   * into one listing all their targets, oldest target first, as builds of different targets sharing
   * an output write them. A kernel with one line keeps it as it is.
   */
  static TreeSet<String> merge(Collection<String> indexLines) {
    Map<String, List<String>> byKernel = new TreeMap<>();
    for (String l : indexLines) {
      byKernel.computeIfAbsent(l.substring(0, l.lastIndexOf(' ')), k -> new ArrayList<>()).add(l);
    }
    TreeSet<String> out = new TreeSet<>();
    for (List<String> lines : byKernel.values()) {
      if (lines.size() == 1) {
        out.add(lines.get(0));
        continue;
      }
      Set<String> targets = new LinkedHashSet<>();
      lines.forEach(l -> targets.addAll(targetsOf(l)));
      List<String> sorted = new ArrayList<>(targets);
      sorted.sort(Comparator.comparingInt(ModuleLayout::order).thenComparing(t -> t));
      out.add(withTargets(lines.get(0), sorted));
    }
    return out;
  }

  private static int order(String target) {
    return SmTargets.find(target).map(SmTargets.all()::indexOf).orElse(Integer.MAX_VALUE);
  }
}
