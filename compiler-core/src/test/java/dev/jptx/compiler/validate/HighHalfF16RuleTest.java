package dev.jptx.compiler.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testing.Tools;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code high-half-f16} rule: the PTX that {@code ptxas} 13.0 miscompiled on an H200 (k0245) is
 * found, the compiler's output for the same kernels is clean, and the rule follows the high half
 * through copies, truncations, masks and branches but not into integer readers or other fields.
 */
class HighHalfF16RuleTest {
  /** A kernel {@code k} around {@code body}, which starts on line 14. */
  private static String kernel(String... body) {
    return ".version 7.8\n.target sm_90\n.address_size 64\n\n"
        + ".visible .entry k(\n\t.param .u32 k_param_0\n)\n{\n"
        + "\t.reg .pred \t%p<4>;\n\t.reg .b16 \t%rs<10>;\n\t.reg .b32 \t%r<10>;\n"
        + "\t.reg .f32 \t%f<4>;\n\t.reg .f64 \t%fd<4>;\n"
        + "\t"
        + String.join("\n\t", body)
        + "\n\tret;\n}\n";
  }

  private static List<LintFinding> highHalf(String ptx) {
    return PtxLint.check(ptx, false).stream()
        .filter(f -> f.rule().equals(PtxLint.HIGH_HALF_F16))
        .toList();
  }

  @Test
  void k0245Ptx_bothConversionsAreFoundNamingThePtxasBug() throws IOException {
    String ptx;
    try (InputStream in = getClass().getResourceAsStream("/lint/k0245-Min.sm_90.ptx")) {
      ptx = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<LintFinding> f = PtxLint.check(ptx, false);
    assertEquals(2, f.size(), f::toString);
    assertEquals(List.of(52, 111), f.stream().map(LintFinding::line).toList());
    for (LintFinding x : f) {
      assertEquals(PtxLint.HIGH_HALF_F16, x.rule());
      assertEquals("cvt.f32.f16 %f1, %rs1", x.instruction());
      assertTrue(x.message().contains("ptxas -O3 (CUDA 13.0, driver r580)"), x::format);
      assertTrue(x.message().contains("PRMT"), x::format);
      assertTrue(x.message().contains("bfe.u32 d, a, 16, 16"), x::format);
    }
    assertTrue(f.get(0).message().contains("line 50 (shr.u32 %r1, %r1, 16)"), f.get(0)::format);
    // the same module with the compiler's workaround
    String fixed = ptx.replace("shr.u32 %r1, %r1, 16;", "bfe.u32 %r1, %r1, 16, 16;");
    assertEquals(List.of(), PtxLint.check(fixed, false));
    Tools.assertAssembles(fixed, SmTargets.get("sm_90"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sm_52", "sm_60", "sm_75", "sm_90"})
  void compilerOutput_extractsHighHalvesWithBfeAndIsClean(String sm) {
    SmTarget t = SmTargets.get(sm);
    for (int level : new int[] {0, 3}) {
      CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(t)).withOptLevel(level);
      Diagnostics d = new Diagnostics();
      ClassResult r =
          new Pipeline(o, DumpSink.NONE)
              .compile(TestClasses.node("dev.jptx.compiler.testkernels.HighHalves"), null, d);
      assertTrue(r.succeeded(), () -> d.all().toString());
      Map<SmTarget, String> modules = r.modules();
      String ptx = modules.get(t);
      assertEquals(List.of(), PtxLint.check(ptx, false), ptx);
      assertTrue(ptx.contains(", 16, 16;"), ptx);
      // with the bfe turned back into the shift the lint finds every conversion of a high half
      String shifted =
          ptx.replaceAll("bfe\\.u32 (%r\\d+), (%r\\d+), 16, 16;", "shr.u32 $1, $2, 16;");
      assertTrue(highHalf(shifted).size() >= 4, () -> highHalf(shifted).toString());
    }
  }

  @Test
  void shiftThroughTruncationCopyAndMask_isFound() {
    String ptx =
        kernel(
            "ld.param.u32 %r1, [k_param_0];",
            "shr.s32 %r2, %r1, 16;",
            "and.b32 %r3, %r2, 65535;",
            "cvt.u16.u32 %rs1, %r3;",
            "mov.b16 %rs2, %rs1;",
            "cvt.f64.f16 %fd1, %rs2;");
    List<LintFinding> f = highHalf(ptx);
    assertEquals(1, f.size(), f::toString);
    assertEquals(19, f.get(0).line());
    assertTrue(f.get(0).message().contains("line 15 (shr.s32 %r2, %r1, 16)"), f.get(0)::format);
  }

  @Test
  void highOutputOfAnUnpack_isFoundAndTheLowOneIsClean() {
    String ptx =
        kernel(
            "ld.param.u32 %r1, [k_param_0];",
            "mov.b32 {%rs1, %rs2}, %r1;", "cvt.f32.f16 %f1, %rs1;", "cvt.f32.f16 %f2, %rs2;");
    List<LintFinding> f = highHalf(ptx);
    assertEquals(1, f.size(), f::toString);
    assertEquals("cvt.f32.f16 %f2, %rs2", f.get(0).instruction());
  }

  @Test
  void shiftOnOnePathOfAMerge_isFound() {
    String ptx =
        kernel(
            "ld.param.u32 %r1, [k_param_0];",
            "setp.eq.s32 %p1, %r1, 0;",
            "cvt.u16.u32 %rs1, %r1;",
            "@%p1 bra $L__BB0_2;",
            "shr.u32 %r2, %r1, 16;",
            "cvt.u16.u32 %rs1, %r2;",
            "$L__BB0_2:",
            "cvt.f32.f16 %f1, %rs1;");
    assertEquals(1, highHalf(ptx).size(), () -> highHalf(ptx).toString());
  }

  @Test
  void bfeOtherShiftsIntegerReadersAndBf16_areClean() {
    String ptx =
        kernel(
            "ld.param.u32 %r1, [k_param_0];",
            "bfe.u32 %r2, %r1, 16, 16;",
            "cvt.u16.u32 %rs1, %r2;",
            "cvt.f32.f16 %f1, %rs1;",
            "shr.u32 %r3, %r1, 8;",
            "cvt.u16.u32 %rs2, %r3;",
            "cvt.f32.f16 %f2, %rs2;",
            "shr.u32 %r4, %r1, 16;",
            "cvt.u16.u32 %rs3, %r4;",
            "cvt.u32.u16 %r5, %rs3;",
            "cvt.rn.f32.s32 %f3, %r5;",
            "cvt.f32.bf16 %f3, %rs3;",
            "shr.u32 %r6, %r1, 16;",
            "cvt.u16.u32 %rs4, %r6;",
            "cvt.rn.f16.f32 %rs4, %f1;",
            "cvt.f32.f16 %f1, %rs4;");
    assertEquals(List.of(), highHalf(ptx));
  }
}
