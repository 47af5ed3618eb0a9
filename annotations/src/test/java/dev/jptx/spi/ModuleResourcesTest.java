package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code <target>.resources} codec: round trip, the header, malformed lines. */
class ModuleResourcesTest {
  @Test
  void formatThenParse_roundTrips() {
    List<ModuleResources> k =
        List.of(
            new ModuleResources("saxpy", 10, 0, 0, 0, 0),
            new ModuleResources("tiled", 24, 49152, 8, 8, 16));
    String text = ModuleResources.format(k);
    assertEquals(ModuleResources.HEADER + "\nsaxpy 10 0 0 0 0\ntiled 24 49152 8 8 16\n", text);
    assertEquals(k, ModuleResources.parse(text));
    assertEquals("dev/x/Saxpy/sm_90.resources", ModuleResources.path("dev.x.Saxpy", "sm_90"));
  }

  @Test
  void parse_malformed_throws() {
    assertThrows(IllegalArgumentException.class, () -> ModuleResources.parse("saxpy 10 0\n"));
    assertThrows(IllegalArgumentException.class, () -> ModuleResources.parse("saxpy 10 0 0 0 x\n"));
  }
}
