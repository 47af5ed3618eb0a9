package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.spi.Occupancy.Limiter;
import dev.jptx.spi.Occupancy.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The occupancy table and calculator against NVIDIA's own: every expected figure below is what
 * {@code cudaOccMaxActiveBlocksPerMultiprocessor} of CUDA 13.0's {@code cuda_occupancy.h} returns
 * for that compute capability's published limits, the default cache preference and one barrier per
 * block (a host program compiled with the header; no GPU needed), and the limiter is its
 * limiting-factor bits read with {@link Occupancy}'s order of naming.
 */
class OccupancyTest {
  @ParameterizedTest(name = "cc {0}: {1} threads, {2} registers, {3} B shared -> {4} blocks")
  @CsvSource({
    "75, 256, 32, 0, 4, 32, WARPS",
    "75, 256, 64, 0, 4, 32, WARPS",
    "75, 128, 40, 4096, 8, 32, WARPS",
    "75, 1024, 32, 0, 1, 32, WARPS",
    "75, 256, 128, 0, 2, 16, REGISTERS",
    "75, 64, 24, 16384, 4, 8, SHARED_MEMORY",
    "75, 512, 255, 0, 0, 0, REGISTERS",
    "75, 96, 33, 1000, 10, 30, WARPS",
    "75, 256, 72, 0, 3, 24, REGISTERS",
    "75, 32, 16, 0, 16, 16, BLOCKS",
    "75, 1024, 64, 0, 1, 32, WARPS",
    "75, 256, 16, 49152, 1, 8, SHARED_MEMORY",
    "80, 256, 32, 0, 8, 64, WARPS",
    "80, 256, 64, 0, 4, 32, REGISTERS",
    "80, 128, 40, 4096, 12, 48, REGISTERS",
    "80, 1024, 32, 0, 2, 64, WARPS",
    "80, 256, 128, 0, 2, 16, REGISTERS",
    "80, 64, 24, 16384, 9, 18, SHARED_MEMORY",
    "80, 512, 255, 0, 0, 0, REGISTERS",
    "80, 96, 33, 1000, 16, 48, REGISTERS",
    "80, 256, 72, 0, 3, 24, REGISTERS",
    "80, 32, 16, 0, 32, 32, BLOCKS",
    "80, 1024, 64, 0, 1, 32, REGISTERS",
    "80, 256, 16, 49152, 3, 24, SHARED_MEMORY",
    "86, 256, 32, 0, 6, 48, WARPS",
    "86, 256, 64, 0, 4, 32, REGISTERS",
    "86, 128, 40, 4096, 12, 48, WARPS",
    "86, 1024, 32, 0, 1, 32, WARPS",
    "86, 256, 128, 0, 2, 16, REGISTERS",
    "86, 64, 24, 16384, 5, 10, SHARED_MEMORY",
    "86, 512, 255, 0, 0, 0, REGISTERS",
    "86, 96, 33, 1000, 16, 48, WARPS",
    "86, 256, 72, 0, 3, 24, REGISTERS",
    "86, 32, 16, 0, 16, 16, BLOCKS",
    "86, 1024, 64, 0, 1, 32, REGISTERS",
    "86, 256, 16, 49152, 2, 16, SHARED_MEMORY",
    "89, 256, 32, 0, 6, 48, WARPS",
    "89, 256, 64, 0, 4, 32, REGISTERS",
    "89, 128, 40, 4096, 12, 48, WARPS",
    "89, 1024, 32, 0, 1, 32, WARPS",
    "89, 256, 128, 0, 2, 16, REGISTERS",
    "89, 64, 24, 16384, 5, 10, SHARED_MEMORY",
    "89, 512, 255, 0, 0, 0, REGISTERS",
    "89, 96, 33, 1000, 16, 48, WARPS",
    "89, 256, 72, 0, 3, 24, REGISTERS",
    "89, 32, 16, 0, 24, 24, BLOCKS",
    "89, 1024, 64, 0, 1, 32, REGISTERS",
    "89, 256, 16, 49152, 2, 16, SHARED_MEMORY",
    "90, 256, 32, 0, 8, 64, WARPS",
    "90, 256, 64, 0, 4, 32, REGISTERS",
    "90, 128, 40, 4096, 12, 48, REGISTERS",
    "90, 1024, 32, 0, 2, 64, WARPS",
    "90, 256, 128, 0, 2, 16, REGISTERS",
    "90, 64, 24, 16384, 13, 26, SHARED_MEMORY",
    "90, 512, 255, 0, 0, 0, REGISTERS",
    "90, 96, 33, 1000, 16, 48, REGISTERS",
    "90, 256, 72, 0, 3, 24, REGISTERS",
    "90, 32, 16, 0, 32, 32, BLOCKS",
    "90, 1024, 64, 0, 1, 32, REGISTERS",
    "90, 256, 16, 49152, 4, 32, SHARED_MEMORY",
    "120, 256, 32, 0, 6, 48, WARPS",
    "120, 256, 64, 0, 4, 32, REGISTERS",
    "120, 128, 40, 4096, 12, 48, WARPS",
    "120, 1024, 32, 0, 1, 32, WARPS",
    "120, 256, 128, 0, 2, 16, REGISTERS",
    "120, 64, 24, 16384, 5, 10, SHARED_MEMORY",
    "120, 512, 255, 0, 0, 0, REGISTERS",
    "120, 96, 33, 1000, 16, 48, WARPS",
    "120, 256, 72, 0, 3, 24, REGISTERS",
    "120, 32, 16, 0, 24, 24, BLOCKS",
    "120, 1024, 64, 0, 1, 32, REGISTERS",
    "120, 256, 16, 49152, 2, 16, SHARED_MEMORY"
  })
  void residentBlocks_asCudasCalculator(
      int cc, int threads, int registers, int shared, int blocks, int warps, Limiter limiter) {
    Result r = Occupancy.of(Occupancy.limits(cc), threads, registers, shared);
    assertEquals(blocks, r.blocks(), "blocks");
    assertEquals(warps, r.warps(), "warps");
    assertEquals(limiter, r.limiter(), "limiter");
  }

  @Test
  void describe_asTheBuildLineEnds() {
    assertEquals(
        "occupancy 50% (registers)", Occupancy.of(Occupancy.limits(90), 256, 64, 0).describe());
    assertEquals(
        "occupancy 94% (warps)", Occupancy.of(Occupancy.limits(75), 96, 33, 1000).describe());
    assertEquals(
        "occupancy 0% (registers)", Occupancy.of(Occupancy.limits(80), 512, 255, 0).describe());
  }

  @Test
  void limits_newerMinorVersionsTakeTheirMajorsLast_olderThanTheTableFail() {
    assertEquals(86, Occupancy.limits(86).capability());
    assertEquals(89, Occupancy.limits(89).capability());
    assertEquals(80, Occupancy.limits(81).capability());
    assertEquals(120, Occupancy.limits(121).capability());
    assertThrows(IllegalArgumentException.class, () -> Occupancy.limits(50));
  }
}
