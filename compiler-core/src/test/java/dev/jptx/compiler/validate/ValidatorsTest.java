package dev.jptx.compiler.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Tools;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValidatorsTest {
  private static final String GOOD =
      """
      .version 6.3
      .target sm_75
      .address_size 64
      .visible .entry k(.param .u64 k_param_0)
      {
        .reg .b64 %rd<3>;
        ld.param.u64 %rd1, [k_param_0];
        cvta.to.global.u64 %rd2, %rd1;
        st.global.u32 [%rd2], 7;
        ret;
      }
      """;

  @Test
  void ptxas_acceptsGoodAndRejectsBadModules() {
    PtxasValidator ptxas = Tools.ptxas();
    ValidationResult ok = ptxas.validate(GOOD, SmTargets.get("sm_75"));
    assertTrue(ok.accepted(), ok.log());
    assertEquals("k", ok.resources().get(0).function());
    ValidationResult bad =
        ptxas.validate(GOOD.replace("ret;", "frobnicate;"), SmTargets.get("sm_75"));
    assertFalse(bad.accepted());
    assertTrue(bad.log().contains("frobnicate"), bad.log());
  }

  @Test
  void ptxas13_doesNotSupportTargetsBelowSm75() {
    PtxasValidator ptxas = Tools.ptxas();
    assertFalse(ptxas.supports(SmTargets.get("sm_70")));
    assertTrue(ptxas.supports(SmTargets.get("sm_75")));
  }

  @Test
  void jcudasPtxCompiler_validatesOldTargetsWithoutACudaInstall() {
    NvPtxCompilerValidator v = NvPtxCompilerValidator.find().orElseThrow();
    assertTrue(v.supports(SmTargets.get("sm_52")));
    assertFalse(v.supports(SmTargets.get("sm_100")));
    String sm52 = GOOD.replace(".version 6.3", ".version 4.1").replace("sm_75", "sm_52");
    ValidationResult ok = v.validate(sm52, SmTargets.get("sm_52"));
    assertTrue(ok.accepted(), ok.log());
    assertEquals(1, ok.resources().size(), ok.log());
    assertFalse(v.validate(sm52.replace("ret;", "frobnicate;"), SmTargets.get("sm_52")).accepted());
  }

  @Test
  void validators_preferPtxasWhereItSupportsTheTarget() {
    PtxValidator ptxas = Tools.ptxas();
    PtxValidator jcuda = NvPtxCompilerValidator.find().orElseThrow();
    Validators vs = Validators.of(List.of(ptxas, jcuda));
    assertEquals(ptxas, vs.forTarget(SmTargets.get("sm_90")).orElseThrow());
    assertEquals(jcuda, vs.forTarget(SmTargets.get("sm_61")).orElseThrow());
    assertTrue(vs.forTarget(SmTargets.get("sm_100")).isPresent());
  }

  @Test
  void validators_leaveAModuleNewerThanJcudaReadsToPtxasOrToNone() {
    PtxValidator ptxas = Tools.ptxas();
    PtxValidator jcuda = NvPtxCompilerValidator.find().orElseThrow();
    Validators vs = Validators.of(List.of(ptxas, jcuda));
    String isa80 = ".version 8.0\n.target sm_61\n.address_size 64\n";
    String isa83 = ".version 8.3\n.target sm_61\n.address_size 64\n";
    assertEquals(jcuda, vs.forModule(isa80, SmTargets.get("sm_61")).orElseThrow());
    // ptxas 13 lacks sm_61 and JCuda's compiler reads PTX ISA 8.0 at most: nobody can check it
    assertTrue(vs.forModule(isa83, SmTargets.get("sm_61")).isEmpty());
    assertEquals(
        ptxas, vs.forModule(isa83.replace("sm_61", "sm_90"), SmTargets.get("sm_90")).get());
  }

  @Test
  void assemblerLog_parsesPerFunctionFigures() {
    String log =
        """
        ptxas info    : 0 bytes gmem
        ptxas info    : Compiling entry function 'saxpy' for 'sm_90'
        ptxas info    : Function properties for saxpy
            8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads
        ptxas info    : Used 10 registers, used 0 barriers, 380 bytes cmem[0]
        """;
    assertEquals(List.of(new KernelResources("saxpy", 10, 4, 12, 8)), AssemblerLog.parse(log));
  }
}
