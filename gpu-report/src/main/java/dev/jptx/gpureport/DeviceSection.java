package dev.jptx.gpureport;

import dev.jptx.runtime.DeviceInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The device: {@code nvidia-smi}'s view (driver, clocks, memory) and the runtime's. */
final class DeviceSection implements Section {
  @Override
  public String title() {
    return "Device";
  }

  @Override
  public String key() {
    return "device";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(10);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    DeviceInfo info = context.device().info();
    Map<String, Object> device = new LinkedHashMap<>();
    device.put("name", info.name());
    device.put(
        "computeCapability", info.computeCapabilityMajor() + "." + info.computeCapabilityMinor());
    device.put("multiprocessors", info.multiprocessors());
    device.put("memoryBytes", info.totalMemoryBytes());
    out.put("runtime", device);
    out.linef(
        "`Device.%s().info()`: %s, compute capability %d.%d, %d multiprocessors, %.1f GiB.",
        context.simMode() ? "simulator" : "open",
        info.name(),
        info.computeCapabilityMajor(),
        info.computeCapabilityMinor(),
        info.multiprocessors(),
        info.totalMemoryBytes() / (double) (1L << 30));
    out.line("");
    query(
        out,
        List.of(
            "nvidia-smi",
            "--query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem,power.limit,"
                + "pcie.link.gen.max,compute_mode",
            "--format=csv"),
        "nvidiaSmiQuery");
    query(out, List.of("nvidia-smi"), "nvidiaSmi");
  }

  private static void query(SectionResult out, List<String> command, String key)
      throws InterruptedException {
    try {
      Processes.Outcome o = Processes.run(command, Path.of("."), Duration.ofSeconds(10));
      out.put(key, o.output().strip());
      out.line("`" + String.join(" ", command) + "`:");
      out.line("");
      out.line("```");
      out.line(o.output().strip());
      out.line("```");
      out.line("");
    } catch (java.io.IOException e) {
      out.put(key, "not available: " + e.getMessage());
      out.line("`" + command.get(0) + "`: not available here (" + e.getMessage() + ").");
      out.line("");
    }
  }
}
