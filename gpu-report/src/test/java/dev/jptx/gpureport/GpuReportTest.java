package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner: time budgets, a report written after each section, exit codes. */
class GpuReportTest {
  @TempDir Path out;

  /** A section that writes a line, then works longer than its budget. */
  private static final class Slow implements Section {
    @Override
    public String title() {
      return "Slow";
    }

    @Override
    public String key() {
      return "slow";
    }

    @Override
    public Duration budget(ReportContext context) {
      return Duration.ofMillis(300);
    }

    @Override
    public void run(ReportContext context, SectionResult out) throws Exception {
      out.line("| row before the budget ran out |");
      out.put("rows", 1);
      Thread.sleep(60_000);
    }
  }

  @Test
  void runSection_overItsBudgetKeepsWhatItWroteAndTheReportIsOnDisk() throws Exception {
    ReportWriter writer = new ReportWriter(out, Map.of("mode", "test"));
    ExecutorService pool = Executors.newCachedThreadPool();
    try (Device sim = Device.simulator()) {
      ReportContext context = new ReportContext(new Bundle(out), out, sim, true, 0);
      long start = System.nanoTime();
      GpuReport.runSection(new Slow(), context, writer, pool);
      assertTrue(System.nanoTime() - start < 10_000_000_000L, "stopped at its budget");
    } finally {
      pool.shutdownNow();
    }
    String md = Files.readString(out.resolve("gpu-report.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("## Slow — timed out"), md);
    assertTrue(md.contains("| row before the budget ran out |"), md);
    assertTrue(md.contains("**Stopped after its budget of 0 s.**"), md);
    String json = Files.readString(out.resolve("gpu-report.json"), StandardCharsets.UTF_8);
    assertTrue(json.contains("\"status\": \"timed_out\""), json);
    assertTrue(json.contains("\"rows\": 1"), json);
    assertTrue(!writer.allPassed());
  }

  @Test
  void run_badArgumentsExit2() {
    assertEquals(2, GpuReport.run(new String[] {}));
    assertEquals(2, GpuReport.run(new String[] {out.toString(), "--device", "opencl"}));
    assertEquals(2, GpuReport.run(new String[] {out.toString(), "--color"}));
    assertEquals(2, GpuReport.run(new String[] {out.toString(), "--fuzz"}));
  }
}
