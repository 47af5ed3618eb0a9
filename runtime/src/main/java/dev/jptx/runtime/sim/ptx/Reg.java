package dev.jptx.runtime.sim.ptx;

import java.util.Set;

/**
 * A register: declared in the function (after flattening, its unique name), or a special register
 * such as {@code %tid.x}, whose vector component stays part of the name.
 *
 * @param name the register name, {@code %} included where it was written
 * @param special true for a name starting with {@code %} that the function does not declare
 */
public record Reg(String name, boolean special) implements Operand {
  private static final Set<String> SPECIAL =
      Set.of(
          "%tid",
          "%ntid",
          "%laneid",
          "%warpid",
          "%nwarpid",
          "%ctaid",
          "%nctaid",
          "%smid",
          "%nsmid",
          "%gridid",
          "%lanemask_eq",
          "%lanemask_le",
          "%lanemask_lt",
          "%lanemask_ge",
          "%lanemask_gt",
          "%clock",
          "%clock_hi",
          "%clock64",
          "%globaltimer",
          "%globaltimer_lo",
          "%globaltimer_hi",
          "%total_smem_size",
          "%aggr_smem_size",
          "%dynamic_smem_size",
          "%is_explicit_cluster",
          "%clusterid",
          "%nclusterid",
          "%cluster_ctaid",
          "%cluster_nctaid",
          "%cluster_ctarank",
          "%cluster_nctarank",
          "%current_graph_exec",
          "%reserved_smem_offset_begin",
          "%reserved_smem_offset_end",
          "%reserved_smem_offset_cap");

  /**
   * Creates a register whose specialness follows from its name: the special registers of the PTX
   * ISA ({@code %tid.x}, {@code %clock64}, {@code %pm3}, {@code %envreg7}, ...) are special.
   *
   * @param name the register name
   */
  public Reg(String name) {
    this(name, isSpecialName(name));
  }

  /**
   * Tells whether a name is one of the special registers of the PTX ISA.
   *
   * @param name a register name, maybe with a vector component such as {@code .x}
   * @return true for special registers
   */
  public static boolean isSpecialName(String name) {
    int dot = name.indexOf('.');
    String base = dot < 0 ? name : name.substring(0, dot);
    return SPECIAL.contains(base)
        || base.matches("%pm[0-7](_64)?|%envreg([0-9]|[12][0-9]|3[01])")
        || base.matches("%reserved_smem_offset_[0-9]+");
  }

  /**
   * Tells whether this is a special register.
   *
   * @return {@link #special()}
   */
  public boolean isSpecial() {
    return special;
  }

  @Override
  public String text() {
    return name;
  }
}
