package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.gpureport.fuzz.FuzzCase;
import dev.jptx.gpureport.fuzz.FuzzCorpus;
import dev.jptx.runtime.Device;
import java.io.IOException;
import java.lang.reflect.Array;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.opentest4j.TestAbortedException;

/**
 * Writes fuzz kernels as a {@link FuzzCorpus}, for a GPU host that has neither {@code javac} nor
 * the compiler: generates each kernel from its seed (as {@link DifferentialFuzzTest} does),
 * compiles it with {@code javac} and with jptx at the plugin's default options for {@link #TARGETS}
 * (every module checked by {@code ptxas}), runs it on the {@code jvm} device for the expected
 * results of {@link FuzzRunner#LAUNCHES} argument sets, and then runs the {@link FuzzCase} itself
 * on the simulator for each target. A kernel is left out, and counted by reason, when {@code javac}
 * or jptx rejects it, the JVM run throws, or the simulator disagrees with the JVM (a compiler bug
 * the fuzz suite also finds: its reproduce command is printed).
 *
 * <p>Each kernel is compiled in a class of its own ({@link #className}, the kernel {@code k0}), so
 * that a case's PTX holds only its kernel; {@code javac} still compiles {@link #CHUNK} classes at
 * once. Chunks run on as many threads as there are processors.
 *
 * <pre>
 * ./mvnw -B -o -pl compiler-core -P fuzz-corpus verify -Djptx.fuzz.corpus=/abs/fuzz-corpus.bin.gz \
 *     -Djptx.fuzz.count=1000 [-Djptx.fuzz.seed=0x..] [-Djptx.fuzz.kernel=0x..]
 * </pre>
 *
 * <p>Arguments: {@code --out=FILE} (required), {@code --count=N} (1000), {@code --seed=S} (base
 * seed, {@link #DEFAULT_SEED}), {@code --kernel=S} (export only the kernel of that seed), {@code
 * --features=SPEC} ({@link Feature#parse}), {@code --threads=N}, {@code --work=DIR}.
 */
public final class FuzzCorpusExport {
  /** The targets whose PTX each case carries, in this order. */
  static final List<SmTarget> TARGETS = List.of(SmTargets.get("sm_90"), SmTargets.get("sm_75"));

  /** The plugin's defaults (-O3, line info) for both targets. */
  static final CompilerOptions OPTIONS = CompilerOptions.defaults().withTargets(TARGETS);

  /** The base seed when none is given, so that the default corpus is always the same. */
  static final long DEFAULT_SEED = 0x6a707478L;

  /** Kernels per {@code javac} run. */
  static final int CHUNK = 20;

  private final Set<Feature> features;
  private final String featureSpec;
  private final Path work;
  private final Map<String, AtomicInteger> skipped = new TreeMap<>();
  private final List<String> simDiffers = new ArrayList<>();
  private final AtomicInteger done = new AtomicInteger();

  /**
   * @param featureSpec {@code jptx.fuzz.features}' value, null or blank for the defaults
   * @param work a directory for sources and modules, emptied of each chunk after it
   */
  FuzzCorpusExport(String featureSpec, Path work) {
    this.featureSpec = featureSpec == null ? "" : featureSpec.strip();
    this.features = EnumSet.copyOf(Feature.parse(featureSpec));
    this.features.removeAll(NOT_IN_CORPUS);
    this.work = work;
  }

  /**
   * Features a corpus never has: its format holds one one-dimensional array per parameter (no
   * aliasing, no arrays of arrays), and deep recursion needs a stack that a CUDA context does not
   * have by default.
   */
  static final Set<Feature> NOT_IN_CORPUS =
      EnumSet.of(Feature.ALIASING, Feature.RECURSION, Feature.ARRAYS_OF_ARRAYS);

  /** The kernels of {@code seeds}, numbered from 0, exported on {@code threads} threads. */
  List<FuzzCase> export(List<Long> seeds, int threads) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<List<FuzzCase>>> chunks = new ArrayList<>();
      for (int first = 0; first < seeds.size(); first += CHUNK) {
        int from = first;
        List<Long> part = seeds.subList(first, Math.min(seeds.size(), first + CHUNK));
        chunks.add(pool.submit(() -> chunk(from, part, seeds.size())));
      }
      List<FuzzCase> cases = new ArrayList<>();
      for (Future<List<FuzzCase>> f : chunks) {
        cases.addAll(f.get());
      }
      return cases;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Kernels left out, by reason. */
  Map<String, Integer> skipped() {
    synchronized (skipped) {
      Map<String, Integer> out = new LinkedHashMap<>();
      skipped.forEach((k, v) -> out.put(k, v.get()));
      return out;
    }
  }

  /**
   * For each kernel the simulator ran differently from the JVM: what differed, how to reproduce.
   */
  List<String> simDiffers() {
    synchronized (simDiffers) {
      return List.copyOf(simDiffers);
    }
  }

  /**
   * The command that exports the kernel of {@code seed} alone, byte for byte as in this corpus: it
   * prints the kernel's source, compiles it, and checks it on the simulator.
   */
  String reproduce(long seed) {
    return String.format(
        "./mvnw -pl compiler-core -P fuzz-corpus verify -Djptx.fuzz.kernel=0x%x%s",
        seed, featureSpec.isEmpty() ? "" : " '-Djptx.fuzz.features=" + featureSpec + "'");
  }

  /**
   * The class of the kernel of {@code seed}: named by the seed, so that the kernel's PTX (whose
   * device functions and tables the class name prefixes) is the same whichever run exports it.
   */
  static String className(long seed) {
    return GeneratedKernel.PACKAGE + ".K" + Long.toHexString(seed);
  }

  /** The source of the kernel of {@code seed}, as it is compiled. */
  String source(long seed) {
    return source(className(seed), new KernelGenerator(features).generate(seed, "k0"));
  }

  private List<FuzzCase> chunk(int first, List<Long> seeds, int total) throws IOException {
    KernelGenerator generator = new KernelGenerator(features);
    Path dir = work.resolve("chunk" + first);
    Map<String, GeneratedKernel> kernels = new LinkedHashMap<>();
    for (int i = 0; i < seeds.size(); i++) {
      kernels.put(className(seeds.get(i)), generator.generate(seeds.get(i), "k0"));
    }
    long t0 = System.nanoTime();
    Map<String, Path> classes = javac(dir, kernels);
    time("javac", t0);
    List<FuzzCase> out = new ArrayList<>();
    try (Device jvm = Device.jvm();
        Device sim = Device.simulator()) {
      int i = first;
      for (Map.Entry<String, GeneratedKernel> e : kernels.entrySet()) {
        String name = String.format("k%04d", i++);
        Path cls = classes.get(e.getKey());
        FuzzCase c = cls == null ? null : exportOne(name, e.getKey(), e.getValue(), cls, jvm, sim);
        if (c != null) {
          out.add(c);
        }
        int n = done.incrementAndGet();
        if (n % 100 == 0) {
          System.out.printf("jptx fuzz corpus: %d of %d kernels%n", n, total);
        }
      }
    } finally {
      FuzzRunner.delete(dir);
    }
    return out;
  }

  /**
   * Compiles each kernel's class with {@code javac}, all in one run; if that fails, each alone.
   * Returns the classes directory per class that compiled.
   */
  private Map<String, Path> javac(Path dir, Map<String, GeneratedKernel> kernels) {
    Map<String, String> sources = new LinkedHashMap<>();
    kernels.forEach((cls, k) -> sources.put(cls, source(cls, k)));
    Map<String, Path> out = new LinkedHashMap<>();
    try {
      Path classes = JavaSources.compile(dir.resolve("all"), sources);
      sources.keySet().forEach(cls -> out.put(cls, classes));
    } catch (IllegalStateException all) {
      for (Map.Entry<String, String> e : sources.entrySet()) {
        String simple = e.getKey().substring(e.getKey().lastIndexOf('.') + 1);
        try {
          out.put(e.getKey(), JavaSources.compile(dir.resolve(simple), Map.ofEntries(e)));
        } catch (IllegalStateException one) {
          skip("javac rejected the source (a generator bug)");
        }
      }
    }
    return out;
  }

  private static String source(String className, GeneratedKernel k) {
    return GeneratedKernel.classSource(
        className.substring(className.lastIndexOf('.') + 1), List.of(k));
  }

  /** A kernel's modules by target name, and its entry. */
  record Compiled(Map<String, String> ptx, String entry) {}

  /**
   * Compiles a class holding one kernel with {@link #OPTIONS}, finding what it uses on {@code
   * classPath}, as {@link Differential#build} does but without the verifier after every pass and
   * without writing files; each module must pass the PTX lint and {@code ptxas}.
   *
   * @throws AssertionError if jptx reports an error or a module is rejected
   */
  static Compiled compile(byte[] classBytes, ClassPath classPath) {
    Diagnostics d = new Diagnostics();
    ClassResult r =
        new Pipeline(OPTIONS, DumpSink.NONE)
            .compile(ClassFiles.readKnownGood(classBytes), classPath, d);
    if (!r.succeeded()) {
      throw new AssertionError("compilation failed: " + d.all());
    }
    if (r.kernels().size() != 1) {
      throw new AssertionError("compilation failed: expected one kernel, got " + r.kernels());
    }
    boolean fastMath = r.kernels().get(0).fastMath();
    Map<String, String> ptx = new LinkedHashMap<>();
    for (SmTarget t : TARGETS) {
      String module = r.modules().get(t);
      Tools.assertAssembles(module, t, fastMath);
      ptx.put(t.name(), module);
    }
    return new Compiled(ptx, r.kernels().get(0).entryName());
  }

  /** One kernel as a case, or null (counted) when it is left out. */
  private FuzzCase exportOne(
      String name, String className, GeneratedKernel k, Path classes, Device jvm, Device sim)
      throws IOException {
    Compiled compiled;
    try {
      byte[] bytes = Files.readAllBytes(classes.resolve(className.replace('.', '/') + ".class"));
      long t0 = System.nanoTime();
      // the kernel's nested records are next to its class, not among the test classes
      try (ClassPath classPath = new ClassPath(List.of(classes, TestClasses.root()))) {
        compiled = compile(bytes, classPath);
      }
      time("jptx and ptxas", t0);
    } catch (AssertionError e) {
      boolean jptx = String.valueOf(e.getMessage()).startsWith("compilation failed");
      skip(jptx ? "jptx rejected the kernel" : "ptxas or the PTX lint rejected the PTX");
      return null;
    } catch (TestAbortedException e) {
      throw e; // no ptxas: nothing can be exported
    } catch (RuntimeException e) {
      skip("jptx crashed");
      return null;
    }
    Map<String, String> ptx = compiled.ptx();
    String entry = compiled.entry();
    List<FuzzCase.ArgumentSet> sets = new ArrayList<>();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> cls = Class.forName(className, true, loader);
      for (int launch = 0; launch < FuzzRunner.LAUNCHES; launch++) {
        long argSeed = k.seed() + launch;
        Object[] ran = arguments(k, argSeed);
        long t0 = System.nanoTime();
        jvm.launch(k.launch(), cls, k.name(), ran);
        time("jvm device", t0);
        Object[] expected = new Object[ran.length];
        for (int i = 0; i < ran.length; i++) {
          expected[i] = ran[i].getClass().isArray() ? ran[i] : null;
        }
        sets.add(new FuzzCase.ArgumentSet(arguments(k, argSeed), expected));
      }
    } catch (ClassNotFoundException | RuntimeException e) {
      skip("the JVM run failed (a generator bug)");
      return null;
    }
    FuzzCase c = new FuzzCase(name, k.seed(), reproduce(k.seed()), entry, ptx, k.launch(), sets);
    for (SmTarget t : TARGETS) {
      long t0 = System.nanoTime();
      FuzzCase.Result r = c.run(sim, t.name());
      time("simulator", t0);
      if (!r.passed()) {
        skip("the simulator differs from the JVM (a compiler bug)");
        String what =
            r.failures().isEmpty() ? r.mismatches().get(0).toString() : r.failures().get(0);
        synchronized (simDiffers) {
          simDiffers.add(name + " " + t.name() + ": " + what);
        }
        return null;
      }
    }
    return c;
  }

  /** Threads whose output slots get values of their own; further threads repeat them. */
  static final int DISTINCT_THREADS = 32;

  /**
   * The fuzzer's arguments for {@code argSeed}, with output arrays made compressible: random
   * contents there would be most of the corpus. The sinks, which the kernel writes and never reads,
   * start as zeros; any other output array keeps the fuzzer's values for the slots of the first
   * {@link #DISTINCT_THREADS} threads, and each further group of threads starts with those again.
   * Scalars and input and atomic arrays are the fuzzer's.
   */
  static Object[] arguments(GeneratedKernel k, long argSeed) {
    Object[] args = k.arguments(argSeed);
    for (int i = 0; i < args.length; i++) {
      GeneratedKernel.Param p = k.params().get(i);
      if (p.kind() != Scope.Kind.OUTPUT) {
        continue;
      }
      int n = Array.getLength(args[i]);
      if (p.name().startsWith("sink")) {
        args[i] = Array.newInstance(args[i].getClass().getComponentType(), n);
        continue;
      }
      int period = DISTINCT_THREADS * p.length();
      for (int e = period; e < n; e += period) {
        System.arraycopy(args[i], 0, args[i], e, Math.min(period, n - e));
      }
    }
    return args;
  }

  private final Map<String, Long> times = new TreeMap<>();

  private void time(String what, long start) {
    synchronized (times) {
      times.merge(what, System.nanoTime() - start, Long::sum);
    }
  }

  /** Where the threads' time went, in seconds summed over threads. */
  String times() {
    synchronized (times) {
      StringBuilder sb = new StringBuilder();
      times.forEach(
          (what, ns) ->
              sb.append(
                  String.format("%s%s %.1f s", sb.length() == 0 ? "" : ", ", what, ns / 1e9)));
      return sb.toString();
    }
  }

  private void skip(String reason) {
    synchronized (skipped) {
      skipped.computeIfAbsent(reason, r -> new AtomicInteger()).incrementAndGet();
    }
  }

  /**
   * The seeds of {@code count} kernels from {@code base}: those of {@link DifferentialFuzzTest}.
   */
  static List<Long> seeds(long base, int count) {
    List<Long> seeds = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      seeds.add(DifferentialFuzzTest.kernelSeed(base, i));
    }
    return seeds;
  }

  /** A description of the corpus for its header. */
  String describe(String seeds, int exported, int generated) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format("jptx fuzz corpus: %d of %d kernels, %s%n", exported, generated, seeds));
    sb.append("features: ")
        .append(featureSpec.isEmpty() ? "the defaults" : featureSpec)
        .append(", never ")
        .append(NOT_IN_CORPUS)
        .append('\n');
    sb.append("compiled: -O3, line info, targets ")
        .append(String.join(" ", TARGETS.stream().map(SmTarget::name).toList()))
        .append(" (the plugin's defaults), each module accepted by ptxas\n");
    sb.append("arguments: ")
        .append(FuzzRunner.LAUNCHES)
        .append(" sets per kernel (argument seeds seed+0, seed+1), the fuzzer's except that the")
        .append(" sinks start as zeros and other output arrays repeat the first ")
        .append(DISTINCT_THREADS)
        .append(" threads' slots\n");
    skipped()
        .forEach(
            (why, n) -> sb.append("left out: ").append(n).append(' ').append(why).append('\n'));
    return sb.toString();
  }

  /**
   * Exports the kernels of {@code seeds} on {@code threads} threads and gathers them, with a
   * description naming {@code origin} and what was left out, into a corpus.
   */
  FuzzCorpus corpus(List<Long> seeds, int threads, String origin) {
    List<FuzzCase> cases = export(seeds, threads);
    return new FuzzCorpus(describe(origin, cases.size(), seeds.size()), cases);
  }

  /** Runs the export with {@code --name=value} arguments (see the class comment). */
  public static void main(String[] args) throws IOException {
    Map<String, String> opts = new LinkedHashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (!a.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException("expected --name=value, got " + a);
      }
      String value = a.substring(eq + 1).strip();
      if (!value.isEmpty()) {
        opts.put(a.substring(2, eq), value);
      }
    }
    if (!opts.containsKey("out")) {
      throw new IllegalArgumentException("--out=FILE (-Djptx.fuzz.corpus=...) is required");
    }
    Path out = Path.of(opts.get("out")).toAbsolutePath();
    long base = parseSeed(opts.get("seed"), DEFAULT_SEED);
    int count = Integer.parseInt(opts.getOrDefault("count", "1000"));
    int threads =
        Integer.parseInt(
            opts.getOrDefault(
                "threads", String.valueOf(Runtime.getRuntime().availableProcessors())));
    FuzzCorpusExport export =
        new FuzzCorpusExport(
            opts.get("features"), Path.of(opts.getOrDefault("work", "target/fuzz-corpus")));
    String kernel = opts.get("kernel");
    List<Long> seeds = kernel == null ? seeds(base, count) : List.of(parseSeed(kernel, 0));
    String origin =
        kernel == null
            ? String.format(
                "base seed 0x%x (-Djptx.fuzz.seed=0x%x), kernels 0..%d", base, base, count - 1)
            : String.format("the kernel of seed 0x%x", seeds.get(0));
    if (kernel != null) {
      System.out.print(export.source(seeds.get(0)));
    }
    System.out.printf("jptx fuzz corpus: %s, %d threads%n", origin, threads);
    long start = System.nanoTime();
    FuzzCorpus corpus = export.corpus(seeds, threads, origin);
    Files.createDirectories(out.getParent());
    corpus.write(out);
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.print(corpus.description());
    System.out.println("jptx fuzz corpus: thread time: " + export.times());
    for (String s : export.simDiffers()) {
      System.out.println("simulator differs: " + s);
    }
    System.out.printf(
        "jptx fuzz corpus: wrote %s, %d cases, %,d bytes, in %.1f s%n",
        out, corpus.cases().size(), Files.size(out), seconds);
  }

  static long parseSeed(String s, long fallback) {
    if (s == null || s.isBlank()) {
      return fallback;
    }
    s = s.strip();
    return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
  }
}
