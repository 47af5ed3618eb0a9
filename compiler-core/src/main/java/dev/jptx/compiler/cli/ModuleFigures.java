package dev.jptx.compiler.cli;

import dev.jptx.compiler.build.KernelResult;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.spi.ModuleLayout;
import dev.jptx.spi.ModuleResources;
import dev.jptx.spi.Occupancy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code jptx list --verbose}: a kernel's figures per target from the {@code .resources} files a
 * validated build wrote next to its modules, with the occupancy the build line gave.
 */
final class ModuleFigures {
  private ModuleFigures() {}

  /** Prints one indented line per target of {@code k} built under {@code root}. */
  static void print(PrintWriter out, Path root, KernelSpec k) {
    Path dir = root.resolve(ModuleLayout.ROOT).resolve(k.className().replace('.', '/'));
    if (!Files.isDirectory(dir)) {
      out.println("  no modules built");
      return;
    }
    List<Path> modules;
    try (Stream<Path> files = Files.list(dir)) {
      modules =
          files
              .filter(p -> p.getFileName().toString().endsWith(ModuleLayout.MODULE_SUFFIX))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (Path module : modules) {
      String name = module.getFileName().toString();
      String target = name.substring(0, name.length() - ModuleLayout.MODULE_SUFFIX.length());
      out.println("  " + target + ": " + figures(dir, target, k));
    }
  }

  private static String figures(Path dir, String target, KernelSpec k) {
    Path file = dir.resolve(target + ModuleResources.SUFFIX);
    if (!Files.isRegularFile(file) || SmTargets.find(target).isEmpty()) {
      return "not validated, occupancy unknown";
    }
    try {
      for (ModuleResources r :
          ModuleResources.parse(Files.readString(file, StandardCharsets.UTF_8))) {
        if (r.entry().equals(k.entryName())) {
          int threads =
              k.maxThreadsPerBlock() > 0 ? k.maxThreadsPerBlock() : KernelResult.DEFAULT_THREADS;
          Occupancy.Result o =
              Occupancy.of(
                  Occupancy.limits(SmTargets.get(target).capability()),
                  threads,
                  r.registers(),
                  r.sharedBytes());
          return r.registers()
              + " registers, "
              + r.sharedBytes()
              + " B shared, "
              + r.spillStoreBytes()
              + " B spill stores, "
              + r.spillLoadBytes()
              + " B spill loads, "
              + r.stackBytes()
              + " B stack, "
              + o.describe()
              + " at "
              + threads
              + " threads";
        }
      }
      return "not validated, occupancy unknown";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
