package dev.jptx.bench;

import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The simulator the tests run on. By default it runs the modules the plugin built (at its default
 * {@code -O3}); with {@code -Djptx.bench.opt=N} the tests compile the kernel classes themselves at
 * {@code -ON} (validated, as the plugin would) and run those, so that one suite checks every level.
 */
public final class SimulatorModules {
  private SimulatorModules() {}

  static Device device() {
    String level = System.getProperty("jptx.bench.opt", "");
    if (level.isEmpty()) {
      return Device.simulator();
    }
    return device(Integer.parseInt(level));
  }

  /** A simulator running the kernel classes compiled here at {@code -O<level>}. */
  public static Device device(int level) {
    return SimDevice.withModuleRoots(List.of(modules(level)));
  }

  /** The kernel classes compiled here at {@code -O<level>}: the root of their modules. */
  public static Path modules(int level) {
    try {
      Path classes =
          Path.of(Elementwise.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path out = Files.createTempDirectory("jptx-bench-O" + level);
      // verifying: the IR and MIR verifiers and the allocation checker after every pass
      CompilerOptions options =
          CompilerOptions.defaults().withOptLevel(level).withVerifyEachPass(true);
      BuildReport report =
          Build.run(
              new BuildRequest(
                  List.of(classes), List.of(), out, options, ValidationMode.TRUE, null),
              DumpSink.NONE);
      if (report.failed()) {
        throw new AssertionError(
            "compiling the benchmarks at -O"
                + level
                + " failed: "
                + report.diagnostics()
                + report.internalErrors());
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
