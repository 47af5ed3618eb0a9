package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PtxasFigures} and {@link PtxReport} with the real {@code ptxas}: small modules written
 * here, assembled for sm_90 (a few ptxas runs of well under a second each). Without ptxas on {@code
 * PATH} the tests are skipped, except under {@code CI=true}, where they fail: a CI job meant to
 * have CUDA must not go green by skipping.
 */
class PtxasFiguresTest {
  static final String ARCH = "sm_90";

  /** {@code y[i] = a * x[i] + y[i]} for i < n: 15 statements. */
  static final String AXPY =
      """
      .version 8.0
      .target sm_75
      .address_size 64

      .visible .entry axpy(.param .f32 a, .param .u64 px, .param .u64 py, .param .u32 n)
      {
        .reg .pred %p<2>;
        .reg .b32 %r<5>;
        .reg .f32 %f<5>;
        .reg .b64 %rd<6>;
        ld.param.f32 %f1, [a];
        ld.param.u64 %rd1, [px];
        ld.param.u64 %rd2, [py];
        ld.param.u32 %r1, [n];
        mov.u32 %r2, %tid.x;
        setp.ge.u32 %p1, %r2, %r1;
        @%p1 bra DONE;
        mul.wide.u32 %rd3, %r2, 4;
        add.s64 %rd4, %rd1, %rd3;
        add.s64 %rd5, %rd2, %rd3;
        ld.global.f32 %f2, [%rd4];
        ld.global.f32 %f3, [%rd5];
        fma.rn.f32 %f4, %f1, %f2, %f3;
        st.global.f32 [%rd5], %f4;
      DONE:
        ret;
      }
      """;

  @BeforeAll
  static void requirePtxas() {
    if (!Commands.onPath("ptxas")) {
      String reason = "ptxas is not on PATH";
      if ("true".equals(System.getenv("CI"))) {
        throw new AssertionError(reason + " (CI=true: the ptx-report tests must not be skipped)");
      }
      Assumptions.abort(reason + "; skipping the ptx-report tests");
    }
  }

  @Test
  void measure_smallKernel_registersSassAndStatements(@TempDir Path dir) throws IOException {
    Path ptx = write(dir, "axpy.ptx", AXPY);
    List<KernelFigures> rows = PtxasFigures.measure(ptx, "axpy.ptx", ARCH, List.of(), dir);
    assertEquals(1, rows.size());
    KernelFigures axpy = rows.get(0);
    assertEquals("axpy", axpy.name());
    assertTrue(axpy.entry());
    assertTrue(axpy.figure(PtxMetric.REGS) > 0, () -> "registers: " + axpy);
    assertTrue(axpy.figure(PtxMetric.SASS) > 0, () -> "sass: " + axpy);
    assertTrue(
        axpy.figure(PtxMetric.SASS_NP) < axpy.figure(PtxMetric.SASS),
        () -> "ptxas pads every function with at least a self-branch: " + axpy);
    assertEquals(15L, axpy.figure(PtxMetric.PTX));
    assertEquals(0L, axpy.figure(PtxMetric.SPILL_ST));
    assertEquals(0L, axpy.figure(PtxMetric.SPILL_LD));
    assertEquals(0L, axpy.figure(PtxMetric.STACK));
    assertEquals(0L, axpy.figure(PtxMetric.BAR));
    assertEquals(0L, axpy.figure(PtxMetric.SMEM));
  }

  @Test
  void read_realCubin_textSectionPerKernel(@TempDir Path dir) throws IOException {
    Path ptx = write(dir, "axpy.ptx", AXPY);
    Path cubin = dir.resolve("axpy.cubin");
    Commands.Output out =
        Commands.capture(
            dir, List.of("ptxas", "-arch=" + ARCH, ptx.toString(), "-o", cubin.toString()));
    assertEquals(0, out.exitCode(), out::stderr);
    ElfSections elf = ElfSections.read(Files.readAllBytes(cubin));
    assertTrue(elf.littleEndian());
    ElfSections.Section text =
        elf.sections().stream()
            .filter(s -> s.name().equals(".text.axpy"))
            .findFirst()
            .orElseThrow();
    assertEquals(0, text.size() % 16);
    SassSizes.Size size = SassSizes.of(elf).get("axpy");
    assertEquals(text.size() / 16, size.instructions());
    KernelFigures measured = PtxasFigures.measure(ptx, "axpy.ptx", ARCH, List.of(), dir).get(0);
    assertEquals(size.instructions(), measured.figure(PtxMetric.SASS));
    assertEquals(size.withoutPadding(), measured.figure(PtxMetric.SASS_NP));
  }

  @Test
  void measure_maxrregcount_makesTheKernelSpill(@TempDir Path dir) throws IOException {
    Path ptx = write(dir, "pressure.ptx", pressure(48));
    KernelFigures free = PtxasFigures.measure(ptx, "p", ARCH, List.of(), dir).get(0);
    assertEquals(0L, free.figure(PtxMetric.SPILL_ST), () -> "without a limit: " + free);
    assertTrue(free.figure(PtxMetric.REGS) > 48, () -> "all values live at once: " + free);

    // 24 is sm_90's lower bound; ptxas would raise a smaller limit to it
    KernelFigures tight =
        PtxasFigures.measure(ptx, "p", ARCH, List.of("--maxrregcount=24"), dir).get(0);
    assertTrue(tight.figure(PtxMetric.REGS) <= 24, () -> "limited: " + tight);
    assertTrue(tight.figure(PtxMetric.SPILL_ST) > 0, () -> "spill stores: " + tight);
    assertTrue(tight.figure(PtxMetric.SPILL_LD) > 0, () -> "spill loads: " + tight);
    assertTrue(tight.figure(PtxMetric.STACK) > 0, () -> "stack: " + tight);
  }

  @Test
  void run_compareTree_takesTheArchsModulesOnly(@TempDir Path dir) throws IOException {
    write(dir, "ours/dev/K/sm_90.ptx", AXPY);
    write(dir, "ours/dev/K/sm_75.ptx", "not PTX: skipped for sm_90");
    write(
        dir,
        "theirs.ptx",
        AXPY.replace("fma.rn.f32 %f4, %f1, %f2, %f3;", "add.f32 %f4, %f2, %f3;"));
    String out =
        PtxReport.run(
            new String[] {"--markdown", "--metrics=regs,ptx", "--compare", "ours", "theirs.ptx"},
            dir);
    assertTrue(out.startsWith("A (ours)   = ours\nB (theirs) = theirs.ptx\n\n"), out);
    assertTrue(out.contains("| axpy | "), out);
    assertTrue(out.contains(" | 15 | 15 | 1.00 |\n"), out);
    assertTrue(out.contains("(n per metric: regs=1, ptx=1)"), out);
  }

  @Test
  void measure_badPtx_quotesPtxassError(@TempDir Path dir) throws IOException {
    Path ptx = write(dir, "bad.ptx", AXPY.replace("fma.rn.f32", "fma.rn.bogus"));
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> PtxasFigures.measure(ptx, "bad.ptx", ARCH, List.of(), dir));
    assertTrue(e.getMessage().startsWith("bad.ptx: ptxas rejected the PTX"), e.getMessage());
    assertTrue(e.getMessage().contains("error"), e.getMessage());
  }

  @Test
  void parse_badCommandLines_areUsageErrors() {
    assertThrows(PtxReport.UsageException.class, () -> PtxReport.parse(new String[] {"x.ptx"}));
    assertThrows(
        PtxReport.UsageException.class,
        () -> PtxReport.parse(new String[] {"--arch", "90", "--compare", "a", "b"}));
    assertThrows(
        PtxReport.UsageException.class,
        () -> PtxReport.parse(new String[] {"--metrics=ms", "--compare", "a", "b"}));
    assertEquals(
        List.of("-O3", "--maxrregcount=32"),
        PtxReport.parse(
                new String[] {"--ptxas-opts", " -O3  --maxrregcount=32", "--compare", "a", "b"})
            .ptxasOptions());
  }

  /** Loads {@code n} floats (volatile: ptxas may neither merge nor repeat them), then uses all. */
  static String pressure(int n) {
    StringBuilder s = new StringBuilder();
    s.append(".version 8.0\n.target sm_75\n.address_size 64\n\n");
    s.append(".visible .entry pressure(.param .u64 pin, .param .u64 pout)\n{\n");
    s.append("  .reg .f32 %f<").append(n + 1).append(">;\n  .reg .b64 %rd<3>;\n");
    s.append("  ld.param.u64 %rd1, [pin];\n  ld.param.u64 %rd2, [pout];\n");
    for (int i = 0; i < n; i++) {
      s.append("  ld.volatile.global.f32 %f").append(i).append(", [%rd1+").append(4 * i);
      s.append("];\n");
    }
    s.append("  mov.f32 %f").append(n).append(", 0f00000000;\n");
    for (int i = 0; i < n; i++) {
      // the first value loaded meets the last: every value stays live until the end
      s.append("  fma.rn.f32 %f").append(n).append(", %f").append(n - 1 - i).append(", %f");
      s.append(i).append(", %f").append(n).append(";\n");
    }
    s.append("  st.global.f32 [%rd2], %f").append(n).append(";\n  ret;\n}\n");
    return s.toString();
  }

  private static Path write(Path dir, String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }
}
