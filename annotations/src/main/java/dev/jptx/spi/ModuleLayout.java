package dev.jptx.spi;

/**
 * Where a build puts its PTX, as resources the runtime finds on the class path: one module per
 * kernel class and target, {@code META-INF/jptx/<binary class name with />/<target>.ptx}, and one
 * index, {@code META-INF/jptx/kernels.list} ({@link KernelIndexLine} per kernel). Written by the
 * compiler and the plugin, read by the runtime and the GPU report.
 */
public final class ModuleLayout {
  /** The folder of every module and the index. */
  public static final String ROOT = "META-INF/jptx";

  /** The index's file name under {@link #ROOT}. */
  public static final String INDEX_NAME = "kernels.list";

  /** The index, as a resource name. */
  public static final String INDEX = ROOT + "/" + INDEX_NAME;

  /** The module's file-name suffix. */
  public static final String MODULE_SUFFIX = ".ptx";

  private ModuleLayout() {}

  /** A class's module for a target, relative to {@link #ROOT}: {@code dev/x/Saxpy/sm_90.ptx}. */
  public static String modulePath(String className, String target) {
    return className.replace('.', '/') + "/" + target + MODULE_SUFFIX;
  }

  /** A class's module for a target, as a resource name. */
  public static String moduleResource(String className, String target) {
    return ROOT + "/" + modulePath(className, target);
  }
}
