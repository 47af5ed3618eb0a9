package dev.jptx.compiler.build;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.KernelResources;
import dev.jptx.compiler.validate.PtxValidator;
import dev.jptx.compiler.validate.PtxasValidator;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.compiler.validate.ValidationResult;
import dev.jptx.compiler.validate.Validators;
import dev.jptx.spi.RegisterBudget;
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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import org.objectweb.asm.tree.ClassNode;

/**
 * A whole build, as the plugin and {@code jptx compile} run it: find the kernel classes of the
 * inputs, compile each (or skip it if its stamp says nothing it depends on changed), validate every
 * module, then write modules and the index atomically, and remove modules of classes that now fail
 * or have no kernels, so the output never holds a stale module.
 *
 * <p>Nothing is written until every class is compiled. Then the index is first cut down to the
 * classes left alone, modules are removed and written (each class's stamp deleted before and
 * written after), and the full index is written last: a build stopped by an I/O error midway leaves
 * an index that lists only modules that exist.
 *
 * <p>Builds of different targets may share an output: each changes only the modules and index
 * targets it owns ({@link TargetOwnership}). Each build first deletes the temporary files a killed
 * build left under {@code META-INF/jptx}.
 *
 * <p>A class that is gone from the inputs loses its modules (of the targets the build owns), its
 * index lines and its stamp when its output is this build's: when the output directory is one of
 * the inputs (the plugin's {@code target/classes}) every class it lists is, and otherwise a class
 * this build has a stamp of. Other listed classes may be another build's and are kept.
 */
public final class Build {
  private final BuildRequest request;
  private final DumpSink sink;
  private final UnaryOperator<Pipeline> configure;
  private final BuildReport report = new BuildReport();
  private Validators validators;
  private final Object nativeValidation = new Object();

  /** What the build does with one input class once everything is compiled. */
  private sealed interface Outcome {
    String internalName();

    default String className() {
      return internalName().replace('/', '.');
    }
  }

  /** No module: the class has no kernels or failed. */
  private record Remove(String internalName) implements Outcome {}

  /** Its modules are up to date. */
  private record Keep(String internalName, BuildStamp stamp) implements Outcome {}

  /**
   * New modules, the class's index lines in the stamp, and per target the {@code .resources} file
   * of a module whose every kernel was validated.
   */
  private record Write(
      String internalName,
      Map<SmTarget, String> modules,
      BuildStamp stamp,
      boolean stamped,
      Map<SmTarget, String> resources)
      implements Outcome {}

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
    try (ClassPath cp = new ClassPath(roots)) {
      List<Diagnostic> damaged = IndexCheck.problems(ModuleLayout.index(request.outputRoot()));
      if (!damaged.isEmpty()) {
        report.addDiagnostics(damaged);
        return report;
      }
      IncrementalState state = IncrementalState.of(request, cp);
      List<Callable<Outcome>> tasks = new ArrayList<>();
      List<BuildReport> parts = new ArrayList<>();
      for (Path input : request.inputs()) {
        for (String name : ClassPath.classesIn(input)) {
          if (inputClasses.add(name.replace('/', '.'))) {
            BuildReport part = new BuildReport();
            parts.add(part);
            tasks.add(() -> outcome(input, name, cp, state, part));
          }
        }
      }
      List<Outcome> outcomes = runAll(tasks);
      // each class's lines, errors and figures in input order, however the classes were scheduled
      parts.forEach(report::addAll);
      apply(outcomes, inputClasses, state);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return report;
  }

  /**
   * Runs the classes' compilations, on as many threads as there are cores (system property {@code
   * jptx.build.threads} to choose), one at a time when dumps are asked for (their order is the
   * output). The outcomes come back in the order of {@code tasks}.
   */
  private List<Outcome> runAll(List<Callable<Outcome>> tasks) throws IOException {
    int threads =
        Math.min(
            tasks.size(),
            Integer.getInteger("jptx.build.threads", Runtime.getRuntime().availableProcessors()));
    List<Outcome> out = new ArrayList<>();
    if (threads <= 1 || !request.options().print().isEmpty()) {
      for (Callable<Outcome> t : tasks) {
        out.add(call(t));
      }
      return out;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "jptx-build");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Outcome>> futures = new ArrayList<>();
      for (Callable<Outcome> t : tasks) {
        futures.add(pool.submit(() -> call(t)));
      }
      for (Future<Outcome> f : futures) {
        out.add(f.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("build interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static Outcome call(Callable<Outcome> t) throws IOException {
    try {
      return t.call();
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private Outcome outcome(
      Path input, String name, ClassPath cp, IncrementalState state, BuildReport into)
      throws IOException {
    try {
      ClassPath.checkReadable(input, name);
    } catch (ClassFiles.UnreadableClassException e) {
      into.addDiagnostics(List.of(ClassFiles.diagnostic(ClassPath.location(input, name), e)));
      return new Remove(name);
    }
    byte[] bytes = cp.read(name).orElseThrow();
    if (!ClassFiles.mayHaveKernels(bytes)) {
      return new Remove(name);
    }
    // dumps and remarks are asked for to be seen, so a build that prints them compiles every class
    if (request.options().print().isEmpty() && request.options().remarks().isEmpty()) {
      Optional<BuildStamp> stamp = state.upToDate(name, bytes);
      if (stamp.isPresent()) {
        into.addUpToDate(name.replace('/', '.'));
        return new Keep(name, stamp.get());
      }
    }
    ClassNode c;
    try {
      c = ClassFiles.read(bytes);
    } catch (ClassFiles.UnreadableClassException e) {
      into.addDiagnostics(List.of(ClassFiles.diagnostic(ClassPath.location(input, name), e)));
      return new Remove(name);
    }
    if (!KernelScanner.hasKernels(c)) {
      return new Remove(name);
    }
    return compileClass(c, bytes, cp, state, into);
  }

  private Outcome compileClass(
      ClassNode c, byte[] bytes, ClassPath cp, IncrementalState state, BuildReport into) {
    String className = c.name.replace('/', '.');
    Diagnostics d = new Diagnostics();
    Set<String> looked = new TreeSet<>();
    long start = System.nanoTime();
    ClassResult r;
    try {
      r =
          configure
              .apply(new Pipeline(request.options(), sink))
              .compile(c, cp.recording(looked::add), d);
    } catch (InternalCompilerError e) {
      into.addInternalError(e.getMessage(), e);
      return new Remove(c.name);
    } catch (OutOfMemoryError e) {
      InternalCompilerError oom = InternalCompilerError.outOfMemory(className, "pipeline", e);
      into.addInternalError(oom.getMessage(), oom);
      return new Remove(c.name);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    into.addRemarks(
        r.remarks().stream().filter(x -> request.options().remarks().enables(x.remark())).toList());
    if (!r.succeeded() || d.hasErrors()) {
      into.addDiagnostics(d.all());
      return new Remove(c.name);
    }
    Map<SmTarget, String> modules = r.modules();
    List<KernelResult> results = new ArrayList<>();
    for (Map.Entry<SmTarget, String> m : modules.entrySet()) {
      Optional<List<KernelResult>> v =
          validate(className, r, m.getKey(), m.getValue(), millis, into);
      if (v.isEmpty()) {
        return new Remove(c.name);
      }
      results.addAll(v.get());
    }
    results.forEach(into::addKernelResult);
    if (request.failOnSpills() && results.stream().anyMatch(KernelResult::spills)) {
      results.stream().filter(KernelResult::spills).forEach(into::addSpillFailure);
      return new Remove(c.name);
    }
    List<KernelResult> low =
        results.stream().filter(k -> k.belowOccupancy(request.minOccupancy())).toList();
    if (!low.isEmpty()) {
      low.forEach(into::addOccupancyFailure);
      return new Remove(c.name);
    }
    List<String> lines = new ArrayList<>();
    for (KernelSpec k : r.kernels()) {
      lines.add(ModuleLayout.indexLine(k, List.copyOf(modules.keySet())));
    }
    // a module written unvalidated (validate=auto, no validator for it here) is not stamped: the
    // next build compiles the class again, and validates it once a validator is there
    boolean validated =
        request.validate() == ValidationMode.FALSE
            || results.stream().allMatch(k -> k.resources().isPresent());
    return new Write(
        c.name,
        modules,
        state.stamp(c.name, bytes, looked, modules, lines),
        validated,
        ResourceFiles.of(r.kernels(), results));
  }

  /** Writes what the compiled classes produced, in the order that keeps the index truthful. */
  private void apply(List<Outcome> outcomes, Set<String> inputClasses, IncrementalState state)
      throws IOException {
    // a build killed while writing left temporary files; they must not reach the jar
    AtomicFiles.deleteLeftovers(
        request.outputRoot().resolve(ModuleLayout.ROOT), ModuleLayout::isWrittenName);
    state.deleteLeftovers();
    TargetOwnership ownership = TargetOwnership.of(request);
    Path index = ModuleLayout.index(request.outputRoot());
    List<String> old =
        Files.exists(index) ? Files.readAllLines(index, StandardCharsets.UTF_8) : List.of();
    // classes this build produced earlier whose class file is gone: their output goes as well
    Set<String> stale = stale(old, inputClasses, state);
    for (String c : stale) {
      outcomes.add(new Remove(c.replace('.', '/')));
    }
    List<String> kept = new ArrayList<>();
    for (String l : old) {
      if (l.isBlank()) {
        continue;
      }
      String listed = ModuleLayout.classOf(l);
      if (!inputClasses.contains(listed) && !stale.contains(listed)) {
        kept.add(l);
      } else {
        // the targets of another build sharing this output stay listed: their modules stay
        ownership.othersPart(l).ifPresent(kept::add);
      }
    }
    for (Outcome o : outcomes) {
      if (o instanceof Keep k) {
        kept.addAll(k.stamp().indexLines());
      }
    }
    if (Files.exists(index) && !text(ModuleLayout.merge(kept)).equals(Files.readString(index))) {
      AtomicFiles.write(index, text(ModuleLayout.merge(kept)));
    }
    List<String> lines = new ArrayList<>(kept);
    for (Outcome o : outcomes) {
      if (o instanceof Remove rm) {
        state.delete(rm.internalName());
        removeOtherTargets(rm.className(), Set.of(), ownership);
      } else if (o instanceof Write w) {
        state.delete(w.internalName());
        for (Map.Entry<SmTarget, String> m : w.modules().entrySet()) {
          Path out = ModuleLayout.module(request.outputRoot(), w.className(), m.getKey());
          AtomicFiles.write(out, m.getValue());
          report.addWritten(out);
          Path figures = ModuleLayout.resources(request.outputRoot(), w.className(), m.getKey());
          String text = w.resources().get(m.getKey());
          if (text != null) {
            AtomicFiles.write(figures, text);
          } else {
            // figures of an earlier, validated build describe other code
            Files.deleteIfExists(figures);
          }
        }
        removeOtherTargets(w.className(), w.modules().keySet(), ownership);
        if (w.stamped()) {
          state.write(w.internalName(), w.stamp());
        }
        lines.addAll(w.stamp().indexLines());
      }
    }
    writeIndex(index, ModuleLayout.merge(lines));
    ownership.record();
  }

  /**
   * The classes (binary names) that are not among this build's inputs but whose output is this
   * build's to remove: a class listed in the old index when the output directory is itself one of
   * the inputs (the plugin's {@code target/classes}: a listed class whose class file is gone from
   * it was deleted), and a class this build has a stamp of (it compiled the class earlier). Any
   * other listed class may be another build's sharing the output, and is left alone.
   */
  private Set<String> stale(List<String> oldIndex, Set<String> inputClasses, IncrementalState state)
      throws IOException {
    Set<String> stale = new TreeSet<>();
    if (outputIsInput()) {
      for (String l : oldIndex) {
        if (!l.isBlank()) {
          stale.add(ModuleLayout.classOf(l));
        }
      }
    }
    for (String internalName : state.stampedClasses()) {
      stale.add(internalName.replace('/', '.'));
    }
    stale.removeAll(inputClasses);
    return stale;
  }

  /** Whether the output root is one of the input roots, so every class it holds is an input. */
  private boolean outputIsInput() throws IOException {
    Path outRoot = request.outputRoot().toAbsolutePath().normalize();
    for (Path input : request.inputs()) {
      Path in = input.toAbsolutePath().normalize();
      if (in.equals(outRoot)
          || (Files.isDirectory(in)
              && Files.isDirectory(outRoot)
              && Files.isSameFile(in, outRoot))) {
        return true;
      }
    }
    return false;
  }

  private void writeIndex(Path index, Set<String> lines) throws IOException {
    if (lines.isEmpty() && !Files.exists(index)) {
      return;
    }
    if (!Files.exists(index) || !text(lines).equals(Files.readString(index))) {
      AtomicFiles.write(index, text(lines));
      report.addWritten(index);
    }
  }

  private static String text(Set<String> lines) {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** The kernel results of a module, or empty if it cannot be accepted (reported). */
  private Optional<List<KernelResult>> validate(
      String className, ClassResult r, SmTarget target, String ptx, long millis, BuildReport into) {
    List<KernelSpec> kernels = r.kernels();
    if (request.validate() == ValidationMode.FALSE) {
      return Optional.of(kernels.stream().map(k -> result(r, k, target, null, millis)).toList());
    }
    Optional<PtxValidator> v = validators().forModule(ptx, target);
    if (v.isEmpty()) {
      if (request.validate() == ValidationMode.TRUE) {
        into.addInternalError(
            "no validator supports the "
                + target
                + " module of "
                + className
                + " (ptxas not found or too new for the target, and JCuda's PTX compiler unavailable"
                + " or older than the module's PTX ISA version)",
            null);
        return Optional.empty();
      }
      return Optional.of(kernels.stream().map(k -> result(r, k, target, null, millis)).toList());
    }
    ValidationResult result = validate(v.get(), ptx, target);
    if (!result.accepted()) {
      into.addInternalError(
          "internal compiler error: "
              + v.get().name()
              + " rejected the "
              + target
              + " module of "
              + className
              + ":\n"
              + result.log().strip(),
          null);
      return Optional.empty();
    }
    into.addValidation(v.get().name(), target.name());
    return Optional.of(
        kernels.stream()
            .map(k -> result(r, k, target, result.resourcesOf(k.entryName()), millis))
            .toList());
  }

  private synchronized Validators validators() {
    if (validators == null) {
      validators = Validators.discover(request.ptxasPath());
    }
    return validators;
  }

  /**
   * Validates on this thread: ptxas runs as a process of its own, any number at once; JCuda's PTX
   * compiler is one native library, asked one module at a time.
   */
  private ValidationResult validate(PtxValidator v, String ptx, SmTarget target) {
    if (v instanceof PtxasValidator) {
      return v.validate(ptx, target);
    }
    synchronized (nativeValidation) {
      return v.validate(ptx, target);
    }
  }

  private KernelResult result(
      ClassResult c, KernelSpec k, SmTarget target, KernelResources r, long millis) {
    int budget = RegisterBudget.of(k.maxRegisters(), request.options().maxRegisters());
    return new KernelResult(
        k.qualifiedName(),
        target,
        Optional.ofNullable(r),
        millis,
        budget,
        c.pressureOf(target, k.entryName()),
        k.maxThreadsPerBlock() > 0 ? k.maxThreadsPerBlock() : KernelResult.DEFAULT_THREADS);
  }

  /** Removes the class's modules of targets this build owns but did not write now. */
  private void removeOtherTargets(String className, Set<SmTarget> keep, TargetOwnership ownership)
      throws IOException {
    Path dir = ModuleLayout.classDirectory(request.outputRoot(), className);
    if (!Files.isDirectory(dir)) {
      return;
    }
    Set<String> kept = new HashSet<>();
    keep.forEach(t -> kept.add(t.name()));
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        String target = ModuleLayout.targetOfWrittenFile(f.getFileName().toString());
        if (target != null && !kept.contains(target) && ownership.owns(target)) {
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
}
