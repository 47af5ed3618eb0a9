package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The device factories on a machine without a GPU or a CUDA driver. */
class DeviceTest {
  @Test
  void open_withoutDriverThrowsNoDeviceException() {
    NoDeviceException e = assertThrows(NoDeviceException.class, Device::open);
    String message = e.getMessage();
    // this machine and CI have no libcuda.so.1: the probe must say exactly that, naming the library
    assertTrue(
        message.startsWith("no CUDA driver: JCuda could not load the CUDA driver library ("),
        message);
    assertTrue(message.contains("(libcuda.so.1: cannot open shared object file"), message);
    assertTrue(message.contains("Device.jvm()"), message);
    assertFalse(message.contains("\n"), "one line, no nested stack traces: " + message);
    // a second attempt reports the same reason, not a NoClassDefFoundError
    assertEquals(message, assertThrows(NoDeviceException.class, () -> Device.open(1)).getMessage());
  }

  @Test
  void open_negativeOrdinalIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> Device.open(-1));
  }

  @Test
  void simulator_reportsComputeCapability90() {
    try (Device device = Device.simulator()) {
      assertEquals(9, device.info().computeCapabilityMajor());
      assertEquals(0, device.info().computeCapabilityMinor());
    }
  }

  @Test
  void best_fallsBackToTheSimulatorWithoutAGpu() {
    try (Device device = Device.best()) {
      assertEquals(9, device.info().computeCapabilityMajor());
    }
  }

  @Test
  void jvm_reportsInfoStatsAndRejectsPtx() {
    try (Device device = Device.jvm()) {
      DeviceInfo info = device.info();
      assertEquals(0, info.computeCapabilityMajor());
      assertTrue(info.multiprocessors() >= 1);
      assertTrue(info.totalMemoryBytes() > 0);
      assertEquals(-1, device.lastLaunchStats().instructions());
      var e = assertThrows(UnsupportedOperationException.class, () -> device.loadPtx(".version"));
      assertTrue(e.getMessage().contains("cannot load PTX"), e.getMessage());
    }
  }
}
