package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.printf;
import static dev.jptx.Gpu.threadIdxX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** {@code printf} formats as C does and prints each call's text whole to {@code System.out}. */
@ResourceLock(Resources.SYSTEM_OUT)
public class PrintfTest {
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** One line per thread, with several conversions. */
  @Kernel
  public static void hello(float scale) {
    int t = threadIdxX();
    printf("thread %3d: %-5s|%08.3f|%x|%lu|%c%%\n", t, "ok", t * scale, -t, (long) t, 'A' + t % 26);
  }

  /** A float where an integer is expected. */
  @Kernel
  public static void wrongArgument() {
    printf("%d\n", 1.5f);
  }

  private static String capture(Runnable action) {
    PrintStream original = System.out;
    var bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(original);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void printf_eachCallPrintsWholeLine() {
    int n = 200;
    String text = capture(() -> GPU.launch(Launch.grid1d(n, n), PrintfTest::hello, 0.5f));
    String[] lines = text.split("\n");
    assertEquals(n, lines.length);
    Arrays.sort(lines);
    for (int t = 0; t < n; t++) {
      String expected =
          String.format(
              "thread %3d: %-5s|%08.3f|%x|%d|%c%%",
              t, "ok", t * 0.5, -t, (long) t, (char) ('A' + t % 26));
      assertEquals(expected, lines[t]);
    }
  }

  @Test
  void printf_wrongArgumentFailsTheLaunch() {
    KernelException e =
        assertThrows(
            KernelException.class,
            () -> capture(() -> GPU.launch(Launch.grid1d(1, 1), PrintfTest::wrongArgument)));
    assertTrue(e.getMessage().contains("%d expects an integer"), e.getMessage());
  }
}
