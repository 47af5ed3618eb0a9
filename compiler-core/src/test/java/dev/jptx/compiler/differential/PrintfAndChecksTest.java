package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testkernels.Output;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code printf} prints on the simulator what it prints on the JVM, and with the {@code checks}
 * option an out-of-bounds index or a division by zero stops the kernel after printing where.
 */
class PrintfAndChecksTest {
  static Stream<Arguments> configurations() {
    return Configurations.of("-O0 sm_75", "-O3 sm_90", "-O1 sm_60");
  }

  /** What a run prints, its lines sorted (threads print in no fixed order). */
  static String captured(Runnable run) {
    PrintStream old = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      run.run();
    } finally {
      System.out.flush();
      System.setOut(old);
    }
    String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
    Arrays.sort(lines);
    return String.join("\n", lines);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void printf_printsWhatTheJvmPrints(String name, CompilerOptions o) {
    Object[] args = {6, 2.5f, -1234.5678, 1L << 40, 'Z', true, (byte) -7};
    Launch l = Launch.grid1d(8, 8);
    String jvm;
    try (Device d = Device.jvm()) {
      jvm = captured(() -> d.launch(l, Output.class, "prints", args));
    }
    String sim;
    try (Device d = SimDevice.withModuleRoots(List.of(Differential.modules(Output.class, o)))) {
      sim = captured(() -> d.launch(l, Output.class, "prints", args));
    }
    assertTrue(jvm.contains("n=6 f=2.500000 d=-1.235e+03 l=1099511627776 c=Z b=1 y=-7 %"), jvm);
    assertTrue(jvm.contains("thread 5: 12.50|5   |FFFFFFFA|-1234.57"), jvm);
    assertEquals(jvm, sim);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void checks_passInBoundsCodeThrough(String name, CompilerOptions o) {
    CompilerOptions checked = o.withChecks(true);
    Differential.check(
        checked,
        new Differential.Case(
            Output.class, "indexes", Launch.grid1d(4, 4), 0, new int[] {1, 2, 3}, 2, new int[1]));
    Differential.check(
        checked,
        new Differential.Case(
            Output.class,
            "divides",
            Launch.grid1d(8, 8),
            0,
            new int[] {1, -3, 7, Integer.MIN_VALUE},
            Long.MIN_VALUE,
            -1L,
            new int[4]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void checks_trapAfterPrintingWhere(String name, CompilerOptions o) {
    CompilerOptions checked = o.withChecks(true);
    String file = "dev/jptx/compiler/testkernels/Output.java";
    String kernel = "kernel dev.jptx.compiler.testkernels.Output.";
    try (Device d =
        SimDevice.withModuleRoots(List.of(Differential.modules(Output.class, checked)))) {
      assertEquals(
          kernel + "indexes (" + file + ":28): Index 3 out of bounds for length 3",
          trapped(d, "indexes", new int[3], 3, new int[1]));
      assertEquals(
          kernel + "indexes (" + file + ":28): Index -1 out of bounds for length 3",
          trapped(d, "indexes", new int[3], -1, new int[1]));
      assertEquals(
          kernel + "divides (" + file + ":36): / by zero",
          trapped(d, "divides", new int[] {5}, 1L, 0L, new int[1]));
    }
  }

  /** What a one-thread launch of {@code method} prints before it stops with a kernel exception. */
  private static String trapped(Device d, String method, Object... args) {
    return captured(
        () ->
            assertThrows(
                KernelException.class,
                () -> d.launch(Launch.grid1d(1, 1), Output.class, method, args)));
  }
}
