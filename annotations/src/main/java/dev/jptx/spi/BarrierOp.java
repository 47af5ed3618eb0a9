package dev.jptx.spi;

/**
 * The block-wide barrier operations behind {@code Gpu.syncThreads} and its reductions. All four use
 * the same hardware barrier 0, so a runtime treats them as one rendezvous.
 */
public enum BarrierOp {
  /** {@code Gpu.syncThreads()}: {@code bar.sync 0}. The result is 0. */
  SYNC,
  /** {@code Gpu.syncThreadsCount}: {@code bar.red.popc.u32}. The result is the number of true. */
  COUNT,
  /** {@code Gpu.syncThreadsAnd}: {@code bar.red.and.pred}. The result is 1 if all are true. */
  AND,
  /** {@code Gpu.syncThreadsOr}: {@code bar.red.or.pred}. The result is 1 if any is true. */
  OR
}
