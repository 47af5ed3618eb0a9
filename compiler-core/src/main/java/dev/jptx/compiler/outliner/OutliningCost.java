package dev.jptx.compiler.outliner;

import java.util.List;

/**
 * The seed's benefit model, counted in PTX instructions where the seed counts bytes: on sm_70 and
 * later every SASS instruction is 16 bytes and most PTX instructions of allocated code become one,
 * so an instruction saved in PTX is about 16 bytes saved in SASS. A PTX call is dear: a {@code
 * .func} has registers of its own, so every value it reads is stored to a {@code .param} by the
 * caller and loaded by the callee, and every value it leaves is stored by the callee and loaded by
 * the caller (nothing passes "in the register state"). And ptxas's calling convention costs more
 * than those moves: measured with ptxas 13 on sm_90, a call site costs about {@link #CALL_OVERHEAD}
 * SASS instructions besides them (the call, the move of the return address and results into the
 * ABI's registers, the stack pointer's set-up in the kernel): outlining {@code globalIdX()}'s four
 * instructions from eight kernels of the benchmark suite made each kernel four SASS instructions
 * longer, where the moves alone promised a saving.
 *
 * <ul>
 *   <li>not outlining: occurrences x length;
 *   <li>outlining: per call, its inputs' stores, the call, its results' loads and {@link
 *       #CALL_OVERHEAD}, plus, with {@link OutlinerMode#GUARANTEED_BENEFICIAL}, a save and a
 *       restore of every register live across the call (the worst case of ptxas's calling
 *       convention, which may have to move each out of the registers the callee may use); once, the
 *       function: the length, its inputs' loads, its results' stores and the {@code ret}.
 * </ul>
 *
 * @param length the sequence's instructions
 * @param inputs the values the function reads
 * @param results the values it leaves
 * @param liveAcross per occurrence, the registers live across its call
 * @param mode how dear a call is taken to be
 */
record OutliningCost(
    int length, int inputs, int results, List<Integer> liveAcross, OutlinerMode mode) {
  /** What a call costs in SASS instructions besides its parameter moves (see the class comment). */
  static final int CALL_OVERHEAD = 4;

  /** The instructions the occurrences hold in place. */
  int notOutlining() {
    return liveAcross.size() * length;
  }

  /** The instructions of the calls and the function. */
  int outlining() {
    int calls = 0;
    for (int across : liveAcross) {
      calls += inputs + 1 + results + CALL_OVERHEAD;
      if (mode == OutlinerMode.GUARANTEED_BENEFICIAL) {
        calls += 2 * across;
      }
    }
    return calls + length + inputs + results + 1;
  }

  /** What outlining saves, never below 0 (the seed's rule). */
  int benefit() {
    return Math.max(0, notOutlining() - outlining());
  }
}
