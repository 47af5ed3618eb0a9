package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cuda device's side of runaway kernels, over a fake driver whose kernel never finishes: a
 * timeout or an interrupt ends the wait (a running kernel cannot be stopped, so the device is
 * unusable afterwards), and the stack size goes to the driver.
 */
class CudaRunawayTest {
  @TempDir Path root;
  private final FakeCudaDriver driver = new FakeCudaDriver();
  private CudaDevice device;

  @BeforeEach
  void open() {
    device = CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
  }

  @Test
  void timeout_endsTheWait_andTheDeviceIsUnusableAfterwards() {
    driver.notReadyQueries = -1; // the kernel never finishes
    KernelException e =
        assertThrows(
            KernelException.class,
            () ->
                device.launch(
                    Launch.grid1d(3, 128).timeout(Duration.ofMillis(100)),
                    CudaTestKernels::scale,
                    3,
                    2f,
                    new float[3],
                    new float[3]));
    assertTrue(
        e.getMessage()
            .startsWith(
                "kernel CudaTestKernels.scale did not finish within PT0.1S"
                    + " (Launch.timeout) on CUDA device 0 (Fake GPU): a running kernel cannot be"
                    + " stopped"),
        e.getMessage());
    assertTrue(!driver.calls.contains("cuEventSynchronize"), driver.calls::toString);
    IllegalStateException later =
        assertThrows(
            IllegalStateException.class,
            () ->
                device.launch(
                    Launch.grid1d(3, 128),
                    CudaTestKernels::scale,
                    3,
                    2f,
                    new float[3],
                    new float[3]));
    assertTrue(later.getMessage().contains("is unusable"), later.getMessage());
    device.close();
  }

  @Test
  void timeout_aKernelThatFinishesInTime_returnsNormally() {
    driver.notReadyQueries = 3;
    float[] y = new float[3];
    device.launch(
        Launch.grid1d(3, 128).timeout(Duration.ofSeconds(30)),
        CudaTestKernels::scale,
        3,
        2f,
        new float[3],
        y);
    assertEquals(4, driver.calls.stream().filter("cuEventQuery"::equals).count());
    device.launch(Launch.grid1d(3, 128), CudaTestKernels::scale, 3, 2f, new float[3], y);
    device.close();
  }

  @Test
  void interrupt_endsATimedWait() throws Exception {
    driver.notReadyQueries = -1;
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread launcher =
        new Thread(
            () -> {
              try {
                device.launch(
                    Launch.grid1d(3, 128).timeout(Duration.ofMinutes(10)),
                    CudaTestKernels::scale,
                    3,
                    2f,
                    new float[3],
                    new float[3]);
              } catch (RuntimeException e) {
                thrown.set(e);
              }
            });
    launcher.start();
    Thread.sleep(100);
    launcher.interrupt();
    launcher.join(10_000);
    assertTrue(!launcher.isAlive());
    assertTrue(
        thrown.get() instanceof KernelException
            && thrown.get().getMessage().contains("scale was interrupted on CUDA device 0"),
        String.valueOf(thrown.get()));
    device.close();
  }

  @Test
  void setStackSize_setsTheDriversLimit() {
    device.setStackSize(64 * 1024);
    assertEquals(List.of(64L * 1024), driver.stackSizes);
    assertThrows(IllegalArgumentException.class, () -> device.setStackSize(0));
    assertEquals(List.of(64L * 1024), driver.stackSizes);
    device.close();
  }
}
