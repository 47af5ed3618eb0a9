package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.Kernel;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Launch.forOccupancy} (issue #24): the largest block size with the highest occupancy on the
 * device, from the figures a validated build recorded next to the module ({@code sm_90.resources}),
 * at compute capability 9.0 on the simulator; 256 without figures.
 */
class OccupancyLaunchTest {
  /** A kernel whose module claims 40 registers. */
  @Kernel
  public static void wide(float[] a) {
    a[0] = 1f;
  }

  /** A kernel whose module claims 48 KiB of shared memory, at most 512 threads a block. */
  @Kernel(maxThreadsPerBlock = 512)
  public static void tiled(float[] a) {
    a[0] = 2f;
  }

  /** A kernel built without validation: no figures. */
  @Kernel
  public static void plain(float[] a) {
    a[0] = 3f;
  }

  @TempDir Path root;

  private Path modules() throws IOException {
    String owner = OccupancyLaunchTest.class.getName();
    Path dir = root.resolve("META-INF/jptx/" + owner.replace('.', '/'));
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("sm_90.ptx"), "// not run here\n");
    Files.writeString(
        dir.resolve("sm_90.resources"),
        dev.jptx.spi.ModuleResources.HEADER + "\nwide 40 0 0 0 0\ntiled 16 49152 0 0 0\n");
    Files.writeString(
        root.resolve("META-INF/jptx/kernels.list"),
        owner
            + " wide wide ([F)V sm_90\n"
            + owner
            + " tiled tiled ([F)V sm_90\n"
            + owner
            + " plain plain ([F)V sm_90\n");
    return root;
  }

  @Test
  void simulator_blockSizeFromTheRecordedFigures() throws IOException {
    try (Device sim = SimDevice.withModuleRoots(List.of(modules()))) {
      // 40 registers: 48 of 64 warps at most; 1024 threads (32 warps) fit once, 768 twice
      Launch wide = Launch.forOccupancy(sim, OccupancyLaunchTest::wide, 10_000);
      assertEquals(Dim3.of(768), wide.block());
      assertEquals(Dim3.of(14), wide.grid());
      // 48 KiB + 1 KiB per block: four blocks of 512 threads hold all 64 warps
      assertEquals(Dim3.of(512), Launch.forOccupancy(sim, OccupancyLaunchTest::tiled, 1).block());
      assertEquals(
          Dim3.of(512), Launch.forOccupancy(sim, OccupancyLaunchTest.class, "tiled", 1).block());
      assertEquals(Dim3.of(256), Launch.forOccupancy(sim, OccupancyLaunchTest::plain, 1).block());
    }
  }

  @Test
  void noSuchKernel_isRefused() {
    try (Device jvm = Device.jvm()) {
      assertThrows(
          IllegalArgumentException.class,
          () -> Launch.forOccupancy(jvm, OccupancyLaunchTest.class, "missing", 1));
      // the JVM device finds no figures on the class path for these: the default
      assertEquals(Dim3.of(256), Launch.forOccupancy(jvm, OccupancyLaunchTest::wide, 1).block());
    }
  }
}
