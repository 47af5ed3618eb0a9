package dev.jptx.compiler.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.compiler.testkernels.ManyLive;
import dev.jptx.compiler.validate.KernelResources;
import dev.jptx.runtime.Launch;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A kernel with {@value ManyLive#VALUES} values live at once under {@code @Kernel(maxRegisters =
 * 16)}: the PTX keeps the budget at every point, whether the scheduler reorders the block or the
 * allocator spills to {@code .local}, computes what the JVM computes, and costs no more {@code
 * ptxas} spill bytes than the same kernel in CUDA compiled by {@code nvcc}.
 */
class RegisterBudgetTest {
  private static final SmTarget SM90 = SmTargets.get("sm_90");
  private static final int BUDGET = 16;

  static Stream<Arguments> configurations() {
    // the scheduler alone meets the budget here; without it the allocator must spill
    return Configurations.of("-O3 sm_90", "-O3 sm_90 nvptx-sched4reg=false", "-O1 sm_75");
  }

  /** The functions of the kernel's class as printed after {@code stage}. */
  private static List<MachineFunction> mir(CompilerOptions o, Stage stage) {
    List<String> out = new ArrayList<>();
    new Pipeline(o.withPrintAfter(EnumSet.of(stage)), (s, u, t) -> out.add(t))
        .compile(TestClasses.node(ManyLive.class.getName()), null, new Diagnostics());
    return MirParser.parse(String.join("", out));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void thePtxKeepsTheBudgetAtEveryPoint(String name, CompilerOptions o) {
    for (MachineFunction f : mir(o, Stage.RA)) {
      assertEquals(BUDGET, f.info().maxRegisters());
      int most = RegisterPressure.of(f).maxLiveRegisterUnits();
      assertTrue(most <= BUDGET, name + ": " + most + " units live at once");
    }
  }

  @Test
  void withoutTheScheduler_theAllocatorSpillsWhatWasLiveAtOnce() {
    CompilerOptions o = Configurations.options("-O3 sm_90 nvptx-sched4reg=false");
    MachineFunction before = mir(o, Stage.MIR).get(0);
    assertTrue(
        RegisterPressure.of(before).maxLiveRegisterUnits() > 40,
        "more than 40 values are live at once before allocation");
    MachineFunction after = mir(o, Stage.RA).get(0);
    assertFalse(after.info().frame().isEmpty(), "spill slots in .local");
    // with the scheduler nothing needs to spill
    MachineFunction scheduled = mir(Configurations.options("-O3 sm_90"), Stage.RA).get(0);
    assertTrue(scheduled.info().frame().isEmpty(), "no .local frame when scheduled");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void theKernelComputesWhatTheJvmComputes(String name, CompilerOptions o) {
    int n = 300;
    float[] in = new RandomArrays(7).floats(n * ManyLive.VALUES, -4, 4);
    Differential.check(
        o,
        new Differential.Case(
            ManyLive.class, "horner", Launch.grid1d(n + 20, 64), 0, in, new float[n], n));
  }

  @Test
  void ptxasSpillsNoMoreThanForTheCudaTwin() throws URISyntaxException {
    CompilerOptions o = Configurations.options("-O3 sm_90");
    Map<SmTarget, String> modules =
        new Pipeline(o, DumpSink.NONE)
            .compile(TestClasses.node(ManyLive.class.getName()), null, new Diagnostics())
            .modules();
    KernelResources ours = Tools.assertAssembles(modules.get(SM90), SM90).resourcesOf("horner");
    Path cu = Path.of(getClass().getResource("/regalloc/many-live.cu").toURI());
    String twinPtx = Tools.nvccPtx(cu, SM90);
    assertTrue(twinPtx.contains(".maxnreg 16"), "the twin has the same budget");
    KernelResources twin = Tools.ptxas().validate(twinPtx, SM90).resourcesOf("horner");
    assertTrue(
        ours.spillStoreBytes() + ours.spillLoadBytes()
            <= twin.spillStoreBytes() + twin.spillLoadBytes(),
        "ours " + ours + ", nvcc's " + twin);
  }
}
