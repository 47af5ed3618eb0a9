package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.bench.suite.NvccPtx;
import dev.jptx.runtime.Device;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which strict kernels the simulator section compares within the tolerance: the first GPU run
 * (docs/gpu-report.md) showed nvcc's nbody and blackScholes differing from the simulator in the
 * last bits (rsqrtf and expf are the hardware's approximations), and warpReduceSum's float atomics
 * adding in another order on the hardware.
 */
class SimulatorSectionTest {
  @TempDir Path bundle;

  @Test
  void exemption_namesTheApproximationsAndTheFreeOrder() throws Exception {
    Path nvcc = bundle.resolve("ptx/nvcc/kernels-sm_90-strict.ptx");
    Files.createDirectories(nvcc.getParent());
    Files.writeString(nvcc, NvccPtx.ptx(NvccPtx.Config.SM90_NO_FMAD));
    try (Device sim = Device.simulator();
        SuiteModules m =
            SuiteModules.of(
                sim, new Bundle(bundle), SuiteModules.Compiler.NVCC, "sm_90", "strict")) {
      assertEquals("rsqrt.approx", SimulatorSection.exemption("nbody", m));
      assertEquals("ex2.approx", SimulatorSection.exemption("blackScholes", m));
      assertEquals("atomics in any order", SimulatorSection.exemption("warpReduceSum", m));
      assertEquals("", SimulatorSection.exemption("saxpy", m));
      assertEquals("", SimulatorSection.exemption("sgemmTiled", m));
    }
  }
}
