package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.build.KernelResult;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.validate.KernelResources;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpillCheckTest {
  private static KernelResult result(String kernel, String target, int stores, int loads) {
    return new KernelResult(
        kernel,
        SmTargets.get(target),
        Optional.of(new KernelResources(kernel, 24, stores, loads, 0)),
        3);
  }

  private static final KernelResult CLEAN = result("dev.example.Saxpy.saxpy", "sm_90", 0, 0);
  private static final KernelResult SPILLS = result("dev.example.Big.big", "sm_75", 8, 12);
  private static final KernelResult LOADS_ONLY = result("dev.example.Big.other", "sm_90", 0, 4);
  private static final KernelResult NOT_VALIDATED =
      new KernelResult("dev.example.Saxpy.saxpy", SmTargets.get("sm_52"), Optional.empty(), 3);

  @Test
  void of_noSpills_noViolation() {
    SpillCheck c = SpillCheck.of(List.of(CLEAN));
    assertTrue(c.violations().isEmpty());
    assertEquals(0, c.unvalidated());
  }

  @Test
  void of_storesOrLoads_namesKernelTargetAndBytes() {
    SpillCheck c = SpillCheck.of(List.of(CLEAN, SPILLS, LOADS_ONLY));
    assertEquals(
        List.of(
            "kernel dev.example.Big.big [sm_75] spills registers: 8 B spill stores, 12 B spill"
                + " loads",
            "kernel dev.example.Big.other [sm_90] spills registers: 0 B spill stores, 4 B spill"
                + " loads"),
        c.violations());
  }

  @Test
  void of_unvalidatedKernels_areCountedNotJudged() {
    SpillCheck c = SpillCheck.of(List.of(NOT_VALIDATED, CLEAN));
    assertTrue(c.violations().isEmpty());
    assertEquals(1, c.unvalidated());
  }
}
