package dev.jptx.compiler.driver;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.frontend.ClassFiles;
import dev.jptx.compiler.frontend.ClassPath;
import dev.jptx.compiler.frontend.KernelScanner;
import dev.jptx.compiler.frontend.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.KernelResources;
import dev.jptx.compiler.validate.PtxValidator;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.compiler.validate.ValidationResult;
import dev.jptx.compiler.validate.Validators;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.objectweb.asm.tree.ClassNode;

/**
 * A whole build, as the plugin and {@code jptx compile} run it: find the kernel classes of the
 * inputs, compile each, validate every module, write modules and the index atomically, and remove
 * modules of classes that now fail or have no kernels, so the output never holds a stale module.
 */
public final class Build {
  private final BuildRequest request;
  private final DumpSink sink;
  private final UnaryOperator<Pipeline> configure;
  private final BuildReport report = new BuildReport();
  private Validators validators;

  private Build(BuildRequest request, DumpSink sink, UnaryOperator<Pipeline> configure) {
    this.request = request;
    this.sink = sink;
    this.configure = configure;
  }

  /** Runs a build. I/O failures of the output directory are thrown; all else is in the report. */
  public static BuildReport run(BuildRequest request, DumpSink sink) {
    return run(request, sink, UnaryOperator.identity());
  }

  /**
   * Runs a build whose pipeline is adjusted by {@code configure} (for experiments, and for tests
   * that need a pass to misbehave, as {@link Pipeline#withExtraMachinePass} does).
   */
  public static BuildReport run(
      BuildRequest request, DumpSink sink, UnaryOperator<Pipeline> configure) {
    return new Build(request, sink, configure).run();
  }

  private BuildReport run() {
    List<Path> roots = new ArrayList<>(request.inputs());
    roots.addAll(request.classPath());
    Set<String> inputClasses = new TreeSet<>();
    List<String> indexLines = new ArrayList<>();
    try (ClassPath cp = new ClassPath(roots)) {
      for (Path input : request.inputs()) {
        for (String name : ClassPath.classesIn(input)) {
          String className = name.replace('/', '.');
          if (!inputClasses.add(className)) {
            continue;
          }
          byte[] bytes = cp.read(name).orElseThrow();
          if (!ClassFiles.mayHaveKernels(bytes)) {
            removeModules(className);
            continue;
          }
          ClassNode c;
          try {
            c = ClassFiles.read(bytes);
          } catch (ClassFiles.UnreadableClassException e) {
            report.addDiagnostics(
                List.of(ClassFiles.diagnostic(ClassPath.location(input, name), e)));
            removeModules(className);
            continue;
          }
          if (!KernelScanner.hasKernels(c)) {
            removeModules(className);
            continue;
          }
          indexLines.addAll(compileClass(c, cp));
        }
      }
      writeIndex(inputClasses, indexLines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return report;
  }

  private List<String> compileClass(ClassNode c, ClassPath cp) throws IOException {
    String className = c.name.replace('/', '.');
    Diagnostics d = new Diagnostics();
    long start = System.nanoTime();
    ClassResult r;
    try {
      r = configure.apply(new Pipeline(request.options(), sink)).compile(c, cp, d);
    } catch (InternalCompilerError e) {
      report.addInternalError(e.getMessage(), e);
      removeModules(className);
      return List.of();
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    if (!r.succeeded() || d.hasErrors()) {
      report.addDiagnostics(d.all());
      removeModules(className);
      return List.of();
    }
    Map<SmTarget, String> modules = r.modules();
    for (Map.Entry<SmTarget, String> m : modules.entrySet()) {
      if (!validate(className, r, m.getKey(), m.getValue(), millis)) {
        removeModules(className);
        return List.of();
      }
    }
    for (Map.Entry<SmTarget, String> m : modules.entrySet()) {
      Path out = ModuleLayout.module(request.outputRoot(), className, m.getKey());
      AtomicFiles.write(out, m.getValue());
      report.addWritten(out);
    }
    removeOtherTargets(className, modules.keySet());
    List<String> lines = new ArrayList<>();
    for (KernelSpec k : r.kernels()) {
      lines.add(ModuleLayout.indexLine(k, List.copyOf(modules.keySet())));
    }
    return lines;
  }

  private boolean validate(
      String className, ClassResult r, SmTarget target, String ptx, long millis) {
    List<KernelSpec> kernels = r.kernels();
    if (request.validate() == ValidationMode.FALSE) {
      kernels.forEach(k -> report.addKernelResult(result(r, k, target, null, millis)));
      return true;
    }
    if (validators == null) {
      validators = Validators.discover(request.ptxasPath());
    }
    Optional<PtxValidator> v = validators.forTarget(target);
    if (v.isEmpty()) {
      if (request.validate() == ValidationMode.TRUE) {
        report.addInternalError(
            "no validator supports "
                + target
                + " for "
                + className
                + " (ptxas not found or too new, and JCuda's PTX compiler unavailable)",
            null);
        return false;
      }
      kernels.forEach(k -> report.addKernelResult(result(r, k, target, null, millis)));
      return true;
    }
    ValidationResult result = v.get().validate(ptx, target);
    if (!result.accepted()) {
      report.addInternalError(
          "internal compiler error: "
              + v.get().name()
              + " rejected the "
              + target
              + " module of "
              + className
              + ":\n"
              + result.log().strip(),
          null);
      return false;
    }
    for (KernelSpec k : kernels) {
      report.addKernelResult(result(r, k, target, result.resourcesOf(k.entryName()), millis));
    }
    return true;
  }

  private KernelResult result(
      ClassResult c, KernelSpec k, SmTarget target, KernelResources r, long millis) {
    int budget = k.maxRegisters() > 0 ? k.maxRegisters() : request.options().maxRegisters();
    return new KernelResult(
        k.qualifiedName(),
        target,
        Optional.ofNullable(r),
        millis,
        budget,
        c.pressureOf(target, k.entryName()));
  }

  private void removeModules(String className) throws IOException {
    removeOtherTargets(className, Set.of());
  }

  private void removeOtherTargets(String className, Set<SmTarget> keep) throws IOException {
    Path dir = ModuleLayout.classDirectory(request.outputRoot(), className);
    if (!Files.isDirectory(dir)) {
      return;
    }
    Set<String> kept = new HashSet<>();
    keep.forEach(t -> kept.add(t.name() + ".ptx"));
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        if (f.toString().endsWith(".ptx") && !kept.contains(f.getFileName().toString())) {
          Files.delete(f);
        }
      }
    }
    try (var left = Files.list(dir)) {
      if (left.findAny().isEmpty()) {
        Files.delete(dir);
      }
    }
  }

  /** Rewrites the index: lines of classes outside this build's inputs stay, the rest are new. */
  private void writeIndex(Set<String> inputClasses, List<String> newLines) throws IOException {
    Path index = ModuleLayout.index(request.outputRoot());
    TreeSet<String> lines = new TreeSet<>(newLines);
    if (Files.exists(index)) {
      for (String l : Files.readAllLines(index, StandardCharsets.UTF_8)) {
        String cls = l.isBlank() ? "" : l.substring(0, l.indexOf(' '));
        if (!l.isBlank() && !inputClasses.contains(cls)) {
          lines.add(l);
        }
      }
    }
    if (lines.isEmpty() && !Files.exists(index)) {
      return;
    }
    AtomicFiles.write(index, lines.isEmpty() ? "" : String.join("\n", lines) + "\n");
    report.addWritten(index);
  }
}
