package dev.jptx.maven;

import dev.jptx.compiler.build.KernelResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code failOnSpills} rule: a kernel whose validation reports spill stores or loads fails the
 * build. Spills are local-memory traffic the user did not write; a team that sets this wants a
 * register-limit change to show up in CI rather than as a slowdown found later.
 */
final class SpillCheck {
  private final List<String> violations = new ArrayList<>();
  private int unvalidated;

  private SpillCheck() {}

  /** Checks the kernel results of a build. */
  static SpillCheck of(List<KernelResult> results) {
    SpillCheck c = new SpillCheck();
    for (KernelResult r : results) {
      if (r.resources().isEmpty()) {
        c.unvalidated++;
      } else if (r.spills()) {
        c.violations.add(describe(r));
      }
    }
    return c;
  }

  /** One message per spilling kernel and target, naming the kernel and the bytes. */
  List<String> violations() {
    return violations;
  }

  /** How many kernels had no figures (their modules were not validated). */
  int unvalidated() {
    return unvalidated;
  }

  private static String describe(KernelResult r) {
    var f = r.resources().orElseThrow();
    return "kernel "
        + r.kernel()
        + " ["
        + r.target()
        + "] spills registers: "
        + f.spillStoreBytes()
        + " B spill stores, "
        + f.spillLoadBytes()
        + " B spill loads";
  }
}
