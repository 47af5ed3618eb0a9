package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which module a cuda device loads, and what a module the driver refuses reports. */
class CudaModuleChoiceTest {
  @TempDir Path root;
  private final FakeCudaDriver driver = new FakeCudaDriver();

  private CudaDevice open(int major, int minor) {
    driver.major = major;
    driver.minor = minor;
    return CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
  }

  private static void launchScale(CudaDevice device) {
    device.launch(Launch.grid1d(1, 1), CudaTestKernels::scale, 0, 1f, new float[0], new float[0]);
  }

  @ParameterizedTest
  @CsvSource({"7, 5, sm_75", "8, 6, sm_80", "9, 0, sm_90", "12, 0, sm_90"})
  void launch_loadsTheHighestTargetNotAboveTheCapability(int major, int minor, String target) {
    try (CudaDevice device = open(major, minor)) {
      launchScale(device);
      launchScale(device);
    }
    assertEquals(List.of(TestModules.text(target)), driver.loadedPtx, "loaded once, then cached");
  }

  @Test
  void launch_forcedTargetLoadsThatModuleOnANewerDevice() {
    String before = System.setProperty(CudaDevice.TARGET_PROPERTY, "sm_75");
    try (CudaDevice device = open(9, 0)) {
      launchScale(device);
    } finally {
      restore(before);
    }
    assertEquals(List.of(TestModules.text("sm_75")), driver.loadedPtx);
  }

  @Test
  void launch_forcedTargetWithoutAModuleOrAboveTheDeviceFails() {
    String before = System.setProperty(CudaDevice.TARGET_PROPERTY, "sm_86");
    try (CudaDevice device = open(9, 0)) {
      var e = assertThrows(IllegalArgumentException.class, () -> launchScale(device));
      assertEquals(
          "kernel CudaTestKernels.scale has PTX modules for sm_75, sm_80, sm_90, but"
              + " jptx.cuda.target=sm_86 asks for sm_86",
          e.getMessage());
    }
    System.setProperty(CudaDevice.TARGET_PROPERTY, "sm_90");
    try (CudaDevice device = open(8, 6)) {
      var above = assertThrows(IllegalArgumentException.class, () -> launchScale(device));
      assertEquals(
          "jptx.cuda.target=sm_90 does not run on CUDA device 0 (Fake GPU) of compute capability"
              + " 8.6",
          above.getMessage());
    } finally {
      restore(before);
    }
    assertTrue(driver.loadedPtx.isEmpty());
  }

  private static void restore(String before) {
    if (before == null) {
      System.clearProperty(CudaDevice.TARGET_PROPERTY);
    } else {
      System.setProperty(CudaDevice.TARGET_PROPERTY, before);
    }
  }

  @Test
  void launch_deviceOlderThanEveryTargetFailsNamingTargetsAndCapability() {
    try (CudaDevice device = open(7, 0)) {
      var e = assertThrows(IllegalArgumentException.class, () -> launchScale(device));
      assertEquals(
          "kernel CudaTestKernels.scale has PTX modules for sm_75, sm_80, sm_90, none of which"
              + " runs on CUDA device 0 (Fake GPU) of compute capability 7.0: add the target"
              + " sm_70 (or a lower one) to the jptx plugin's <targets>",
          e.getMessage());
    }
    assertTrue(driver.loadedPtx.isEmpty());
  }

  @Test
  void launch_moduleTheDriverRefusesCarriesTheJitLog() {
    try (CudaDevice device = open(8, 6)) {
      driver.failNextLoad(
          218, "ptxas application ptx input, line 12; error   : Unknown symbol 'x'");
      var e = assertThrows(KernelException.class, () -> launchScale(device));
      String owner = CudaTestKernels.class.getName().replace('.', '/');
      assertEquals(
          "kernel CudaTestKernels.scale: CUDA device 0 (Fake GPU) cannot load META-INF/jptx/"
              + owner
              + "/sm_80.ptx (cuModuleLoadDataEx failed with CUDA_ERROR_INVALID_PTX); JIT"
              + " compiler log: ptxas application ptx input, line 12; error   : Unknown symbol"
              + " 'x'",
          e.getMessage());
      assertTrue(driver.memory.isEmpty());
    }
  }

  @Test
  void launch_ptxNewerThanTheDriverSaysToUpdateIt() {
    try (CudaDevice device = open(9, 0)) {
      driver.failNextLoad(222, "");
      var e = assertThrows(KernelException.class, () -> launchScale(device));
      assertTrue(
          e.getMessage()
              .endsWith(
                  "(cuModuleLoadDataEx failed with CUDA_ERROR_UNSUPPORTED_PTX_VERSION: the"
                      + " module's PTX ISA version is newer than this driver supports; update"
                      + " the NVIDIA driver)"),
          e.getMessage());
    }
  }

  @Test
  void launch_argumentsThatDoNotFitTheEntryAreRefusedBeforeTheDriver() {
    try (CudaDevice device = open(8, 6)) {
      TestModules.overwrite(
          root,
          "sm_80",
          ".version 7.0\n.target sm_80\n.address_size 64\n"
              + TestModules.entry(
                  "scale_entry", ".s32 n", ".f32 a", ".u64 x", ".s32 xn", ".u64 y"));
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  device.launch(
                      Launch.grid1d(1, 1),
                      CudaTestKernels::scale,
                      1,
                      1f,
                      new float[1],
                      new float[1]));
      assertEquals(
          "kernel CudaTestKernels.scale: the module's entry scale_entry has 5 parameters, but the"
              + " arguments make 6",
          e.getMessage());
      assertTrue(driver.launches.isEmpty());
      assertTrue(driver.memory.isEmpty(), "the arguments' memory is freed");
    }
  }

  @Test
  void loadPtx_refusedModuleReportsTheLog() {
    try (CudaDevice device = open(8, 6)) {
      driver.failNextLoad(218, "line 1: syntax error");
      var e = assertThrows(KernelException.class, () -> device.loadPtx(".version 9.9"));
      assertTrue(e.getMessage().contains("JIT compiler log: line 1: syntax error"), e.getMessage());
    }
  }
}
