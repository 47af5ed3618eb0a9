package dev.jptx.spi;

/**
 * One GPU thread of a running launch, as a runtime presents it to {@code dev.jptx.Gpu}. A runtime
 * binds an implementation to the Java thread that runs the kernel method through {@link
 * KernelContext#bind}, and every context-dependent {@code Gpu} method reads it from there.
 *
 * <p>Indices follow CUDA: x varies fastest, the linear thread id is {@code x + y * blockDimX + z *
 * blockDimX * blockDimY}, and a warp is 32 consecutive linear ids. Rendezvous operations (barriers,
 * warp operations) block the calling Java thread until the other participants arrive; an
 * implementation must never hang, failing with an exception when a participant can no longer
 * arrive.
 */
public interface KernelThread {
  /** {@code %tid.x}. */
  int threadIdxX();

  /** {@code %tid.y}. */
  int threadIdxY();

  /** {@code %tid.z}. */
  int threadIdxZ();

  /** {@code %ctaid.x}. */
  int blockIdxX();

  /** {@code %ctaid.y}. */
  int blockIdxY();

  /** {@code %ctaid.z}. */
  int blockIdxZ();

  /** {@code %ntid.x}. */
  int blockDimX();

  /** {@code %ntid.y}. */
  int blockDimY();

  /** {@code %ntid.z}. */
  int blockDimZ();

  /** {@code %nctaid.x}. */
  int gridDimX();

  /** {@code %nctaid.y}. */
  int gridDimY();

  /** {@code %nctaid.z}. */
  int gridDimZ();

  /** {@code %laneid}: the linear thread id modulo 32. */
  int laneId();

  /**
   * Waits at the block barrier until every thread of the block that has not exited arrives, and
   * returns the reduction of the predicates of all arriving threads.
   *
   * @param op which reduction; {@link BarrierOp#SYNC} ignores the predicate
   * @param predicate this thread's vote
   * @return 0 for {@code SYNC}; the number of true votes for {@code COUNT}; 1 or 0 for {@code AND}
   *     and {@code OR}
   */
  int barrier(BarrierOp op, boolean predicate);

  /**
   * Exchanges a 32- or 64-bit pattern among the lanes of {@code mask} ({@code shfl.sync}): waits
   * until every lane of the mask that exists in this warp arrives.
   *
   * @param mode how the source lane is computed
   * @param mask the participating lanes; must include the caller
   * @param bits the caller's value (an {@code int} is passed sign-extended)
   * @param operand the source lane, delta or lane mask
   * @return the source lane's value, or the caller's own when the source is out of range or does
   *     not take part
   */
  long shuffle(ShuffleMode mode, int mask, long bits, int operand);

  /**
   * A warp vote among the lanes of {@code mask} ({@code vote.sync}); waits like {@link #shuffle}.
   *
   * @param mode the vote
   * @param mask the participating lanes; must include the caller
   * @param predicate the caller's vote
   * @return the ballot, or 1/0 for any and all
   */
  int vote(VoteMode mode, int mask, boolean predicate);

  /**
   * Waits until every lane of {@code mask} that exists in this warp arrives ({@code
   * bar.warp.sync}).
   *
   * @param mask the participating lanes; must include the caller
   */
  void syncWarp(int mask);

  /**
   * The lanes of the caller's warp that are currently active ({@code activemask.b32}). A runtime
   * that cannot observe divergence reports the lanes that exist and have not exited.
   *
   * @return a bit per lane
   */
  int activeMask();

  /**
   * The block's array for a static shared-memory declaration, created zeroed on the first call.
   *
   * @param site the call site that declares it
   * @param elementType the primitive element type, e.g. {@code float.class}
   * @param length the declared length
   * @return a primitive array of {@code elementType}, shared by every thread of the block
   * @throws IllegalStateException if the site was used with another type or length
   */
  Object sharedArray(SharedSite site, Class<?> elementType, int length);

  /**
   * The block's dynamic shared memory viewed as an array of {@code elementType}, its length the
   * launch's dynamic shared bytes divided by the element size.
   *
   * @param elementType the primitive element type
   * @return the same array for every call with this type in the block
   * @throws IllegalStateException if the kernel already used another element type
   */
  Object dynamicSharedArray(Class<?> elementType);

  /**
   * Writes the text of one {@code printf} call, atomically with respect to other threads' output.
   *
   * @param text the formatted text
   */
  void print(String text);
}
