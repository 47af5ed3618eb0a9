package dev.jptx.compiler.target;

/**
 * When a table row applies: from compute capability {@code minSm} and PTX ISA {@code minPtx} on,
 * and, if {@code belowSm > 0}, only below that capability. Rows carry these conditions so that
 * passes never test SM numbers themselves.
 */
public record Availability(int minSm, PtxVersion minPtx, int belowSm) {
  /** Every target. */
  public static final Availability ALWAYS = new Availability(0, new PtxVersion(0, 0), 0);

  /** From compute capability {@code sm} on. */
  public static Availability fromSm(int sm) {
    return new Availability(sm, new PtxVersion(0, 0), 0);
  }

  /** From compute capability {@code sm} and PTX ISA {@code ptx} on. */
  public static Availability from(int sm, String ptx) {
    return new Availability(sm, PtxVersion.parse(ptx), 0);
  }

  /** Only below compute capability {@code sm}. */
  public static Availability belowSm(int sm) {
    return new Availability(0, new PtxVersion(0, 0), sm);
  }

  /** True if the row applies to {@code target} emitting PTX ISA {@code ptx}. */
  public boolean appliesTo(SmTarget target, PtxVersion ptx) {
    return target.capability() >= minSm
        && ptx.compareTo(minPtx) >= 0
        && (belowSm == 0 || target.capability() < belowSm);
  }

  /** True if the row applies to {@code target} at the newest PTX ISA jptx emits. */
  public boolean appliesTo(SmTarget target) {
    return appliesTo(target, PtxIsa.NEWEST);
  }
}
