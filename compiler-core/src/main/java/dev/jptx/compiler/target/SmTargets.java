package dev.jptx.compiler.target;

import java.util.List;
import java.util.Optional;

/**
 * The targets jptx emits PTX for, one row each: name, compute capability, and the first PTX ISA
 * version that supports it (PTX ISA manual, "Release notes" and the {@code .target} table). The
 * module's {@code .version} starts from that minimum and rises only if a used feature needs it.
 */
public final class SmTargets {
  private static final List<SmTarget> ROWS =
      List.of(
          row("sm_52", 52, "4.1"),
          row("sm_53", 53, "4.2"),
          row("sm_60", 60, "5.0"),
          row("sm_61", 61, "5.0"),
          row("sm_62", 62, "5.0"),
          row("sm_70", 70, "6.0"),
          row("sm_72", 72, "6.1"),
          row("sm_75", 75, "6.3"),
          row("sm_80", 80, "7.0"),
          row("sm_86", 86, "7.1"),
          row("sm_87", 87, "7.4"),
          row("sm_89", 89, "7.8"),
          row("sm_90", 90, "7.8"),
          archRow("sm_90a", 90, "8.0"),
          row("sm_100", 100, "8.6"),
          archRow("sm_100a", 100, "8.6"),
          row("sm_103", 103, "8.8"),
          row("sm_110", 110, "9.0"),
          row("sm_120", 120, "8.7"),
          archRow("sm_120a", 120, "8.7"),
          row("sm_121", 121, "8.8"));

  private SmTargets() {}

  private static SmTarget row(String name, int cc, String ptx) {
    return new SmTarget(name, cc, PtxVersion.parse(ptx), false);
  }

  private static SmTarget archRow(String name, int cc, String ptx) {
    return new SmTarget(name, cc, PtxVersion.parse(ptx), true);
  }

  /** Every known target, oldest first. */
  public static List<SmTarget> all() {
    return ROWS;
  }

  /** The target of that name ({@code sm_90}), if known. */
  public static Optional<SmTarget> find(String name) {
    return ROWS.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** The target of that name; throws {@link IllegalArgumentException} naming the known ones. */
  public static SmTarget get(String name) {
    return find(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown target '"
                        + name
                        + "'; known targets: "
                        + String.join(", ", ROWS.stream().map(SmTarget::name).toList())));
  }
}
