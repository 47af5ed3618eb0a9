package dev.jptx.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ModuleTargetsTest {
  private static final List<String> BUILT = List.of("sm_75", "sm_80", "sm_90");

  @Test
  void forCapability_takesTheHighestTargetNotAboveTheDevice() {
    assertEquals(Optional.of("sm_75"), ModuleTargets.forCapability(BUILT, 7, 5));
    assertEquals(Optional.of("sm_80"), ModuleTargets.forCapability(BUILT, 8, 6));
    assertEquals(Optional.of("sm_90"), ModuleTargets.forCapability(BUILT, 9, 0));
    assertEquals(Optional.of("sm_90"), ModuleTargets.forCapability(BUILT, 12, 0));
  }

  @Test
  void forCapability_deviceOlderThanEveryTargetHasNone() {
    assertEquals(Optional.empty(), ModuleTargets.forCapability(BUILT, 7, 0));
  }

  @Test
  void forCapability_archSpecificTargetRunsOnlyOnItsOwnCapability() {
    List<String> targets = List.of("sm_80", "sm_90a");
    assertEquals(Optional.of("sm_90a"), ModuleTargets.forCapability(targets, 9, 0));
    assertEquals(Optional.of("sm_80"), ModuleTargets.forCapability(targets, 10, 0));
  }

  @Test
  void forCapability_familyTargetRunsOnItsMajorVersionFromItsMinorUp() {
    List<String> targets = List.of("sm_90", "sm_100f");
    assertEquals(Optional.of("sm_100f"), ModuleTargets.forCapability(targets, 10, 3));
    assertEquals(Optional.of("sm_90"), ModuleTargets.forCapability(targets, 12, 0));
  }

  @Test
  void highest_ranksVariantsAboveTheirBase() {
    assertEquals("sm_90", ModuleTargets.highest(List.of("sm_80", "sm_90", "sm_75")));
    assertEquals("sm_90a", ModuleTargets.highest(List.of("sm_90a", "sm_90")));
  }
}
