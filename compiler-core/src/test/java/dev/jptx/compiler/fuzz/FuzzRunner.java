package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Runs generated kernels end to end: {@code javac}, jptx under each {@link Config}, {@code ptxas},
 * then the jvm device and the simulator with the same arguments. Kernels are compiled in batches,
 * one class per batch; a kernel that fails is run again alone (its class holding only it), which is
 * also what the reducer does with each candidate.
 */
final class FuzzRunner implements AutoCloseable {
  /** A compiler configuration under which every kernel must give the JVM's results. */
  record Config(String name, CompilerOptions options) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * The machine outliner forced (issue #23): on, at the seed's threshold of 1, with three reruns,
   * and the allocation checker on (the outliner validates each of its calls itself); added to one
   * side of the pipeliner's pairs and of the pairs that switch optimizations off.
   */
  static final String OUTLINED =
      " enable-machine-outliner=enable machine-outliner-reruns=3 verify-regalloc";

  /**
   * The pipeliner's pairs (issue #22): forced at each loop's MII and MII + 3, at most 1 to 5
   * stages, at a register budget of 24, after runtime unrolling by 1 (none), 2, 3, 4 or 8, one side
   * with the peeling code generator. Before the pairs that switch optimizations off, so that the
   * default run's 14 batches reach them. (Declared before {@link #PAIRS}, which reads it.)
   */
  static final List<List<Config>> PIPELINED =
      List.of(
          pair(forced(0, 1, 1), forced(3, 2, 4) + OUTLINED),
          pair(forced(0, 3, 2), forced(3, 4, 8) + OUTLINED),
          pair(forced(0, 5, 3), forced(3, 3, 1) + " pipeliner-experimental-cg" + OUTLINED));

  /**
   * The pipeliner forced after runtime unrolling by {@code unroll} (1: none, so that the pipeliner
   * sees each source loop as written; 3 takes the remainder with {@code rem}).
   */
  private static String forced(int iiOffset, int maxStages, int unroll) {
    return Configurations.pipelinerForced(iiOffset, maxStages) + " unroll-runtime-count=" + unroll;
  }

  /**
   * Pairs of configurations, one chosen by a kernel seed's low four bits: every kernel runs
   * unoptimized and optimized, on an old and a new target; further pairs add index checks (the
   * kernels never index out of bounds, so checks must not change a result), -O1 and -O2, targets
   * below sm_75 (assembled by JCuda's PTX compiler, not ptxas), the software pipeliner forced onto
   * every candidate loop ({@link #PIPELINED}), and -O3 with each optimization switched off in turn
   * (six per pair, three on each side).
   */
  private static final List<List<Config>> PAIRS = pairs();

  private static List<List<Config>> pairs() {
    List<List<Config>> p = new ArrayList<>();
    p.add(pair("-O0 sm_75", "-O3 sm_90"));
    p.add(pair("-O3 sm_75", "-O0 sm_90"));
    p.add(pair("-O2 sm_52", "-O3 sm_80 checks"));
    p.add(pair("-O1 sm_60 checks", "-O3 sm_90 nvptx-enable-machine-sink"));
    p.add(pair("-O2 sm_75 " + Configurations.REMAT_EVERYWHERE, "-O3 sm_90 maxreg=24"));
    p.addAll(PIPELINED);
    // six optimizations switched off per pair, three on each side (each side is checked against
    // the JVM on its own), so that every switch-off knob fits in the sixteen seed slots
    List<String> off = Configurations.disableKnobs();
    for (int i = 0; i < off.size(); i += 6) {
      String first =
          "-O3 sm_75 " + String.join(" ", off.subList(i, Math.min(i + 3, off.size()))) + OUTLINED;
      String second =
          i + 3 < off.size()
              ? "-O3 sm_90 " + String.join(" ", off.subList(i + 3, Math.min(i + 6, off.size())))
              : "-O0 sm_90";
      p.add(pair(first, second));
    }
    if (p.size() > 16) {
      throw new IllegalStateException("more configuration pairs than seed slots: " + p.size());
    }
    return List.copyOf(p);
  }

  private static List<Config> pair(String first, String second) {
    return List.of(config(first), config(second));
  }

  private static Config config(String name) {
    return new Config(name, Configurations.options(name).withLineInfo(false));
  }

  /**
   * The configurations a kernel is checked under, {@link #PAIRS chosen} by its seed's low four
   * bits, so that a kernel reproduced from its seed is checked the same way; under {@code
   * -Djptx.fuzz.configs=five} (the {@code fuzz-scale} profile) the {@link #FIVE five} and the
   * pipeliner forced, {@link #LARGE as the low bits choose}.
   */
  static List<Config> configs(long kernelSeed) {
    int slot = (int) (kernelSeed & 15);
    if (FIVE_CONFIGS) {
      return LARGE.get(slot % LARGE.size());
    }
    return PAIRS.get(slot % PAIRS.size());
  }

  /** {@code -Djptx.fuzz.configs}: {@code pairs} (the default) or {@code five}. */
  private static final boolean FIVE_CONFIGS = fiveConfigs(System.getProperty("jptx.fuzz.configs"));

  private static boolean fiveConfigs(String spec) {
    if (spec == null || spec.isBlank() || spec.strip().equals("pairs")) {
      return false;
    }
    if (spec.strip().equals("five")) {
      return true;
    }
    throw new IllegalArgumentException("jptx.fuzz.configs is pairs or five, not " + spec);
  }

  /**
   * The large run's configurations, every kernel under each: unoptimized, optimized, optimized with
   * every optional pass off, a register budget of 24 (spills), and index checks.
   */
  static final List<Config> FIVE =
      List.of(
          config("-O0 sm_75"),
          config("-O3 sm_90"),
          new Config(
              "-O3 sm_80 every-optional-pass-off",
              Configurations.options("-O3 sm_80 " + String.join(" ", Configurations.disableKnobs()))
                  .withLineInfo(false)),
          config("-O3 sm_90 maxreg=24"),
          config("-O3 sm_75 checks"));

  /**
   * The large run's configurations: the {@link #FIVE five}, and the pipeliner forced (issue #22) at
   * each loop's MII or MII + 3 with at most 1 to 5 stages after runtime unrolling by 1, 2, 3, 4 or
   * 8, one of those ten by the seed's low bits.
   */
  private static final List<List<Config>> LARGE = large();

  private static List<List<Config>> large() {
    List<List<Config>> out = new ArrayList<>();
    int[] unroll = {1, 2, 3, 4, 8};
    for (int stages = 1; stages <= 5; stages++) {
      for (int offset : new int[] {0, 3}) {
        List<Config> c = new ArrayList<>(FIVE);
        // each runtime unrolling factor with two of the ten
        c.add(config(forced(offset, stages, unroll[(stages + offset) % unroll.length])));
        out.add(List.copyOf(c));
      }
    }
    return List.copyOf(out);
  }

  /** What happened to one kernel under one configuration and arguments. */
  record Outcome(String kind, String detail) {
    static final Outcome OK = new Outcome("ok", "");

    boolean ok() {
      return kind.equals("ok");
    }

    /**
     * What must stay the same while the reducer shrinks the kernel: the kind, and for a compiler
     * error its message, for a failed launch the exception or the simulator's kind of fault.
     */
    String signature() {
      String first = detail.lines().findFirst().orElse("");
      switch (kind) {
        case "compile":
          int e = first.indexOf("error: ");
          return kind + " " + (e < 0 ? first : first.substring(e)).replaceAll("[0-9]+", "#");
        case "jvm":
          Matcher m = EXCEPTION.matcher(first);
          return kind + " " + (m.find() ? m.group() : first);
        case "sim":
          for (String fault : SIM_FAULTS) {
            if (first.contains(fault)) {
              return kind + " " + fault;
            }
          }
          return kind;
        default:
          return kind;
      }
    }
  }

  private static final Pattern EXCEPTION =
      Pattern.compile("[a-z]+(\\.[A-Za-z$]+)+(Exception|Error)(: [^0-9]*)?");

  /** The simulator's kinds of fault, as its messages name them. */
  private static final List<String> SIM_FAULTS =
      List.of(
          "out of bounds",
          "misaligned",
          "no allocation",
          "no memory",
          "unsupported",
          "not supported",
          "unknown",
          "expected",
          "barrier",
          "trap");

  /** The launches per kernel: each with other arguments. */
  static final int LAUNCHES = 2;

  private final Path work;
  private final boolean keep;
  private final Device jvm = Device.jvm();
  private final PipelinerTally pipeliner = new PipelinerTally();
  private final OutlinerTally outliner = new OutlinerTally();
  private int solos;

  FuzzRunner(Path work, boolean keep) {
    this.work = work;
    this.keep = keep;
  }

  /** Generated kernels compiled together: one javac run, one jptx run per configuration. */
  final class Batch {
    final String className;
    final List<GeneratedKernel> kernels;
    final Path dir;
    private Class<?> loaded;
    private String javacFailure;
    private final Map<Config, Object> modules = new LinkedHashMap<>();
    private final Map<Config, Device> sims = new LinkedHashMap<>();
    private final Map<String, Long> times = new LinkedHashMap<>();
    private int remaining;
    private boolean keepFiles;

    Batch(String simpleName, List<GeneratedKernel> kernels) {
      this.className = GeneratedKernel.PACKAGE + "." + simpleName;
      this.kernels = List.copyOf(kernels);
      this.dir = work.resolve(simpleName);
      this.remaining = kernels.size();
    }

    String source() {
      return GeneratedKernel.classSource(
          className.substring(className.lastIndexOf('.') + 1), kernels);
    }

    /** The compiled class, or null after recording why javac rejected it. */
    private Class<?> load() {
      if (loaded == null && javacFailure == null) {
        long start = System.nanoTime();
        try {
          loaded = compileJava(dir, className, source());
        } catch (IllegalStateException e) {
          javacFailure = e.getMessage();
        }
        times.merge("javac", System.nanoTime() - start, Long::sum);
      }
      return loaded;
    }

    /** The module root of {@code c}, or the compiler's failure as a string. */
    private Object module(Config c) {
      return modules.computeIfAbsent(
          c,
          k -> {
            long start = System.nanoTime();
            try (ClassPath classPath = classPath(dir)) {
              return Differential.build(
                  bytes(dir, className),
                  k.options(),
                  moduleDir(dir, k),
                  classPath,
                  FuzzRunner.this::tally);
            } catch (AssertionError e) {
              return e.getMessage();
            } catch (TestAbortedException e) {
              throw e; // no ptxas here: the test is skipped, not failed
            } catch (RuntimeException e) {
              return "the compiler crashed: " + e;
            } finally {
              times.merge(k.name(), System.nanoTime() - start, Long::sum);
            }
          });
    }

    private Device sim(Config c, Path root) {
      return sims.computeIfAbsent(c, k -> SimDevice.withModuleRoots(List.of(root)));
    }

    /** Runs a kernel of the batch under {@code c} with the arguments of {@code argSeed}. */
    Outcome run(GeneratedKernel k, Config c, long argSeed) {
      Class<?> cls = load();
      if (cls == null) {
        return new Outcome("javac", javacFailure);
      }
      Object m = module(c);
      if (m instanceof Path root) {
        long start = System.nanoTime();
        try {
          return compare(sim(c, root), cls, k, argSeed);
        } finally {
          times.merge("runs", System.nanoTime() - start, Long::sum);
        }
      }
      // the batch did not compile: find out whether this kernel is to blame
      return runAlone(k, c, argSeed);
    }

    /** Called after each kernel; the last one closes the devices and drops the files. */
    void finished(boolean failed) {
      keepFiles |= failed;
      if (--remaining == 0) {
        if (VERBOSE) {
          StringBuilder sb = new StringBuilder("jptx fuzz: " + className + ":");
          times.forEach((what, ns) -> sb.append(String.format(" %s %.2f s,", what, ns / 1e9)));
          System.out.println(sb.substring(0, sb.length() - 1));
        }
        sims.values().forEach(Device::close);
        if (!keep && !keepFiles) {
          delete(dir);
        }
      }
    }
  }

  /** {@code -Djptx.fuzz.verbose=true}: where each batch's time went. */
  private static final boolean VERBOSE = Boolean.getBoolean("jptx.fuzz.verbose");

  /**
   * The pipeliner's remarks from each batch's build (a kernel run alone, as the reducer runs it, is
   * not counted).
   */
  PipelinerTally pipeliner() {
    return pipeliner;
  }

  /** The outliner's remarks from each batch's build, as {@link #pipeliner()}. */
  OutlinerTally outliner() {
    return outliner;
  }

  private void tally(List<ReportedRemark> remarks) {
    pipeliner.add(remarks);
    outliner.add(remarks);
  }

  /** Runs {@code k} in a class of its own: the isolation and the reducer's oracle. */
  Outcome runAlone(GeneratedKernel k, Config c, long argSeed) {
    String simple = "Solo" + solos++;
    Path dir = work.resolve("solo").resolve(simple);
    String className = GeneratedKernel.PACKAGE + "." + simple;
    try {
      Class<?> cls;
      try {
        cls = compileJava(dir, className, GeneratedKernel.classSource(simple, List.of(k)));
      } catch (IllegalStateException e) {
        return new Outcome("javac", e.getMessage());
      }
      Path root;
      try (ClassPath classPath = classPath(dir)) {
        root = Differential.build(bytes(dir, className), c.options(), moduleDir(dir, c), classPath);
      } catch (AssertionError e) {
        return failure(e.getMessage());
      } catch (TestAbortedException e) {
        throw e;
      } catch (RuntimeException e) {
        return failure("the compiler crashed: " + e);
      }
      try (Device sim = SimDevice.withModuleRoots(List.of(root))) {
        return compare(sim, cls, k, argSeed);
      }
    } finally {
      delete(dir);
    }
  }

  /**
   * Compiles {@code kernels} with {@code javac} and runs each on the jvm device only: checks the
   * generator for features the compiler does not have yet. Returns the first problem, or null.
   */
  String runOnJvm(String simpleName, List<GeneratedKernel> kernels) {
    Path dir = work.resolve(simpleName);
    String className = GeneratedKernel.PACKAGE + "." + simpleName;
    String source = GeneratedKernel.classSource(simpleName, kernels);
    try {
      Class<?> cls = compileJava(dir, className, source);
      for (GeneratedKernel k : kernels) {
        try {
          jvm.launch(k.launch(), cls, k.name(), k.arguments(k.seed()));
        } catch (RuntimeException e) {
          return "kernel " + k.name() + " failed on the JVM: " + e + "\n" + k.source();
        }
      }
      return null;
    } catch (IllegalStateException e) {
      return e.getMessage() + "\n" + source;
    } finally {
      delete(dir);
    }
  }

  private Outcome compare(Device sim, Class<?> cls, GeneratedKernel k, long argSeed) {
    Object[] args = k.arguments(argSeed);
    try {
      Differential.compare(jvm, sim, new Differential.Case(cls, k.name(), k.launch(), 0, args));
      return Outcome.OK;
    } catch (Differential.LaunchFailed e) {
      return new Outcome(e.device(), e.getMessage());
    } catch (AssertionFailedError e) {
      return new Outcome("mismatch", named(e.getMessage(), k));
    }
  }

  private static Outcome failure(String message) {
    if (message.startsWith("ptxas rejected")) {
      return new Outcome("ptxas", message);
    }
    return new Outcome("compile", message);
  }

  /** "argument 3" becomes "argument 3 (out7)". */
  private static String named(String message, GeneratedKernel k) {
    Matcher m = Pattern.compile("argument (\\d+)").matcher(message);
    if (m.find()) {
      int i = Integer.parseInt(m.group(1));
      return message.substring(0, m.end())
          + " ("
          + k.params().get(i).name()
          + ")"
          + message.substring(m.end());
    }
    return message;
  }

  private static Class<?> compileJava(Path dir, String className, String source) {
    Path classes = JavaSources.compile(dir, Map.of(className, source));
    try {
      URLClassLoader loader =
          new URLClassLoader(
              new URL[] {classes.toUri().toURL()}, FuzzRunner.class.getClassLoader());
      return Class.forName(className, true, loader);
    } catch (MalformedURLException | ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The generated classes (a kernel class and its nested records) before the test classes. */
  private static ClassPath classPath(Path dir) {
    return new ClassPath(List.of(dir.resolve("classes"), TestClasses.root()));
  }

  private static byte[] bytes(Path dir, String className) {
    try {
      return Files.readAllBytes(
          dir.resolve("classes").resolve(className.replace('.', '/') + ".class"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path moduleDir(Path dir, Config c) {
    String name = c.name().replaceAll("[^A-Za-z0-9]+", "-");
    // a long name (many knobs) would pass the file system's limit on a name
    return dir.resolve("ptx" + (name.length() <= 60 ? name : name.hashCode()));
  }

  static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      List<Path> all = new ArrayList<>(s.toList());
      all.sort(Comparator.reverseOrder());
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    jvm.close();
  }
}
