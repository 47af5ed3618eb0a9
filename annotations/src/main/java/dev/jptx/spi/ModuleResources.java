package dev.jptx.spi;

import java.util.ArrayList;
import java.util.List;

/**
 * What the assembler reported for one kernel of a module, kept next to the module as {@code
 * META-INF/jptx/<class>/<target>.resources} so that {@code jptx list --verbose} and the runtimes
 * can give a kernel's occupancy without assembling it again: one line per kernel, {@code <PTX
 * entry> <registers> <static shared bytes> <spill store bytes> <spill load bytes> <stack bytes>},
 * after a {@code #} line naming the fields. A module written without validation has no such file.
 *
 * @param entry the PTX entry name
 * @param registers registers per thread
 * @param sharedBytes static shared memory
 * @param spillStoreBytes bytes of spill stores
 * @param spillLoadBytes bytes of spill loads
 * @param stackBytes the stack frame
 */
public record ModuleResources(
    String entry,
    int registers,
    int sharedBytes,
    int spillStoreBytes,
    int spillLoadBytes,
    int stackBytes) {
  /** The file-name suffix, after the target's name. */
  public static final String SUFFIX = ".resources";

  /** The first line of every file. */
  public static final String HEADER =
      "# entry registers sharedBytes spillStoreBytes spillLoadBytes stackBytes (ptxas -v)";

  /** The file of a class's module for a target, relative to {@link ModuleLayout#ROOT}. */
  public static String path(String className, String target) {
    return className.replace('.', '/') + "/" + target + SUFFIX;
  }

  /** The line as written, without a line break. */
  public String format() {
    return entry
        + " "
        + registers
        + " "
        + sharedBytes
        + " "
        + spillStoreBytes
        + " "
        + spillLoadBytes
        + " "
        + stackBytes;
  }

  /** The file's text for {@code kernels}, header first. */
  public static String format(List<ModuleResources> kernels) {
    StringBuilder sb = new StringBuilder(HEADER).append('\n');
    kernels.forEach(k -> sb.append(k.format()).append('\n'));
    return sb.toString();
  }

  /**
   * The kernels a file's {@code text} lists.
   *
   * @throws IllegalArgumentException for a line that is not six fields with five numbers
   */
  public static List<ModuleResources> parse(String text) {
    List<ModuleResources> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      String[] f = l.split(" ");
      if (f.length != 6) {
        throw new IllegalArgumentException("not '" + HEADER.substring(2) + "': " + l);
      }
      try {
        out.add(
            new ModuleResources(
                f[0],
                Integer.parseInt(f[1]),
                Integer.parseInt(f[2]),
                Integer.parseInt(f[3]),
                Integer.parseInt(f[4]),
                Integer.parseInt(f[5])));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a number in: " + l, e);
      }
    }
    return out;
  }
}
