package dev.jptx.compiler.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.TestClasses;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code shared-address} rule: {@code .shared} accesses through 64-bit registers are found, the
 * compiler's shared-memory kernels (static and dynamic arrays, atomics) address it with 32-bit
 * registers and are clean.
 */
class SharedAddressRuleTest {
  /** A kernel {@code k} around {@code body}, which starts on line 14. */
  private static String kernel(String... body) {
    return ".version 7.8\n.target sm_90\n.address_size 64\n\n"
        + ".shared .align 4 .f32 smem[64];\n"
        + ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
        + "\t.reg .b32 \t%r<10>;\n\t.reg .b64 \t%rd<10>;\n\t.reg .f32 \t%f<4>;\n"
        + "\t"
        + String.join("\n\t", body)
        + "\n\tret;\n}\n";
  }

  private static List<LintFinding> shared(String ptx) {
    return PtxLint.check(ptx, false).stream()
        .filter(f -> f.rule().equals(PtxLint.SHARED_ADDRESS))
        .toList();
  }

  @Test
  void sixtyFourBitSharedLoad_isFoundWithTheDocumentedMessage() {
    List<LintFinding> f = shared(kernel("mov.u64 %rd1, smem;", "ld.shared.f32 %f1, [%rd1+8];"));
    assertEquals(1, f.size(), f::toString);
    assertEquals(
        "line 14 in k: ld.shared.f32 %f1, [%rd1+8]: .shared addresses are 32 bits wide, but %rd1"
            + " is a 64-bit register: address .shared memory with a .b32 register",
        f.get(0).format());
  }

  @Test
  void everyKindOfSharedAccess_throughARegisterPair_isFound() {
    List<LintFinding> f =
        shared(
            kernel(
                "mov.u64 %rd1, smem;",
                "st.shared.f32 [%rd1], %f1;",
                "st.shared.v2.f32 [%rd1+8], {%f1, %f2};",
                "atom.shared.add.u32 %r1, [%rd1], 1;",
                "red.shared.add.u32 [%rd1+4], %r1;",
                "atom.shared.cas.b32 %r2, [%rd1], %r1, 0;"));
    assertEquals(List.of(14, 15, 16, 17, 18), f.stream().map(LintFinding::line).toList());
  }

  @Test
  void thirtyTwoBitSharedAndSixtyFourBitOtherSpaces_areClean() {
    String ptx =
        kernel(
            "mov.u32 %r1, smem;",
            "ld.shared.f32 %f1, [%r1+4];",
            "st.shared.f32 [%r1], %f1;",
            "red.shared.add.u32 [%r1], 1;",
            "ld.shared.f32 %f2, [smem+8];",
            "ld.param.u64 %rd1, [k_param_0];",
            "cvta.to.global.u64 %rd2, %rd1;",
            "st.global.f32 [%rd2], %f1;",
            "cvt.u64.u32 %rd3, %r1;",
            "cvta.shared.u64 %rd4, %rd3;",
            "ld.f32 %f3, [%rd4];");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sm_52", "sm_90"})
  void compilerOutput_addressesSharedMemoryWith32BitRegisters(String sm) {
    SmTarget t = SmTargets.get(sm);
    for (String c : List.of("GpuApi", "AtomicKernels")) {
      for (int level : new int[] {0, 3}) {
        CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(t)).withOptLevel(level);
        Diagnostics d = new Diagnostics();
        ClassResult r =
            new Pipeline(o, DumpSink.NONE)
                .compile(TestClasses.node("dev.jptx.compiler.testkernels." + c), null, d);
        assertTrue(r.succeeded(), () -> d.all().toString());
        String ptx = r.modules().get(t);
        assertEquals(List.of(), PtxLint.check(ptx, false), ptx);
        assertTrue(ptx.matches("(?s).*\\.shared\\.[^\\n]*\\[%r\\d+.*"), ptx);
        assertFalse(ptx.matches("(?s).*\\.shared\\.[^\\n]*\\[%rd\\d+.*"), ptx);
        // with the addresses widened back the lint finds every shared access
        String wide = ptx.replaceAll("(\\.shared\\.[^\\n]*)\\[%r(\\d+)", "$1[%rd$2");
        assertFalse(shared(wide).isEmpty(), c);
      }
    }
  }
}
