package dev.jptx.compiler.emit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testkernels.BarrierKernels;
import dev.jptx.compiler.testkernels.WarpKernels;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A module's {@code .version} is the lowest its target and its instructions allow: the target's
 * minimum unless an instruction needs more ({@code shfl.sync} 6.0, {@code activemask} 6.2).
 */
class IsaVersionTest {
  private static Map<SmTarget, String> compile(Class<?> c, String... targets) {
    List<SmTarget> ts = java.util.Arrays.stream(targets).map(SmTargets::get).toList();
    return new Pipeline(CompilerOptions.defaults().withTargets(ts), DumpSink.NONE)
        .compile(TestClasses.node(c.getName()), TestClasses.classPath(), new Diagnostics())
        .modules();
  }

  private static void assertVersion(String ptx, String version) {
    assertTrue(ptx.contains("\n.version " + version + "\n"), () -> "not " + version + ":\n" + ptx);
  }

  @Test
  void warpInstructions_raiseTheVersionAboveOldTargetsMinimum() {
    Map<SmTarget, String> m = compile(WarpKernels.class, "sm_52", "sm_70", "sm_75", "sm_90");
    assertVersion(m.get(SmTargets.get("sm_52")), "6.2");
    assertVersion(m.get(SmTargets.get("sm_70")), "6.2");
    assertVersion(m.get(SmTargets.get("sm_75")), "6.3");
    assertVersion(m.get(SmTargets.get("sm_90")), "7.8");
  }

  @Test
  void barriersAndFences_keepTheTargetsMinimum() {
    assertVersion(compile(BarrierKernels.class, "sm_52").get(SmTargets.get("sm_52")), "4.1");
  }
}
