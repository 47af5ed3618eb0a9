package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.regalloc.BlockRemat;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each knob of block rematerialization changes what its help says: the pass runs on machine IR with
 * the options {@link Pipeline} makes of the knobs.
 */
class BlockRematKnobsTest {
  /**
   * Seven units live out of bb0 under a budget of four: %2 and %3 (cost 1, on %1 which their
   * readers' blocks have live), %7 (a parameter load, cost 10, read in bb2), %4 (a special
   * register), %0 (a 64-bit parameter load, cost 20) and %1 (read by the copies).
   */
  private static final String CROWDED_EXIT =
      """
      entry @k(.u64 k_param_0, .u32 k_param_1, .u32 k_param_2) maxnreg(4) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:b32 = ADD_S32 %1, 1
        %3:b32 = SHL_B32 %1, 2
        %4:b32 = MOV_U32_SREG %tid.x
        %7:b32 = LD_PARAM_U32 @k_param_2, 0
        %6:pred = SETP_S32 lt, %1, 0
        @%6 BRA bb1
        BRA bb2
      bb1:
        ST_GLOBAL_U32 %0, 0, %1
        ST_GLOBAL_U32 %0, 4, %2
        ST_GLOBAL_U32 %0, 8, %3
        ST_GLOBAL_U32 %0, 12, %4
        RET
      bb2:
        ST_GLOBAL_U32 %0, 16, %1
        ST_GLOBAL_U32 %0, 20, %2
        ST_GLOBAL_U32 %0, 24, %7
        RET
      }
      """;

  private static String run(String mir, String... knobs) {
    MachineFunction f = MirParser.parse(mir).get(0);
    new BlockRemat(PassRegistry.blockRematOptions(Knobs.parse(List.of(knobs)))).run(f);
    return MirPrinter.print(f);
  }

  /** The instructions of block {@code id} in {@code mir}, as text. */
  private static String block(String mir, int id) {
    int start = mir.indexOf("bb" + id + ":\n");
    int end = mir.indexOf(":\n", start + 5);
    return end < 0 ? mir.substring(start) : mir.substring(start, mir.lastIndexOf('\n', end));
  }

  private static boolean pulled(String mir, String def) {
    return !block(mir, 0).contains(def);
  }

  @Test
  void defaults_pullInTheCheapestUntilTheExcessIsCovered() {
    String mir = run(CROWDED_EXIT);
    assertTrue(pulled(mir, "ADD_S32 %1, 1"), mir);
    assertTrue(pulled(mir, "SHL_B32 %1, 2"), mir);
    assertTrue(pulled(mir, "@k_param_2"), mir);
    assertTrue(block(mir, 2).contains("LD_PARAM_U32 @k_param_2"), mir);
    assertFalse(pulled(mir, "MOV_U32_SREG"), mir);
    assertFalse(pulled(mir, "@k_param_0"), mir);
  }

  @Test
  void singleCost_boundsOneCopy() {
    String mir = run(CROWDED_EXIT, "nv-remat-block-single-cost=9");
    assertTrue(pulled(mir, "ADD_S32 %1, 1"), mir);
    assertFalse(pulled(mir, "@k_param_2"), mir);
    assertEquals(CROWDED_EXIT, run(CROWDED_EXIT, "nv-remat-block-single-cost=0"));
  }

  @Test
  void loadCost_pricesParameterLoads() {
    String dear = run(CROWDED_EXIT, "nv-remat-block-load-cost=11");
    assertFalse(pulled(dear, "@k_param_2"), dear);
    assertTrue(pulled(dear, "SHL_B32 %1, 2"), dear);
  }

  @Test
  void loadRemat_false_keepsParameterLoads() {
    String mir = run(CROWDED_EXIT, "load-remat=false");
    assertFalse(pulled(mir, "@k_param_2"), mir);
    assertTrue(pulled(mir, "ADD_S32 %1, 1"), mir);
  }

  @Test
  void maxCost_boundsOneBlocksCopies_andMaxTimesTheRounds() {
    // %2 is copied into two blocks (total 2): with a limit of 2 one round takes only it
    String oneRound = run(CROWDED_EXIT, "nv-remat-block-max-cost=2", "nv-remat-max-times=1");
    assertTrue(pulled(oneRound, "ADD_S32 %1, 1"), oneRound);
    assertFalse(pulled(oneRound, "SHL_B32 %1, 2"), oneRound);
    String twoRounds = run(CROWDED_EXIT, "nv-remat-block-max-cost=2", "nv-remat-max-times=2");
    assertTrue(pulled(twoRounds, "SHL_B32 %1, 2"), twoRounds);
    assertFalse(pulled(twoRounds, "@k_param_2"), twoRounds);
  }

  @Test
  void thresholdForSpecReg_andModeBit4_admitSpecialRegisters() {
    // excess 3: %2, %3 and %4 (cost 1 each) cover it before %7
    String mir = run(CROWDED_EXIT, "nv-remat-threshold-for-spec-reg=3");
    assertTrue(pulled(mir, "MOV_U32_SREG"), mir);
    assertTrue(block(mir, 1).contains("MOV_U32_SREG %tid.x"), mir);
    assertFalse(pulled(mir, "@k_param_2"), mir);
    String noBit = run(CROWDED_EXIT, "nv-remat-threshold-for-spec-reg=3", "nv-remat-block=10");
    assertFalse(pulled(noBit, "MOV_U32_SREG"), noBit);
  }

  @Test
  void modeBit2_letsCopiesReadLiveSources() {
    // without it %2 and %3 must recompute %1 too (10 + 1): over the single cost
    String mir = run(CROWDED_EXIT, "nv-remat-block=12");
    assertFalse(pulled(mir, "ADD_S32 %1, 1"), mir);
    assertTrue(pulled(mir, "@k_param_2"), mir);
  }

  @Test
  void mapSizeLimit_boundsTheChain() {
    // with a higher single cost, %2's chain is the load of %1 and the add: two instructions
    String two = run(CROWDED_EXIT, "nv-remat-block=12", "nv-remat-block-single-cost=20");
    assertTrue(pulled(two, "ADD_S32 %1, 1"), two);
    assertTrue(block(two, 2).contains("LD_PARAM_U32 @k_param_1"), two);
    String one =
        run(
            CROWDED_EXIT,
            "nv-remat-block=12",
            "nv-remat-block-single-cost=20",
            "nv-remat-block-map-size-limit=1");
    assertFalse(pulled(one, "ADD_S32 %1, 1"), one);
  }

  @Test
  void defaultMaxReg_isTheTargetWithoutMaxRegisters() {
    String free = CROWDED_EXIT.replace(" maxnreg(4)", "");
    assertEquals(free, run(free));
    assertTrue(pulled(run(free, "nv-remat-default-max-reg=4"), "ADD_S32 %1, 1"));
  }

  /** %2 is computed before a loop that reads it: 5 units out of bb0 under a budget of 3. */
  private static final String READ_IN_A_LOOP =
      """
      entry @k(.u64 k_param_0, .u32 k_param_1) maxnreg(3) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:b32 = ADD_S32 %1, 5
        %3:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %3 = ADD_S32 %3, %2
        %4:pred = SETP_S32 lt, %3, %1
        @%4 BRA bb1
        BRA bb2
      bb2:
        ST_GLOBAL_U32 %0, 0, %3
        RET
      }
      """;

  @Test
  void modeBit1_andLoopCostFactor_governCopiesIntoLoops() {
    assertEquals(READ_IN_A_LOOP, run(READ_IN_A_LOOP));
    // allowed, but 1 x 20 is over the single cost of 10
    assertEquals(READ_IN_A_LOOP, run(READ_IN_A_LOOP, "nv-remat-block=15"));
    String mir = run(READ_IN_A_LOOP, "nv-remat-block=15", "nv-remat-block-loop-cost-factor=10");
    assertTrue(pulled(mir, "ADD_S32 %1, 5"), mir);
    assertTrue(block(mir, 1).contains("ADD_S32 %1, 5"), mir);
  }

  /**
   * Four units out of bb0 under a budget of three, and no first choice: %5 is loaded from memory,
   * and %2 reads %1, a global load that is live out of bb0 (bb2 reads it) but not into bb1, where
   * %2 is read.
   */
  private static final String SOURCE_LIVE_ELSEWHERE =
      """
      entry @k(.u64 k_param_0) maxnreg(3) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %5:b64 = LD_GLOBAL_U64 %0, 16
        %1:b32 = LD_GLOBAL_U32 %0, 0
        %2:b32 = ADD_S32 %1, 1
        %3:pred = SETP_S32 lt, %1, 0
        @%3 BRA bb1
        BRA bb2
      bb1:
        ST_GLOBAL_U32 %5, 8, %2
        RET
      bb2:
        ST_GLOBAL_U32 %5, 4, %1
        RET
      }
      """;

  @Test
  void secondChance_andLiveoutMinPercentage_letACopyExtendASource() {
    // %1 is live out of one block in three: below the 70% the second chance asks
    assertEquals(SOURCE_LIVE_ELSEWHERE, run(SOURCE_LIVE_ELSEWHERE));
    String mir = run(SOURCE_LIVE_ELSEWHERE, "nv-remat-block-liveout-min-percentage=33");
    assertTrue(pulled(mir, "ADD_S32 %1, 1"), mir);
    assertTrue(block(mir, 1).contains("ADD_S32 %1, 1"), mir);
    assertEquals(
        SOURCE_LIVE_ELSEWHERE,
        run(SOURCE_LIVE_ELSEWHERE, "nv-remat-block-liveout-min-percentage=33", "nv-remat-block=6"));
  }

  /** Four units cross every block boundary, six are live inside bb1. */
  private static final String CROWDED_INSIDE =
      """
      entry @k(.u64 k_param_0, .u32 k_param_1) maxnreg(4) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:b32 = ADD_S32 %1, 1
        BRA bb1
      bb1:
        %3:b32 = LD_GLOBAL_U32 %0, 0
        %4:b32 = LD_GLOBAL_U32 %0, 4
        %5:b32 = ADD_S32 %3, %4
        ST_GLOBAL_U32 %0, 8, %5
        BRA bb2
      bb2:
        ST_GLOBAL_U32 %0, 12, %2
        ST_GLOBAL_U32 %0, 16, %1
        RET
      }
      """;

  @Test
  void checkInternalLive_seesThePeakInsideABlock() {
    assertEquals(CROWDED_INSIDE, run(CROWDED_INSIDE));
    String mir = run(CROWDED_INSIDE, "nv-remat-check-internal-live");
    assertTrue(pulled(mir, "ADD_S32 %1, 1"), mir);
    // in the second round bb1 is still crowded and %1 follows, now read only in bb2
    assertTrue(pulled(mir, "@k_param_1"), mir);
    assertTrue(block(mir, 2).contains("ADD_S32 %7, 1"), mir);
  }

  @Test
  void dumpRematBlock_reportsTheDecisions_andNoMiRematSkipsAFunction() {
    assertEquals("", stderrOf(CROWDED_EXIT));
    String dump = stderrOf(CROWDED_EXIT, "nv-dump-remat-block");
    assertTrue(dump.contains("Max-Live-Function(3) = 7"), dump);
    assertTrue(dump.contains("Block bb0: excess 3, Pullable: 5"), dump);
    assertTrue(dump.contains("Really Final Pull-in: 3 (13)"), dump);
    assertEquals(CROWDED_EXIT, run(CROWDED_EXIT, "no-mi-remat=other,k"));
    String skipped = stderrOf(CROWDED_EXIT, "nv-dump-remat-block", "no-mi-remat=k");
    assertEquals("Skip machine-instruction rematerialization on k\n", skipped);
  }

  private static String stderrOf(String mir, String... knobs) {
    PrintStream saved = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      run(mir, knobs);
    } finally {
      System.setErr(saved);
    }
    return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }
}
