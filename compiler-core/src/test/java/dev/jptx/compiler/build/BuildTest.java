package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.compiler.validate.ValidationMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildTest {
  @TempDir Path dir;

  private BuildReport build(Path classes, Path out, List<String> targets, ValidationMode mode) {
    CompilerOptions o =
        CompilerOptions.defaults().withTargets(targets.stream().map(SmTargets::get).toList());
    return Build.run(
        new BuildRequest(List.of(classes), List.of(), out, o, mode, null), DumpSink.NONE);
  }

  @Test
  void classesCompiledInParallel_reportAndOutputAsOneAtATime() throws Exception {
    Tools.ptxas();
    Map<String, String> sources = new java.util.TreeMap<>();
    for (String n : List.of("A", "B", "C", "D", "E", "F")) {
      sources.put("demo." + n, Sources.SAXPY.replace("class Saxpy", "class " + n));
    }
    sources.put("demo.Bad", Sources.BAD);
    Path classes = JavaSources.compile(dir, sources);
    String before = System.getProperty("jptx.build.threads");
    try {
      System.setProperty("jptx.build.threads", "1");
      BuildReport one = build(classes, dir.resolve("one"), List.of("sm_90"), ValidationMode.TRUE);
      System.setProperty("jptx.build.threads", "4");
      BuildReport four = build(classes, dir.resolve("four"), List.of("sm_90"), ValidationMode.TRUE);
      // the lines name each kernel with its figures; only the milliseconds may differ
      java.util.function.Function<List<String>, List<String>> noTimes =
          l -> l.stream().map(x -> x.replaceAll("\\d+ ms", "N ms")).toList();
      assertEquals(noTimes.apply(one.kernelLines()), noTimes.apply(four.kernelLines()));
      assertEquals(6, four.kernelLines().size());
      assertEquals(
          one.diagnostics().stream().map(Object::toString).toList(),
          four.diagnostics().stream().map(Object::toString).toList());
      assertFalse(four.diagnostics().isEmpty());
      for (String n : List.of("A", "B", "C", "D", "E", "F")) {
        String module = "META-INF/jptx/demo/" + n + "/sm_90.ptx";
        assertEquals(
            Files.readString(dir.resolve("one").resolve(module)),
            Files.readString(dir.resolve("four").resolve(module)));
      }
      assertEquals(
          Files.readAllLines(dir.resolve("one/META-INF/jptx/kernels.list")),
          Files.readAllLines(dir.resolve("four/META-INF/jptx/kernels.list")));
    } finally {
      if (before == null) {
        System.clearProperty("jptx.build.threads");
      } else {
        System.setProperty("jptx.build.threads", before);
      }
    }
  }

  @Test
  void twoTargets_oneModuleEachAndOneIndexLine() throws Exception {
    Tools.ptxas();
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    BuildReport r = build(classes, out, List.of("sm_90", "sm_75"), ValidationMode.TRUE);
    assertFalse(r.failed(), r.internalErrors().toString());
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_90.ptx")));
    assertEquals(
        List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90"),
        Files.readAllLines(out.resolve("META-INF/jptx/kernels.list")));
    assertEquals(2, r.kernelLines().size());
  }

  @Test
  void failingClass_removesItsEarlierModulesAndIndexLines() throws Exception {
    Path good =
        JavaSources.compile(
            dir.resolve("a"), Map.of("demo.Bad", Sources.SAXPY.replace("Saxpy", "Bad")));
    Path out = dir.resolve("out");
    assertFalse(build(good, out, List.of("sm_75"), ValidationMode.FALSE).failed());
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Bad/sm_75.ptx")));
    Path bad = JavaSources.compile(dir.resolve("b"), Map.of("demo.Bad", Sources.BAD));
    BuildReport r = build(bad, out, List.of("sm_75"), ValidationMode.FALSE);
    assertTrue(r.failed());
    assertTrue(
        r.diagnostics().get(0).format().startsWith("demo/Bad.java:9: error: kernel demo.Bad.bad:"));
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Bad/sm_75.ptx")));
    assertEquals("", Files.readString(out.resolve("META-INF/jptx/kernels.list")));
  }

  @Test
  void classWithoutKernels_leavesNoModule() throws Exception {
    Path classes = JavaSources.compile(dir, Map.of("demo.Plain", Sources.PLAIN));
    Path out = dir.resolve("out");
    BuildReport r = build(classes, out, List.of("sm_75"), ValidationMode.FALSE);
    assertFalse(r.failed());
    assertFalse(Files.exists(out.resolve("META-INF/jptx")));
  }

  @Test
  void oldTargets_areValidatedByJCudasPtxCompiler() throws Exception {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    BuildReport r = build(classes, out, List.of("sm_52", "sm_70"), ValidationMode.TRUE);
    assertFalse(r.failed(), String.join("\n", r.internalErrors()));
    assertTrue(r.kernelLines().get(0).contains("[sm_52]: "), r.kernelLines().toString());
    assertTrue(r.kernelLines().get(0).contains(" registers, "), r.kernelLines().toString());
    assertTrue(
        r.validators().keySet().stream().anyMatch(v -> v.startsWith("JCuda nvPTXCompiler")),
        r.validationLines().toString());
    assertTrue(
        Files.readString(out.resolve("META-INF/jptx/demo/Saxpy/sm_52.ptx"))
            .contains(".version 4.1"));
  }

  @Test
  void failOnSpills_leavesNoModuleForTheSpillingClass() throws Exception {
    Tools.ptxas();
    Path classes =
        JavaSources.compile(dir, Map.of("demo.Heavy", heavy(), "demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    CompilerOptions o = CompilerOptions.defaults();
    // without the rule the spilling class gets its module, as before
    BuildReport tolerant =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), out, o, ValidationMode.TRUE, null, false, null),
            DumpSink.NONE);
    assertFalse(tolerant.failed(), tolerant.internalErrors().toString());
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Heavy/sm_75.ptx")));
    BuildReport r =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), out, o, ValidationMode.TRUE, null, true, null),
            DumpSink.NONE);
    assertTrue(r.failed());
    assertEquals(
        List.of("demo.Heavy.heavy"), r.spillFailures().stream().map(KernelResult::kernel).toList());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Heavy")));
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    assertEquals(
        List.of("demo.Saxpy saxpy saxpy (IF[F[F)V sm_75"),
        Files.readAllLines(out.resolve("META-INF/jptx/kernels.list")));
  }

  /** {@code demo.Heavy}: {@code heavy} keeps 48 values live under 24 registers, {@code light}. */
  private static String heavy() {
    StringBuilder sb =
        new StringBuilder(
            """
            package demo;

            import static dev.jptx.Gpu.globalIdX;

            import dev.jptx.Kernel;

            public final class Heavy {
              @Kernel(maxRegisters = 24)
              public static void heavy(int n, float[] x, float[] y) {
                int i = globalIdX();
                if (i >= n) {
                  return;
                }
            """);
    for (int k = 0; k < 48; k++) {
      sb.append("    float v").append(k).append(" = x[i + ").append(k).append("];\n");
    }
    for (int k = 0; k < 48; k++) {
      sb.append("    y[i + ").append(k).append("] = v").append(k).append(" * v");
      sb.append((k + 1) % 48).append(" + v").append((k + 7) % 48).append(";\n");
    }
    return sb.append(
            """
              }

              @Kernel
              public static void light(int n, float[] y) {
                int i = globalIdX();
                if (i < n) {
                  y[i] = 2f * y[i];
                }
              }
            }
            """)
        .toString();
  }
}
