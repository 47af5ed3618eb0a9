package dev.jptx.compiler.target;

/**
 * A GPU target: {@code sm_90} is compute capability 9.0. {@code sm_90a}-style targets carry the
 * architecture-specific feature set of their base and cannot run elsewhere.
 *
 * @param name the {@code .target} name
 * @param capability compute capability times ten (sm_90 is 90)
 * @param minimumPtx the first PTX ISA version that knows this target
 * @param archSpecific true for the {@code a}/{@code f} suffixed variants
 */
public record SmTarget(String name, int capability, PtxVersion minimumPtx, boolean archSpecific) {
  /** True if this target has at least compute capability {@code sm} (e.g. 70). */
  public boolean atLeast(int sm) {
    return capability >= sm;
  }

  @Override
  public String toString() {
    return name;
  }
}
