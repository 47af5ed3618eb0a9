package dev.jptx.compiler.target;

/**
 * The functional units the pipeliner's resource model counts, one row per unit of one SM
 * sub-partition (the quarter of an SM that one warp scheduler feeds; sm_80 and sm_90 have four).
 * Every instruction also takes one of the scheduler's issue slots ({@link #ISSUE_WIDTH} per cycle);
 * a class of {@link PipelineClass} that runs on a narrower unit occupies it for more cycles.
 */
public enum PipelineUnit {
  /**
   * Integer and single-precision arithmetic: the INT32 and FP32 pipes together take a warp a cycle.
   */
  ALU,
  /** Double precision (GA100/GH100: 8 FP64 lanes per sub-partition, 4 cycles a warp). */
  FP64,
  /** The multi-function unit: transcendentals and conversions (4 lanes, 8 cycles a warp). */
  SFU,
  /** Loads, stores, atomics and shuffles (the load/store unit: 8 lanes, 4 cycles a warp). */
  LSU;

  /** Instructions one warp scheduler issues per cycle (Volta through Hopper: one). */
  public static final int ISSUE_WIDTH = 1;
}
