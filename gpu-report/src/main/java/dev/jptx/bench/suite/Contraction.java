package dev.jptx.bench.suite;

/**
 * How a reference rounds each {@code a*b + c} step. The bench README accepts both for the kernels
 * whose check column says "bit-exact against one of two references": nvcc contracts by default,
 * {@code --fmad=false} rounds the product and the sum separately.
 */
public enum Contraction {
  /** Every {@code a*b + c} step is one {@link Math#fma} (nvcc's default, {@code fma.rn}). */
  FUSED,
  /** Every product and every sum is rounded on its own ({@code --fmad=false}). */
  UNFUSED;

  /**
   * Whether steps are fused.
   *
   * @return {@code this == FUSED}
   */
  public boolean fused() {
    return this == FUSED;
  }
}
