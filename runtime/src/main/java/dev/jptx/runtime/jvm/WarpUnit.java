package dev.jptx.runtime.jvm;

import dev.jptx.spi.ShuffleMode;
import dev.jptx.spi.VoteMode;
import java.util.ArrayList;
import java.util.List;

/**
 * One warp of a block: its rendezvous for shuffles, votes and {@code syncWarp}. Lanes meet by mask:
 * every lane calling with the same mask (restricted to the lanes this warp has) joins the same
 * round, and the round completes when all of them have arrived. Disjoint groups of lanes can
 * therefore run their own operations side by side. Guarded by the block's lock.
 */
final class WarpUnit {
  /** What a round does; lanes meeting at different kinds are an error. */
  enum Kind {
    SHUFFLE("a shuffle"),
    VOTE("a vote"),
    SYNC("syncWarp");

    final String text;

    Kind(String text) {
      this.text = text;
    }
  }

  /** One warp operation in progress among the lanes of {@code mask}. */
  static final class WarpRound extends Round {
    final int mask;
    final Kind kind;
    int arrived;
    final long[] values = new long[32];

    WarpRound(int mask, Kind kind) {
      this.mask = mask;
      this.kind = kind;
    }
  }

  private final BlockRun block;
  private final int index;
  private final int existing;
  private final List<WarpRound> pending = new ArrayList<>();
  private int exited;

  WarpUnit(BlockRun block, int index, int existing) {
    this.block = block;
    this.index = index;
    this.existing = existing;
  }

  /**
   * {@code activeMask()} on the JVM: the lanes that exist, less those {@code thread} has seen exit.
   * Lanes run independently here, so a lane that exited "just now" is a race; exits become visible
   * at the block's barriers, where they are the same in every run (see {@code Gpu.activeMask}).
   */
  int activeMask(JvmThread thread) {
    return existing & ~thread.seenExited;
  }

  /** The lanes that have exited (lock held). */
  int exitedLanes() {
    return exited;
  }

  long shuffle(JvmThread thread, ShuffleMode mode, int mask, long value, int operand) {
    WarpRound round = meet(thread, mask, Kind.SHUFFLE, value);
    int source = mode.sourceLane(thread.lane, operand);
    // CUDA leaves a read from a lane outside the mask undefined; the JVM gives the own value.
    return (round.mask >>> source & 1) != 0 ? round.values[source] : value;
  }

  int vote(JvmThread thread, VoteMode mode, int mask, boolean predicate) {
    WarpRound round = meet(thread, mask, Kind.VOTE, predicate ? 1 : 0);
    int ballot = 0;
    for (int i = 0; i < 32; i++) {
      if ((round.mask >>> i & 1) != 0 && round.values[i] != 0) {
        ballot |= 1 << i;
      }
    }
    switch (mode) {
      case BALLOT:
        return ballot;
      case ANY:
        return ballot != 0 ? 1 : 0;
      case ALL:
        return ballot == round.mask ? 1 : 0;
      default:
        throw new AssertionError(mode);
    }
  }

  void sync(JvmThread thread, int mask) {
    meet(thread, mask, Kind.SYNC, 0);
  }

  /** Joins (or opens) the round of {@code mask}, waits until it completes and returns it. */
  private WarpRound meet(JvmThread thread, int mask, Kind kind, long value) {
    int lane = thread.lane;
    WarpRound round;
    boolean last;
    Handoff handoff = Handoff.NONE;
    block.lock.lock();
    try {
      block.checkAborted();
      round = join(lane, mask, kind);
      round.arrived |= 1 << lane;
      round.values[lane] = value;
      last = round.arrived == round.mask;
      if (last) {
        pending.remove(round);
        block.end(round);
      } else {
        handoff = block.prepareToWait(round, thread.worker);
      }
    } finally {
      block.lock.unlock();
    }
    if (!last) {
      handoff.run(block.team());
      thread.worker.awaitTurn(block.launch);
      round.checkOutcome(block.launch);
    }
    return round;
  }

  /** The pending round of the lanes of {@code mask} (lock held), checking the call is valid. */
  private WarpRound join(int lane, int mask, Kind kind) {
    if ((mask >>> lane & 1) == 0) {
      throw new IllegalStateException(
          describe(kind, mask) + ": the calling lane " + lane + " is not in the mask");
    }
    int members = mask & existing;
    if ((members & exited) != 0) {
      throw new IllegalStateException(
          describe(kind, mask) + ": lane(s) " + lanes(members & exited) + " already exited");
    }
    for (WarpRound candidate : pending) {
      if (candidate.mask == members) {
        if (candidate.kind != kind) {
          throw new IllegalStateException(
              "lanes of warp "
                  + index
                  + " with mask 0x"
                  + Integer.toHexString(mask)
                  + " meet at different operations: "
                  + candidate.kind.text
                  + " and "
                  + kind.text);
        }
        return candidate;
      }
    }
    var round = new WarpRound(members, kind);
    pending.add(round);
    return round;
  }

  /** A lane exited (lock held): rounds still waiting for it can never complete. */
  void exit(int lane) {
    int bit = 1 << lane;
    exited |= bit;
    for (var it = pending.iterator(); it.hasNext(); ) {
      WarpRound round = it.next();
      if ((round.mask & bit) != 0) {
        it.remove();
        block.fail(
            round,
            describe(round.kind, round.mask)
                + ": lane "
                + lane
                + " exited without reaching it (lanes "
                + lanes(round.arrived)
                + " were waiting)");
      }
    }
  }

  /** Threads waiting in this warp's rounds (lock held). */
  int waiting() {
    int count = 0;
    for (WarpRound round : pending) {
      count += round.waiters().size();
    }
    return count;
  }

  /** Wakes waiters so that they notice an aborted launch (lock held). */
  void wakeAll() {
    for (WarpRound round : pending) {
      for (Worker worker : round.waiters()) {
        worker.wake();
      }
    }
  }

  private String describe(Kind kind, int mask) {
    return kind.text
        + " with mask 0x"
        + Integer.toHexString(mask)
        + " in warp "
        + index
        + " of block "
        + block.coordinates();
  }

  private static String lanes(int bits) {
    var text = new StringBuilder("[");
    for (int i = 0; i < 32; i++) {
      if ((bits >>> i & 1) != 0) {
        text.append(text.length() > 1 ? ", " : "").append(i);
      }
    }
    return text.append(']').toString();
  }
}
