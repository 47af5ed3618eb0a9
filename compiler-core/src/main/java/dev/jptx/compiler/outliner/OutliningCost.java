package dev.jptx.compiler.outliner;

import java.util.List;

/**
 * The seed's benefit model, counted in PTX instructions where the seed counts bytes: on sm_70 and
 * later every SASS instruction is 16 bytes and most PTX instructions of allocated code become one,
 * so an instruction saved in PTX is about 16 bytes saved in SASS. A PTX call is dear: a {@code
 * .func} has registers of its own, so every value it reads is stored to a {@code .param} by the
 * caller and loaded by the callee, and every value it leaves is stored by the callee and loaded by
 * the caller (nothing passes "in the register state"). Measured with ptxas 13 (sm_90): a call of a
 * two-instruction function with one parameter and one result made the kernel six SASS instructions
 * longer than the two instructions in place, as this model's count of the call sequence says
 * (st.param, call, ld.param; ld.param, st.param, ret).
 *
 * <ul>
 *   <li>not outlining: occurrences x length;
 *   <li>outlining: per call, its inputs' stores, the call and its results' loads, plus, with {@link
 *       OutlinerMode#GUARANTEED_BENEFICIAL}, a save and a restore of every register live across the
 *       call (the worst case of ptxas's calling convention, which may have to move each out of the
 *       registers the callee may use); once, the function: the length, its inputs' loads, its
 *       results' stores and the {@code ret}.
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
  /** The instructions the occurrences hold in place. */
  int notOutlining() {
    return liveAcross.size() * length;
  }

  /** The instructions of the calls and the function. */
  int outlining() {
    int calls = 0;
    for (int across : liveAcross) {
      calls += inputs + 1 + results;
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
