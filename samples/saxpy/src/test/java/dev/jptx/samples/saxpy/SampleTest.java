package dev.jptx.samples.saxpy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.runtime.Device;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SampleTest {
  private static Device jvm;
  private static Device sim;

  @BeforeAll
  static void open() {
    jvm = Device.jvm();
    sim = Device.simulator();
  }

  @AfterAll
  static void close() {
    jvm.close();
    sim.close();
  }

  @Test
  void saxpy_simulator_runsThePluginsModuleBitExactly() {
    // the module jptx:compile wrote, found through META-INF/jptx/kernels.list
    assertEquals(0, Reference.checkSaxpy(sim, 100_003, 1));
    assertEquals(true, sim.lastLaunchStats().instructions() > 0);
  }

  @Test
  void vecAdd_simulator_runsThePluginsModule() {
    assertEquals(0, Reference.checkVecAdd(sim, 100_003, 2));
    assertEquals(0, Reference.checkVecAdd(sim, 1, 4));
  }

  @Test
  void saxpy_jvmDevice_matchesSequentialLoopBitForBit() {
    assertEquals(0, Reference.checkSaxpy(jvm, 100_003, 1));
  }

  @Test
  void vecAdd_jvmDevice_matchesSequentialLoopWithWrapping() {
    assertEquals(0, Reference.checkVecAdd(jvm, 100_003, 2));
  }

  @Test
  void saxpy_partialLastBlock_leavesTailUntouched() {
    // n not a multiple of the block: the threads past n must not write
    assertEquals(0, Reference.checkSaxpy(jvm, 257, 3));
    assertEquals(0, Reference.checkVecAdd(jvm, 1, 4));
  }

  @Test
  void modules_builtByThePlugin_forBothTargets() throws Exception {
    // jptx:compile runs in process-classes, before the tests
    assertEquals(
        List.of("sm_75", "sm_90"), Modules.of(Saxpy.class).stream().map(m -> m.target()).toList());
    assertEquals(
        List.of("sm_75", "sm_90"), Modules.of(VecAdd.class).stream().map(m -> m.target()).toList());
  }
}
