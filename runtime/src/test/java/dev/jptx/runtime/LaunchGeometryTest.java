package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Launch} and {@link Dim3} are immutable values with checked extents. */
class LaunchGeometryTest {
  @Test
  void grid1d_roundsUp() {
    assertEquals(Dim3.of(4), Launch.grid1d(1000, 256).grid());
    assertEquals(Dim3.of(4), Launch.grid1d(1024, 256).grid());
    assertEquals(Dim3.of(5), Launch.grid1d(1025, 256).grid());
    assertEquals(Dim3.of(1), Launch.grid1d(1, 256).grid());
    assertEquals(Dim3.of(256), Launch.grid1d(1000, 256).block());
    assertEquals(Dim3.of(8388608), Launch.grid1d(Integer.MAX_VALUE, 256).grid());
  }

  @Test
  void grid1d_emptyInputStillOneBlock() {
    assertEquals(Dim3.of(1), Launch.grid1d(0, 128).grid());
  }

  @Test
  void grid1d_rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> Launch.grid1d(-1, 32));
    assertThrows(IllegalArgumentException.class, () -> Launch.grid1d(10, 0));
    assertThrows(IllegalArgumentException.class, () -> Launch.grid1d(10, 1025));
  }

  @Test
  void launch_modifiersReturnCopies() {
    Launch base = Launch.of(Dim3.of(2, 3), Dim3.of(4, 5, 6));
    Launch shared = base.sharedMemoryBytes(1024);
    assertEquals(0, base.sharedMemoryBytes());
    assertEquals(1024, shared.sharedMemoryBytes());
    assertEquals(base.grid(), shared.grid());
    assertEquals(Dim3.of(4, 5, 6), shared.block());
    assertTrue(base.stream().isEmpty());
    assertNotEquals(base, shared);
    assertEquals(base, Launch.of(Dim3.of(2, 3, 1), Dim3.of(4, 5, 6)));
    assertThrows(IllegalArgumentException.class, () -> base.sharedMemoryBytes(-1));
    try (Device device = Device.jvm();
        Stream stream = device.newStream()) {
      Launch onStream = base.stream(stream);
      assertEquals(stream, onStream.stream().orElseThrow());
      assertTrue(base.stream().isEmpty());
    }
  }

  @Test
  void dim3_extentsAtLeastOne() {
    assertEquals(new Dim3(3, 1, 1), Dim3.of(3));
    assertEquals(new Dim3(3, 4, 1), Dim3.of(3, 4));
    assertEquals(60, Dim3.of(3, 4, 5).count());
    assertThrows(IllegalArgumentException.class, () -> Dim3.of(0));
    assertThrows(IllegalArgumentException.class, () -> Dim3.of(1, -1));
    assertThrows(IllegalArgumentException.class, () -> Dim3.of(1, 1, 0));
  }

  @Test
  void launchStats_isAnImmutableRecord() {
    var counts = new java.util.HashMap<String, Long>(Map.of("add", 3L));
    var stats = new LaunchStats(10, 3, counts);
    counts.put("mul", 1L);
    assertEquals(Map.of("add", 3L), stats.instructionsByOpcode());
    assertThrows(UnsupportedOperationException.class, () -> stats.instructionsByOpcode().clear());
  }
}
