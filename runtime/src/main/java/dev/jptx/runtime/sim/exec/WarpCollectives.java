package dev.jptx.runtime.sim.exec;

/**
 * The warp-wide operations of a block: {@code shfl.sync}, {@code vote.sync}, {@code bar.warp.sync}.
 * A lane arrives with its operands and waits until every lane of its member mask has arrived; then
 * the results of all of them are computed at once, as the hardware does. Lanes of a partial last
 * warp that do not exist are left out of masks; a lane of a mask that has already exited, or lanes
 * of one mask arriving at different operations, are errors.
 */
final class WarpCollectives {
  static final int SHFL_UP = 0;
  static final int SHFL_DOWN = 1;
  static final int SHFL_BFLY = 2;
  static final int SHFL_IDX = 3;
  static final int VOTE_ALL = 4;
  static final int VOTE_ANY = 5;
  static final int VOTE_UNI = 6;
  static final int VOTE_BALLOT = 7;
  static final int WARP_SYNC = 8;

  private static final String[] NAMES = {
    "shfl.sync.up",
    "shfl.sync.down",
    "shfl.sync.bfly",
    "shfl.sync.idx",
    "vote.sync.all",
    "vote.sync.any",
    "vote.sync.uni",
    "vote.sync.ballot",
    "bar.warp.sync"
  };

  private final BlockContext block;
  private final int[] arrived;
  private final int[] exitedLanes;
  private final int[] existing;

  WarpCollectives(BlockContext block) {
    this.block = block;
    int warps = (block.threads.length + 31) / 32;
    this.arrived = new int[warps];
    this.exitedLanes = new int[warps];
    this.existing = new int[warps];
    for (int w = 0; w < warps; w++) {
      int lanes = Math.min(32, block.threads.length - 32 * w);
      existing[w] = lanes == 32 ? -1 : (1 << lanes) - 1;
    }
  }

  /**
   * Lane {@code t} arrives at a warp operation of {@code kind} with member mask {@code mask} and
   * operands {@code a, b, c}; results go to registers {@code dest} (value) and {@code predDest}
   * (predicate, or -1). Returns {@link Status#BLOCK} to wait, or {@link Status#SWITCH} when this
   * arrival completed the operation (every participant's pc now points past it).
   */
  int arrive(ThreadState t, int kind, int mask, long a, long b, long c, int dest, int predDest) {
    int w = t.warp;
    int members = mask & existing[w];
    int bit = 1 << t.lane;
    if ((members & bit) == 0) {
      throw new SimulationError(
          NAMES[kind]
              + " with member mask 0x"
              + Integer.toHexString(mask)
              + " that leaves out lane "
              + t.lane
              + ", which executes it");
    }
    int gone = members & exitedLanes[w];
    if (gone != 0) {
      throw new SimulationError(
          NAMES[kind]
              + " with member mask 0x"
              + Integer.toHexString(mask)
              + " names lane "
              + Integer.numberOfTrailingZeros(gone)
              + ", which has exited");
    }
    t.pendingKind = kind;
    t.pendingMask = members;
    t.pendingA = a;
    t.pendingB = b;
    t.pendingC = c;
    t.pendingDest = dest;
    t.pendingPredDest = predDest;
    t.blocked = true;
    arrived[w] |= bit;
    if ((arrived[w] & members) != members) {
      return Status.BLOCK;
    }
    complete(w, members, kind);
    return Status.SWITCH;
  }

  private void complete(int w, int members, int kind) {
    ThreadState[] lanes = new ThreadState[32];
    for (int l = 0; l < 32; l++) {
      if ((members & (1 << l)) != 0) {
        ThreadState x = block.threads[32 * w + l];
        if (x.pendingKind != kind || x.pendingMask != members) {
          throw new SimulationError(
              "lanes of warp "
                  + w
                  + " disagree: lane "
                  + l
                  + " is at "
                  + NAMES[x.pendingKind]
                  + " (mask 0x"
                  + Integer.toHexString(x.pendingMask)
                  + ") while others are at "
                  + NAMES[kind]
                  + " (mask 0x"
                  + Integer.toHexString(members)
                  + ")");
        }
        lanes[l] = x;
      }
    }
    if (kind <= SHFL_IDX) {
      shuffle(lanes, kind);
    } else if (kind <= VOTE_BALLOT) {
      vote(lanes, kind);
    }
    for (ThreadState x : lanes) {
      if (x != null) {
        x.blocked = false;
        x.pc++;
      }
    }
    arrived[w] &= ~members;
  }

  /** {@code shfl.sync}, following the pseudo-code of the PTX ISA. */
  private static void shuffle(ThreadState[] lanes, int kind) {
    long[] results = new long[32];
    boolean[] valid = new boolean[32];
    for (int lane = 0; lane < 32; lane++) {
      ThreadState t = lanes[lane];
      if (t == null) {
        continue;
      }
      int bval = (int) t.pendingB & 31;
      int cval = (int) t.pendingC & 31;
      int segmask = ((int) t.pendingC >>> 8) & 31;
      int maxLane = (lane & segmask) | (cval & ~segmask);
      int minLane = lane & segmask;
      int j;
      boolean pval;
      switch (kind) {
        case SHFL_UP -> {
          j = lane - bval;
          pval = j >= maxLane;
        }
        case SHFL_DOWN -> {
          j = lane + bval;
          pval = j <= maxLane;
        }
        case SHFL_BFLY -> {
          j = lane ^ bval;
          pval = j <= maxLane;
        }
        default -> {
          j = minLane | (bval & ~segmask);
          pval = j <= maxLane;
        }
      }
      // a source outside the member mask is undefined in PTX; the caller's own value is taken
      if (!pval || j < 0 || j > 31 || lanes[j] == null) {
        j = lane;
      }
      results[lane] = lanes[j].pendingA;
      valid[lane] = pval;
    }
    for (int lane = 0; lane < 32; lane++) {
      ThreadState t = lanes[lane];
      if (t != null) {
        t.r[t.pendingDest] = results[lane];
        if (t.pendingPredDest >= 0) {
          t.r[t.pendingPredDest] = valid[lane] ? 1 : 0;
        }
      }
    }
  }

  /** {@code vote.sync}: lanes outside the member mask contribute nothing. */
  private static void vote(ThreadState[] lanes, int kind) {
    int ballot = 0;
    int members = 0;
    for (int lane = 0; lane < 32; lane++) {
      if (lanes[lane] != null) {
        members |= 1 << lane;
        if (lanes[lane].pendingA != 0) {
          ballot |= 1 << lane;
        }
      }
    }
    long result =
        switch (kind) {
          case VOTE_ALL -> ballot == members ? 1 : 0;
          case VOTE_ANY -> ballot != 0 ? 1 : 0;
          case VOTE_UNI -> ballot == members || ballot == 0 ? 1 : 0;
          default -> ballot & 0xFFFF_FFFFL;
        };
    for (ThreadState t : lanes) {
      if (t != null) {
        t.r[t.pendingDest] = result;
      }
    }
  }

  /** A lane exited: an operation still waiting for it can never complete. */
  void threadExited(ThreadState t) {
    int w = t.warp;
    exitedLanes[w] |= 1 << t.lane;
    for (int l = 0; l < 32; l++) {
      int i = 32 * w + l;
      if (i < block.threads.length && (arrived[w] & (1 << l)) != 0) {
        ThreadState x = block.threads[i];
        if ((x.pendingMask & (1 << t.lane)) != 0) {
          throw new SimulationError(
              "lane "
                  + t.lane
                  + " of warp "
                  + w
                  + " exited while lane "
                  + l
                  + " waits for it at "
                  + NAMES[x.pendingKind]
                  + " (mask 0x"
                  + Integer.toHexString(x.pendingMask)
                  + ")");
        }
      }
    }
  }

  /**
   * {@code activemask}: the lanes of the thread's warp that exist, less those the thread has seen
   * exit. Threads run one at a time here, so "executing together" cannot be observed, and which
   * lanes have exited at a given moment depends on the order they run in; exits become visible at
   * barriers of all live threads, where they are fixed. This is also what the {@code jvm} device
   * reports, so the two devices agree.
   */
  long activeMask(ThreadState t) {
    return (existing[t.warp] & ~t.seenExited) & 0xFFFF_FFFFL;
  }

  /** The lanes of warp {@code w} that have exited. */
  int exitedLanes(int w) {
    return exitedLanes[w];
  }

  /** Describes what waits, for deadlock reports. */
  String describeWaiting() {
    StringBuilder sb = new StringBuilder();
    for (int w = 0; w < arrived.length; w++) {
      if (arrived[w] != 0) {
        sb.append(" warp ").append(w).append(": lanes 0x").append(Integer.toHexString(arrived[w]));
        sb.append(" waiting;");
      }
    }
    return sb.toString();
  }
}
