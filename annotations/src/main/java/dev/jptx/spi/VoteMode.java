package dev.jptx.spi;

/** The warp votes of PTX {@code vote.sync}. Lanes outside the mask contribute nothing. */
public enum VoteMode {
  /** {@code vote.sync.ballot.b32}: bit {@code i} set if lane {@code i} voted true. */
  BALLOT,
  /** {@code vote.sync.any.pred}: 1 if any participating lane voted true, else 0. */
  ANY,
  /** {@code vote.sync.all.pred}: 1 if every participating lane voted true, else 0. */
  ALL
}
