package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testkernels.FuzzFound;
import dev.jptx.compiler.testkernels.Recursion;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Recursion a million calls deep ends in a {@link KernelException} on the simulator (its stack
 * size) and on the JVM device (Java's {@code StackOverflowError}), never in an {@code
 * OutOfMemoryError} after the heap filled with frames; a thousand calls deep agree with the JVM.
 */
class DeepRecursionTest {
  @Test
  void millionCallsDeep_isAKernelExceptionOnBothDevices() {
    for (String config : List.of("-O0 sm_75", "-O3 sm_90")) {
      Path root = Differential.modules(Recursion.class, Configurations.options(config));
      try (Device jvm = Device.jvm();
          Device sim = SimDevice.withModuleRoots(List.of(root))) {
        Differential.compare(
            jvm,
            sim,
            new Differential.Case(
                Recursion.class, "depthOf", Launch.grid1d(2, 2), 0, 1000, new int[2]));
        KernelException onSim =
            assertThrows(
                KernelException.class,
                () ->
                    sim.launch(
                        Launch.grid1d(1, 1), Recursion.class, "depthOf", 1_000_000, new int[1]));
        assertTrue(onSim.getMessage().contains("stack overflow"), onSim.getMessage());
        KernelException onJvm =
            assertThrows(
                KernelException.class,
                () ->
                    jvm.launch(
                        Launch.grid1d(1, 1), Recursion.class, "depthOf", 1_000_000, new int[1]));
        assertTrue(onJvm.getCause() instanceof StackOverflowError, String.valueOf(onJvm));
        int[] out = new int[1];
        sim.launch(Launch.grid1d(1, 1), Recursion.class, "depthOf", 1000, out);
        assertArrayEquals(new int[] {1000}, out, config);
      }
    }
  }

  /**
   * ptxas 13.0 (sm_90) crashes on a direct call of a recursive function behind a branch it proves
   * dead; with constant folding off, jptx leaves that branch to ptxas, and the call, indirect now,
   * assembles (Differential.check runs ptxas) and runs.
   */
  @Test
  void recursiveCalls_areIndirect_soThatPtxasAssemblesWhatItWouldCrashOn() {
    Differential.check(
        Configurations.options("-O3 sm_90 disable-constfold"),
        new Differential.Case(
            FuzzFound.class, "deadRecursiveCall", Launch.grid1d(64, 32), 0, new int[64]));
  }
}
