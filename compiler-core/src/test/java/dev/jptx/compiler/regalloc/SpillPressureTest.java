package dev.jptx.compiler.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.VReg;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The budget spiller's figures, kept current across spills, equal the figures measured afresh on
 * the edited function after every spill and rematerialization (a loop, values live across it, a
 * parameter-derived address that is recomputed instead of spilled).
 */
class SpillPressureTest {
  private static final String LOOP =
      """
      entry @k(.u64 k_param_0, .u32 k_param_1) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b64 = CVTA_TO_GLOBAL_U64 %0
        %2:b32 = LD_PARAM_U32 @k_param_1, 0
        %3:b32 = LD_GLOBAL_U32 %1, 0
        %4:b32 = LD_GLOBAL_U32 %1, 4
        %5:b32 = LD_GLOBAL_U32 %1, 8
        %6:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %7:b32 = ADD_S32 %3, %4
        %8:b32 = ADD_S32 %7, %5
        %6 = ADD_S32 %6, %8
        %3 = ADD_S32 %3, 1
        %9:pred = SETP_S32 lt, %3, %2
        @%9 BRA bb1
        BRA bb2
      bb2:
        %10:b32 = ADD_S32 %6, %4
        ST_GLOBAL_U32 %1, 12, %10
        ST_GLOBAL_U32 %1, 16, %5
        RET
      }
      """;

  @Test
  void figuresAfterEachSpill_equalFreshOnes() {
    MachineFunction f = MirParser.parse(LOOP).get(0);
    int budget = 4;
    double[] weight = new double[f.blocks().size()];
    for (MachineBlock b : f.blocks()) {
      weight[b.id()] = b.id() == 1 ? 10 : 1;
    }
    SpillPressure kept = new SpillPressure(f, budget, weight);
    // the budget leaves points over it, so the figures compared below are not all zero
    assertTrue(kept.overPoints(4) > 0 && kept.overPoints(5) > 0, "points over the budget");
    assertSame(kept, new SpillPressure(f, budget, weight));
    // the address is recomputed from the parameter at each reader; the others go to .local
    kept.beforeEdit();
    assertTrue(Remat.of(f).chain(new VReg(1)) != null);
    // as the spiller does it: the chain's dead originals found on the kept liveness
    SpillCode.rematerialize(
        f,
        new VReg(1),
        Remat.of(f),
        () -> {
          kept.catchUp();
          return kept::liveOut;
        });
    kept.edited();
    assertTrue(f.blocks().get(0).instrs().stream().noneMatch(i -> i.defs().contains(new VReg(0))));
    assertSame(kept, new SpillPressure(f, budget, weight));
    int slot = 0;
    for (int r : List.of(5, 4, 6, 2, 3)) {
      kept.beforeEdit();
      FrameObject o = new FrameObject(BudgetSpiller.SLOT_PREFIX + slot++, 4, 4);
      f.addFrameObject(o);
      SpillCode.insert(f, new VReg(r), o.name());
      kept.edited();
      assertSame(kept, new SpillPressure(f, budget, weight));
    }
  }

  private static void assertSame(SpillPressure kept, SpillPressure fresh) {
    assertEquals(fresh.registers(), kept.registers());
    int[] over = new int[fresh.registers()];
    int[] overKept = new int[fresh.registers()];
    double[] cost = new double[fresh.registers()];
    double[] costKept = new double[fresh.registers()];
    for (int r = 0; r < fresh.registers(); r++) {
      over[r] = fresh.overPoints(r);
      overKept[r] = kept.overPoints(r);
      cost[r] = fresh.cost(r);
      costKept[r] = kept.cost(r);
    }
    assertEquals(Arrays.toString(over), Arrays.toString(overKept), "points over budget");
    assertEquals(Arrays.toString(cost), Arrays.toString(costKept), "costs");
  }
}
