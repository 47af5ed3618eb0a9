package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testing.Tools;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each compiler option changes the PTX the way its documentation says; output is deterministic. */
class OptionsTest {
  private static final String BASIC = "dev.jptx.compiler.testkernels.Basic";

  private static String ptx(CompilerOptions o) {
    Map<SmTarget, String> modules =
        new Pipeline(o, DumpSink.NONE)
            .compile(TestClasses.node(BASIC), null, new Diagnostics())
            .modules();
    modules.forEach((t, text) -> Tools.assertAssembles(text, t, o.fastMath()));
    return modules.values().iterator().next();
  }

  private static CompilerOptions sm90() {
    return CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_90")));
  }

  @Test
  void lineInfo_addsFileAndLocDirectives() {
    assertTrue(ptx(sm90()).contains(".loc\t1 "));
    assertTrue(ptx(sm90()).contains(".file\t1 \"dev/jptx/compiler/testkernels/Basic.java\""));
    String without = ptx(sm90().withLineInfo(false));
    assertFalse(without.contains(".loc"));
    assertFalse(without.contains(".file"));
  }

  @Test
  void fastMath_contractsAndDropsRoundingModifiers() {
    String strict = ptx(sm90());
    assertTrue(strict.contains("mul.rn.f32") && strict.contains("add.rn.f32"));
    assertFalse(strict.contains("fma.rn.f32"));
    String fast = ptx(sm90().withFastMath(true));
    assertTrue(fast.contains("fma.rn.f32"), fast);
    assertFalse(fast.contains("add.rn.f32"), fast);
  }

  @Test
  void maxRegisters_setsMaxnregOnKernelsWithoutTheirOwn() {
    assertFalse(ptx(sm90()).contains(".maxnreg"));
    String limited = ptx(sm90().withMaxRegisters(40));
    assertTrue(limited.contains(".maxnreg 40"), limited);
  }

  @Test
  void optimizationLevel_zeroSkipsTheOptimizer() {
    // Basic.intOps stores constant indices: -O3 folds the address arithmetic of out[1]..out[7]
    // (and merges out[0..3] into one vector store, out[4..7] into another)
    String o0 = ptx(sm90().withOptLevel(0));
    String o3 = ptx(sm90());
    assertTrue(o3.matches("(?s).*st\\.global\\.v4\\.u32 \\[%rd\\d+\\+16], .*"), o3);
    assertTrue(o3.matches("(?s).*st\\.global\\.v4\\.u32 \\[%rd\\d+], .*"), o3);
    assertFalse(o0.matches("(?s).*\\[%rd\\d+\\+16].*"), o0);
    assertFalse(o0.contains(".v4."), o0);
    assertTrue(o0.matches("(?s).*mad\\.wide\\.s32 %rd\\d+, %r\\d+, 4, %rd\\d+;.*"), o0);
  }

  @Test
  void targets_eachGetTheirOwnModuleAndLowestVersion() {
    CompilerOptions o =
        CompilerOptions.defaults()
            .withTargets(List.of(SmTargets.get("sm_90"), SmTargets.get("sm_75")));
    Map<SmTarget, String> m =
        new Pipeline(o, DumpSink.NONE)
            .compile(TestClasses.node(BASIC), null, new Diagnostics())
            .modules();
    assertEquals(List.of(SmTargets.get("sm_75"), SmTargets.get("sm_90")), List.copyOf(m.keySet()));
    assertTrue(m.get(SmTargets.get("sm_75")).contains(".version 6.3\n.target sm_75\n"));
    assertTrue(m.get(SmTargets.get("sm_90")).contains(".version 7.8\n.target sm_90\n"));
  }

  @Test
  void output_isDeterministic() {
    assertEquals(ptx(sm90()), ptx(sm90()));
  }
}
