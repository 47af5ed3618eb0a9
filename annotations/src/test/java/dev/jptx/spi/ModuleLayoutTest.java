package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ModuleLayoutTest {
  @Test
  void paths_perClassAndTarget() {
    assertEquals("dev/x/Saxpy/sm_90.ptx", ModuleLayout.modulePath("dev.x.Saxpy", "sm_90"));
    assertEquals(
        "META-INF/jptx/dev/x/Saxpy$Inner/sm_75.ptx",
        ModuleLayout.moduleResource("dev.x.Saxpy$Inner", "sm_75"));
    assertEquals("META-INF/jptx/kernels.list", ModuleLayout.INDEX);
  }
}
