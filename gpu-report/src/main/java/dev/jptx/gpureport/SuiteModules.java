package dev.jptx.gpureport;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import dev.jptx.spi.KernelIndexLine;
import dev.jptx.spi.ModuleLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bench kernels of one compiler, target and mode, loaded through the runtime's raw-module path
 * ({@link Device#loadPtx}) on one device: nvcc's single module, or jptx's module per kernel class
 * (found through its {@code kernels.list}). Loaded on first use and closed together.
 */
final class SuiteModules implements AutoCloseable {
  /** Which compiler's PTX. */
  enum Compiler {
    JPTX,
    NVCC
  }

  private final Device device;
  private final Compiler compiler;
  private final Map<String, Path> fileOfEntry = new HashMap<>();
  private final Map<Path, PtxModule> loaded = new LinkedHashMap<>();

  private SuiteModules(Device device, Compiler compiler) {
    this.device = device;
    this.compiler = compiler;
  }

  /** The modules of {@code compiler} for {@code target} and {@code mode} in {@code bundle}. */
  static SuiteModules of(
      Device device, Bundle bundle, Compiler compiler, String target, String mode) {
    return compiler == Compiler.NVCC
        ? nvcc(device, bundle.nvccModule(target, mode))
        : jptx(device, bundle.jptxModules(mode), target);
  }

  /** nvcc's single module {@code file}, which holds every entry. */
  static SuiteModules nvcc(Device device, Path file) {
    SuiteModules m = new SuiteModules(device, Compiler.NVCC);
    m.fileOfEntry.put("*", file);
    return m;
  }

  /**
   * jptx's modules for {@code target} under {@code output}, a folder that {@code jptx compile -o}
   * wrote (its {@code META-INF/jptx/kernels.list} names each entry's class).
   */
  static SuiteModules jptx(Device device, Path output, String target) {
    SuiteModules m = new SuiteModules(device, Compiler.JPTX);
    Path root = output.resolve(ModuleLayout.ROOT);
    try {
      for (String line :
          Files.readAllLines(root.resolve(ModuleLayout.INDEX_NAME), StandardCharsets.UTF_8)) {
        if (line.isBlank()) {
          continue;
        }
        KernelIndexLine k = KernelIndexLine.parse(line);
        m.fileOfEntry.put(k.entry(), root.resolve(ModuleLayout.modulePath(k.className(), target)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read jptx's kernels.list under " + root, e);
    }
    return m;
  }

  /**
   * Launches {@code entry} with the suite's arguments (arrays, host or device, and boxed
   * primitives), passed as the compiler's PTX takes them: jptx's with each array's length after it,
   * nvcc's one for one.
   */
  void launch(String entry, Launch launch, Object... args) {
    forEntry(entry)
        .launch(entry, launch, compiler == Compiler.JPTX ? JptxAbi.arguments(args) : args);
  }

  /**
   * The PTX that {@code entry} runs: the entry's own text in nvcc's one-module suite, the whole
   * module (its device functions included) for jptx's module of a kernel class.
   */
  String textOf(String entry) {
    Path file = fileOfEntry.getOrDefault(entry, fileOfEntry.get("*"));
    String text = Bundle.read(file);
    if (compiler == Compiler.JPTX) {
      return text;
    }
    int start = text.indexOf(".entry " + entry + "(");
    if (start < 0) {
      return text;
    }
    int end = text.indexOf("\n}", start);
    return end < 0 ? text.substring(start) : text.substring(start, end);
  }

  /** The loaded module that holds {@code entry}. */
  PtxModule forEntry(String entry) {
    Path file = fileOfEntry.getOrDefault(entry, fileOfEntry.get("*"));
    if (file == null) {
      throw new IllegalArgumentException("no module holds the entry " + entry);
    }
    return loaded.computeIfAbsent(file, f -> device.loadPtx(Bundle.read(f)));
  }

  @Override
  public void close() {
    loaded.values().forEach(PtxModule::close);
    loaded.clear();
  }
}
