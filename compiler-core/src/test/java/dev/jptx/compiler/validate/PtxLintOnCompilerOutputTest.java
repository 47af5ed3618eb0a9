package dev.jptx.compiler.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.cli.JptxCommand;
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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The compiler's output keeps the lint's rules, through the pipeline and through the CLI, and the
 * lint does find the breaks that matter in it: fast-math output in strict mode, and output with its
 * masks or NaN selects taken out.
 */
class PtxLintOnCompilerOutputTest {
  private static final List<String> KERNELS = List.of("Basic", "Loops", "Params", "JdkMath");
  private static final String PACKAGE = "dev.jptx.compiler.testkernels.";
  private static final List<SmTarget> TARGETS =
      List.of(SmTargets.get("sm_75"), SmTargets.get("sm_90"));

  static Stream<Arguments> configurations() {
    CompilerOptions o3 = CompilerOptions.defaults().withTargets(TARGETS);
    return Stream.of(
        Arguments.of("-O0", o3.withOptLevel(0)),
        Arguments.of("-O3", o3),
        Arguments.of("-O0 fast-math", o3.withOptLevel(0).withFastMath(true)),
        Arguments.of("-O3 fast-math", o3.withFastMath(true)));
  }

  private static Map<SmTarget, String> compile(String kernelClass, CompilerOptions o) {
    Diagnostics d = new Diagnostics();
    ClassResult r =
        new Pipeline(o, DumpSink.NONE).compile(TestClasses.node(PACKAGE + kernelClass), null, d);
    assertTrue(r.succeeded(), () -> d.all().toString());
    return r.modules();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void pipeline_testKernelsAreClean(String name, CompilerOptions o) {
    for (String k : KERNELS) {
      compile(k, o).values().forEach(ptx -> Tools.assertLintClean(ptx, o.fastMath()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"-O0", "-O3", "--fast-math"})
  void cli_compiledTestKernelsAreClean(String flag, @TempDir Path dir) throws IOException {
    Path classes = dir.resolve("classes/dev/jptx/compiler/testkernels");
    Files.createDirectories(classes);
    for (String k : KERNELS) {
      Path from = TestClasses.root().resolve("dev/jptx/compiler/testkernels/" + k + ".class");
      Files.copy(from, classes.resolve(k + ".class"));
    }
    Path out = dir.resolve("out");
    StringWriter err = new StringWriter();
    int code =
        JptxCommand.execute(
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true),
            "compile",
            "-t",
            "sm_75",
            "-t",
            "sm_90",
            flag,
            "--validate",
            "false",
            "-o",
            out.toString(),
            dir.resolve("classes").toString());
    assertEquals(0, code, err::toString);
    List<Path> modules;
    try (Stream<Path> files = Files.walk(out)) {
      modules = files.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
    }
    assertEquals(KERNELS.size() * TARGETS.size(), modules.size(), modules::toString);
    for (Path m : modules) {
      Tools.assertLintClean(Files.readString(m), flag.equals("--fast-math"));
    }
  }

  @Test
  void fastMathOutput_breaksTheStrictRules() {
    CompilerOptions fast = CompilerOptions.defaults().withFastMath(true);
    String ptx = compile("Basic", fast).values().iterator().next();
    assertEquals(List.of(), PtxLint.check(ptx, true));
    List<LintFinding> strict = PtxLint.check(ptx, false);
    Set<String> opcodes =
        strict.stream().map(f -> f.instruction().split(" ")[0]).collect(Collectors.toSet());
    assertTrue(opcodes.containsAll(Set.of("add.f32", "mul.f32")), opcodes::toString);
    for (LintFinding f : strict) {
      assertEquals(PtxLint.STRICT_FLOAT, f.rule(), f::format);
      assertEquals(StrictFloatRule.CONTRACTION, f.message(), f::format);
      assertTrue(ptx.lines().toList().get(f.line() - 1).contains(f.instruction()), f::format);
    }
  }

  @Test
  void outputWithoutShiftMasks_isFound() {
    String ptx = compile("Basic", CompilerOptions.defaults().withOptLevel(0)).get(TARGETS.get(0));
    String unmasked = ptx.replaceAll("and\\.b32 (%r\\d+), (%r\\d+), 31;", "mov.b32 $1, $2;");
    assertFalse(unmasked.equals(ptx));
    List<LintFinding> f = PtxLint.check(unmasked, false);
    Set<String> opcodes =
        f.stream().map(x -> x.instruction().split(" ")[0]).collect(Collectors.toSet());
    assertEquals(Set.of("shl.b32", "shr.s32", "shr.u32"), opcodes, f::toString);
    f.forEach(x -> assertEquals(PtxLint.SHIFT_MASK, x.rule(), x::format));
  }

  @Test
  void outputWithoutNanSelects_isFound() {
    String ptx = compile("Basic", CompilerOptions.defaults().withOptLevel(0)).get(TARGETS.get(0));
    String unselected =
        ptx.replaceAll("selp\\.b(32|64) (%rd?\\d+), 0, (%rd?\\d+), %p\\d+;", "mov.b$1 $2, $3;");
    List<LintFinding> f = PtxLint.check(unselected, false);
    Set<String> opcodes =
        f.stream().map(x -> x.instruction().split(" ")[0]).collect(Collectors.toSet());
    assertEquals(Set.of("cvt.rzi.s32.f64", "cvt.rzi.s64.f32"), opcodes, f::toString);
    f.forEach(x -> assertEquals(PtxLint.NAN_SELECT, x.rule(), x::format));
  }
}
