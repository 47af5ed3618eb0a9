package dev.jptx.compiler.diag;

import java.util.List;

/**
 * A remark as a build reports it: targets are compiled in turn, each reporting its own remarks, and
 * a remark every target reported is reported once. A remark only some targets reported names them,
 * {@code ...: remark: kernel K: text [sm_90]}, since the same loop may be pipelined for one target
 * and not another.
 *
 * @param remark what the pass reported
 * @param targets the targets that reported it when not every target did (their names in build
 *     order), else empty
 */
public record ReportedRemark(Remark remark, List<String> targets) {
  /** Copies the list. */
  public ReportedRemark {
    targets = List.copyOf(targets);
  }

  /** The line, javac-style. */
  public String format() {
    return formatWithPath(remark.sourceFile());
  }

  /** The line, with the source path replaced (the plugin shows it under its source root). */
  public String formatWithPath(String path) {
    String line = remark.formatWithPath(path);
    return targets.isEmpty() ? line : line + " [" + String.join(", ", targets) + "]";
  }

  @Override
  public String toString() {
    return format();
  }
}
