package dev.jptx.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.codegen.analysis.LiveIntervals;
import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.VReg;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Slot indexes and live intervals, and their agreement with {@link Liveness}. */
class LiveIntervalsTest {
  /**
   * A counted loop out of SSA: %2 is written before the loop and in it (a guarded write too), %5 is
   * a result nobody reads, %1 lives through the loop.
   */
  private static final String LOOP =
      """
      entry @k(.u64 k_param_0, .u32 k_param_1) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %2 = ADD_S32 %2, 1
        %5:b32 = ADD_S32 %2, 7
        %3:pred = SETP_S32 lt, %2, %1
        %2 = @%3 ADD_S32 %2, 1
        @%3 BRA bb1
        BRA bb2
      bb2:
        ST_GLOBAL_U32 %0, 0, %2
        RET
      }
      """;

  /**
   * Blocks take slots [start, end); each instruction four from its base b: reads at b+1, writes at
   * b+2, an unread result dies at b+3. %0 ends at the store's write slot (54), %5 is dead at once,
   * %2 runs unbroken from before the loop to the store, its guarded write ending nothing.
   */
  @Test
  void theTextForm_showsEachRegistersSegments() {
    MachineFunction f = MirParser.parse(LOOP).get(0);
    String expected =
        """
        bb0 [0,20)
        bb1 [20,48)
        bb2 [48,60)
        %0:b64 [6,54)
        %1:b32 [10,48)
        %2:b32 [14,54)
        %3:pred [34,42)
        %5:b32 [30,31)
        """;
    assertEquals(expected, LiveIntervals.of(f).print(f));
  }

  /** LOOP and the input of every machine IR file test. */
  private static List<String> functions() throws java.io.IOException {
    List<String> out = new java.util.ArrayList<>(List.of(LOOP));
    java.nio.file.Path dir = java.nio.file.Path.of("src/test/resources/filetests/codegen");
    try (var files = java.nio.file.Files.list(dir)) {
      for (java.nio.file.Path p : files.sorted().toList()) {
        String text = java.nio.file.Files.readString(p);
        if (text.startsWith("# run: mir ")) {
          String input = text.substring(0, text.indexOf("=== expected"));
          out.add(input.replaceAll("(?m)^#.*\\n", ""));
        }
      }
    }
    assertTrue(out.size() > 5, "machine IR file tests found: " + out.size());
    return out;
  }

  @Test
  void liveAtTheReadAndWriteSlots_isWhatLivenessSays() throws java.io.IOException {
    for (String text : functions()) {
      for (MachineFunction f : MirParser.parse(text)) {
        check(f);
      }
    }
  }

  private static void check(MachineFunction f) {
    LiveIntervals li = LiveIntervals.of(f);
    Liveness live = Liveness.of(f);
    for (MachineBlock b : f.blocks()) {
      BitSet l = (BitSet) live.liveOut(b).clone();
      List<MachineInstr> is = b.instrs();
      for (int k = is.size() - 1; k >= 0; k--) {
        MachineInstr i = is.get(k);
        BitSet after = (BitSet) l.clone();
        i.defs().forEach(d -> after.set(d.id()));
        Liveness.stepBackward(i, l, null);
        for (int r = 0; r < f.vregCount(); r++) {
          VReg v = new VReg(r);
          assertEquals(l.get(r), li.liveAt(v, li.slots().use(i)), v + " before " + i);
          assertEquals(after.get(r), li.liveAt(v, li.slots().def(i)), v + " after " + i);
        }
      }
    }
  }

  @Test
  void aSourceReadLast_andTheResult_doNotOverlap() {
    MachineFunction f =
        MirParser.parse(
                """
                entry @k(.u64 k_param_0) {
                bb0:
                  %0:b64 = LD_PARAM_U64 @k_param_0, 0
                  %1:b32 = LD_GLOBAL_U32 %0, 0
                  %2:b32 = ADD_S32 %1, 1
                  ST_GLOBAL_U32 %0, 0, %2
                  RET
                }
                """)
            .get(0);
    LiveIntervals li = LiveIntervals.of(f);
    assertFalse(li.overlap(new VReg(1), new VReg(2)));
    assertTrue(li.overlap(new VReg(0), new VReg(1)));
    assertTrue(li.overlap(new VReg(0), new VReg(2)));
  }
}
