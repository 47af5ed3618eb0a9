package dev.jptx.runtime.sim.exec;

/** The special registers the simulator provides, read once when a frame starts. */
enum Sreg {
  TID_X("%tid.x"),
  TID_Y("%tid.y"),
  TID_Z("%tid.z"),
  NTID_X("%ntid.x"),
  NTID_Y("%ntid.y"),
  NTID_Z("%ntid.z"),
  CTAID_X("%ctaid.x"),
  CTAID_Y("%ctaid.y"),
  CTAID_Z("%ctaid.z"),
  NCTAID_X("%nctaid.x"),
  NCTAID_Y("%nctaid.y"),
  NCTAID_Z("%nctaid.z"),
  LANEID("%laneid"),
  WARPID("%warpid"),
  NWARPID("%nwarpid"),
  LANEMASK_EQ("%lanemask_eq"),
  LANEMASK_LT("%lanemask_lt"),
  LANEMASK_LE("%lanemask_le"),
  LANEMASK_GT("%lanemask_gt"),
  LANEMASK_GE("%lanemask_ge"),
  SMID("%smid"),
  NSMID("%nsmid"),
  GRIDID("%gridid"),
  DYNAMIC_SMEM_SIZE("%dynamic_smem_size"),
  TOTAL_SMEM_SIZE("%total_smem_size"),
  WARPSZ("WARP_SZ");

  private final String ptxName;

  Sreg(String ptxName) {
    this.ptxName = ptxName;
  }

  /** The register as PTX spells it. */
  String ptxName() {
    return ptxName;
  }

  /** The register of that name, or null. */
  static Sreg of(String name) {
    for (Sreg s : values()) {
      if (s.ptxName.equals(name)) {
        return s;
      }
    }
    return null;
  }

  /** Its value for thread {@code t}. */
  long value(ThreadState t) {
    BlockContext b = t.block;
    LaunchContext l = b.launch;
    return switch (this) {
      case TID_X -> t.tidX;
      case TID_Y -> t.tidY;
      case TID_Z -> t.tidZ;
      case NTID_X -> l.blockX;
      case NTID_Y -> l.blockY;
      case NTID_Z -> l.blockZ;
      case CTAID_X -> b.ctaX;
      case CTAID_Y -> b.ctaY;
      case CTAID_Z -> b.ctaZ;
      case NCTAID_X -> l.gridX;
      case NCTAID_Y -> l.gridY;
      case NCTAID_Z -> l.gridZ;
      case LANEID -> t.lane;
      case WARPID -> t.warp;
      case NWARPID -> (l.threadsPerBlock + 31) / 32;
      case LANEMASK_EQ -> (1L << t.lane) & 0xFFFF_FFFFL;
      case LANEMASK_LT -> ((1L << t.lane) - 1) & 0xFFFF_FFFFL;
      case LANEMASK_LE -> ((1L << (t.lane + 1)) - 1) & 0xFFFF_FFFFL;
      case LANEMASK_GT -> (~((1L << (t.lane + 1)) - 1)) & 0xFFFF_FFFFL;
      case LANEMASK_GE -> (~((1L << t.lane) - 1)) & 0xFFFF_FFFFL;
      case SMID, GRIDID -> 0;
      case NSMID -> 1;
      case WARPSZ -> 32;
      // the launch's dynamic shared bytes; the total adds the module's static shared memory
      case DYNAMIC_SMEM_SIZE -> l.dynamicShared;
      case TOTAL_SMEM_SIZE -> l.program.staticSharedBytes() + l.dynamicShared;
    };
  }
}
