package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.DeviceSelection.Choice;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * {@code Device.best()} without a silent fallback (issue #24): {@code jptx.device} or else {@code
 * JPTX_DEVICE} picks the device, {@code cuda} refuses to fall back, and the fallback of {@code
 * best} is logged at WARNING the first time.
 */
class DeviceSelectionTest {
  @Test
  void choice_propertyWinsOverTheEnvironment() {
    assertEquals(Choice.SIM, Choice.of("sim", "jvm"));
    assertEquals(Choice.JVM, Choice.of(null, "jvm"));
    assertEquals(Choice.JVM, Choice.of("  ", " JVM "));
    assertEquals(Choice.CUDA, Choice.of("Cuda", null));
    assertEquals(Choice.BEST, Choice.of(null, null));
    assertEquals(Choice.BEST, Choice.of("best", "cuda"));
  }

  @Test
  void choice_otherValue_namesWhereItCameFrom() {
    IllegalArgumentException p =
        assertThrows(IllegalArgumentException.class, () -> Choice.of("gpu", null));
    assertEquals("jptx.device=gpu: expected cuda, sim, jvm or best", p.getMessage());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Choice.of(null, "opencl"));
    assertTrue(e.getMessage().startsWith("JPTX_DEVICE=opencl"), e.getMessage());
  }

  @Test
  void simAndJvm_areThoseDevices() {
    try (Device sim = DeviceSelection.best(Choice.SIM);
        Device jvm = DeviceSelection.best(Choice.JVM)) {
      assertTrue(sim.getClass().getName().contains(".sim."), sim.getClass().getName());
      assertTrue(jvm.getClass().getName().contains(".jvm."), jvm.getClass().getName());
    }
  }

  @Test
  void cuda_withoutADevice_throwsInsteadOfFallingBack() {
    if (cudaPresent()) {
      try (Device d = DeviceSelection.best(Choice.CUDA)) {
        assertTrue(d.getClass().getName().contains(".cuda."), d.getClass().getName());
      }
    } else {
      assertThrows(NoDeviceException.class, () -> DeviceSelection.best(Choice.CUDA));
    }
  }

  @Test
  void best_withoutADevice_warnsOnceAndUsesTheSimulator() {
    List<LogRecord> records = new ArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord r) {
            records.add(r);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger log = Logger.getLogger("dev.jptx.runtime");
    log.addHandler(handler);
    try {
      DeviceSelection.forgetWarning();
      try (Device first = DeviceSelection.best(Choice.BEST);
          Device second = DeviceSelection.best(Choice.BEST)) {
        if (cudaPresent()) {
          assertTrue(first.getClass().getName().contains(".cuda."));
          return;
        }
        assertTrue(first.getClass().getName().contains(".sim."), first.getClass().getName());
        assertTrue(second.getClass().getName().contains(".sim."), second.getClass().getName());
      }
      List<Level> levels = records.stream().map(LogRecord::getLevel).toList();
      assertEquals(List.of(Level.WARNING, Level.INFO, Level.INFO, Level.INFO), levels);
      assertEquals("jptx: using the PTX simulator", records.get(1).getMessage());
      String message = records.get(0).getMessage();
      assertTrue(
          message.contains("no CUDA device") && message.contains("jptx.device=cuda"), message);
    } finally {
      log.removeHandler(handler);
    }
  }

  private static boolean cudaPresent() {
    try (Device d = Device.open()) {
      return true;
    } catch (NoDeviceException e) {
      return false;
    }
  }
}
