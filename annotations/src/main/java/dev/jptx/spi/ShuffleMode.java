package dev.jptx.spi;

/**
 * The four modes of PTX {@code shfl.sync}, each choosing the source lane {@code j} from the calling
 * lane {@code l} and the 5-bit operand {@code b} (the operand's low 5 bits, as PTX reads them).
 * When the computed source lies outside the warp the caller receives its own value.
 */
public enum ShuffleMode {
  /** {@code shfl.sync.idx}: {@code j = b}. */
  IDX,
  /** {@code shfl.sync.up}: {@code j = l - b}, own value if {@code j < 0}. */
  UP,
  /** {@code shfl.sync.down}: {@code j = l + b}, own value if {@code j > 31}. */
  DOWN,
  /** {@code shfl.sync.bfly}: {@code j = l ^ b}. */
  BFLY;

  /**
   * The source lane for a caller, or the caller's own lane when PTX says to keep its own value.
   *
   * @param lane the calling lane, 0..31
   * @param operand the shuffle operand; only its low 5 bits count
   * @return the lane to read, 0..31
   */
  public int sourceLane(int lane, int operand) {
    int b = operand & 31;
    switch (this) {
      case IDX:
        return b;
      case UP:
        return lane - b >= 0 ? lane - b : lane;
      case DOWN:
        return lane + b <= 31 ? lane + b : lane;
      case BFLY:
        return lane ^ b;
      default:
        throw new AssertionError(this);
    }
  }
}
