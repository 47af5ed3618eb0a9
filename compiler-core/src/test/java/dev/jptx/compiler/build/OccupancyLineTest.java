package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.spi.ModuleResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kernel's build line ends with its theoretical occupancy per target (issue #24): from the
 * registers and static shared memory ptxas reported, at the kernel's {@code maxThreadsPerBlock} or
 * 256; {@code occupancy unknown} without validation.
 */
class OccupancyLineTest {
  private static final String SOURCE =
      """
      package demo;
      import dev.jptx.Gpu;
      import dev.jptx.Kernel;
      public final class Occ {
        @Kernel
        public static void small(float[] a) { a[Gpu.globalIdX()] += 1f; }
        @Kernel(maxThreadsPerBlock = 256)
        public static void tiled(float[] a) {
          float[] tile = Gpu.sharedFloats(12288);
          int t = Gpu.threadIdxX();
          tile[t] = a[Gpu.globalIdX()];
          Gpu.syncThreads();
          a[Gpu.globalIdX()] = tile[255 - t];
        }
      }
      """;

  @TempDir Path dir;

  @Test
  void validated_linesEndWithOccupancyAndItsLimiter() {
    Tools.ptxas();
    Map<String, String> lines = lines(ValidationMode.TRUE, "sm_75", "sm_90");
    // 48 KiB of shared memory per 256-thread block: sm_75's 64 KiB hold one block (8 of 32
    // warps), sm_90's 228 KiB four (48 KiB + 1 KiB reserved each: 32 of 64 warps)
    assertTrue(
        lines.get("tiled sm_75").endsWith(", occupancy 25% (shared memory)"), lines.toString());
    assertTrue(
        lines.get("tiled sm_90").endsWith(", occupancy 50% (shared memory)"), lines.toString());
    assertTrue(lines.get("small sm_90").endsWith(", occupancy 100% (warps)"), lines.toString());
    assertEquals(4, lines.size());
  }

  @Test
  void notValidated_occupancyUnknown() {
    Map<String, String> lines = lines(ValidationMode.FALSE, "sm_90");
    assertTrue(lines.get("small sm_90").endsWith(", occupancy unknown"), lines.toString());
  }

  @Test
  void sharedMemory_isReadFromPtxas() {
    Tools.ptxas();
    BuildReport r = build(ValidationMode.TRUE, "sm_86");
    KernelResult tiled =
        r.kernelResults().stream().filter(k -> k.kernel().endsWith(".tiled")).findFirst().get();
    assertEquals(49152, tiled.resources().get().sharedBytes());
    // 8.6: 100 KiB per multiprocessor, 48 KiB + 1 KiB reserved per block: two blocks, 16 of 48
    // warps
    assertEquals("occupancy 33% (shared memory)", tiled.occupancy().get().describe());
  }

  @Test
  void minOccupancy_failsTheClassBelowItAndWritesNoModule() {
    Tools.ptxas();
    Path classes = JavaSources.compile(dir.resolve("src"), Map.of("demo.Occ", SOURCE));
    CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_75")));
    Path out = dir.resolve("strict");
    BuildReport below =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), out, o, ValidationMode.TRUE, null, false, null, 26),
            DumpSink.NONE);
    assertTrue(below.failed());
    assertEquals(
        List.of("demo.Occ.tiled"),
        below.occupancyFailures().stream().map(KernelResult::kernel).toList());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Occ/sm_75.ptx")));
    BuildReport at =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), out, o, ValidationMode.TRUE, null, false, null, 25),
            DumpSink.NONE);
    assertFalse(at.failed(), at.toString());
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Occ/sm_75.ptx")));
  }

  @Test
  void validatedModules_getAResourcesFile_unvalidatedOnesNone() throws Exception {
    Tools.ptxas();
    build(ValidationMode.TRUE, "sm_86");
    Path figures = dir.resolve("out/META-INF/jptx/demo/Occ/sm_86.resources");
    List<ModuleResources> k = ModuleResources.parse(Files.readString(figures));
    assertEquals(List.of("small", "tiled"), k.stream().map(ModuleResources::entry).toList());
    assertEquals(49152, k.get(1).sharedBytes());
    assertTrue(k.get(0).registers() > 0);
    // built again without validation, the module's figures would describe other code: gone
    build(ValidationMode.FALSE, "sm_86");
    assertFalse(Files.exists(figures));
    assertTrue(Files.exists(dir.resolve("out/META-INF/jptx/demo/Occ/sm_86.ptx")));
  }

  private Map<String, String> lines(ValidationMode mode, String... targets) {
    Map<String, String> out = new TreeMap<>();
    for (KernelResult k : build(mode, targets).kernelResults()) {
      String name = k.kernel().substring(k.kernel().lastIndexOf('.') + 1);
      out.put(name + " " + k.target().name(), k.line());
    }
    return out;
  }

  private BuildReport build(ValidationMode mode, String... targets) {
    Path classes = JavaSources.compile(dir.resolve("src"), Map.of("demo.Occ", SOURCE));
    CompilerOptions o =
        CompilerOptions.defaults()
            .withTargets(List.of(targets).stream().map(SmTargets::get).toList());
    BuildReport r =
        Build.run(
            new BuildRequest(List.of(classes), List.of(), dir.resolve("out"), o, mode, null),
            DumpSink.NONE);
    assertFalse(r.failed(), r.toString());
    return r;
  }
}
