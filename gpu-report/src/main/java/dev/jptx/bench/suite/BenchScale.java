package dev.jptx.bench.suite;

/**
 * How large the suite's inputs are. {@link #SMALL} is the simulator's size, with partial blocks and
 * sentinels everywhere (about 15 M thread-instructions per configuration); {@link #LARGE} is the
 * GPU report's size, chosen so that one launch of each kernel takes at least about 50 µs on an H100
 * (a memory-bound kernel moves 150 MB or more, a compute-bound one does about a GFLOP), while the
 * sequential Java reference of each still takes about a second at most.
 */
public enum BenchScale {
  /** The sizes of the simulator tests. */
  SMALL,
  /** The sizes the GPU report times. */
  LARGE;

  /**
   * The size for this scale.
   *
   * @param small the value at {@link #SMALL}
   * @param large the value at {@link #LARGE}
   * @return one of them
   */
  public int pick(int small, int large) {
    return this == SMALL ? small : large;
  }
}
