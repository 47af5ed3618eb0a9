package dev.jptx.compiler.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import dev.jptx.compiler.fuzz.FuzzRunner.Config;
import dev.jptx.compiler.fuzz.FuzzRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Random differential testing: generated kernels compiled by {@code javac}, by jptx under each
 * {@link FuzzRunner#configs(long) configuration} and by {@code ptxas}, then run on the jvm device
 * and on the simulator with the same arguments; every array must come back the same. One dynamic
 * test per kernel. A failure names the seeds, the configuration and the difference, shows the
 * kernel, and (unless {@code -Djptx.fuzz.reduce=false}) a reduced kernel that still fails the same
 * way.
 *
 * <p>System properties: {@code jptx.fuzz.count} (kernels, 200; the {@code fuzz} profile runs 3000),
 * {@code jptx.fuzz.seed} (the base seed, random by default and printed), {@code jptx.fuzz.kernel}
 * (run the one kernel of that seed), {@code jptx.fuzz.features} (see {@link Feature#parse}), {@code
 * jptx.fuzz.batch} (kernels per class, 15, so that the default 200 cover 14 configuration pairs),
 * {@code jptx.fuzz.keep} (keep sources and PTX under {@code target/fuzz}), {@code
 * jptx.fuzz.reduceSeconds} (120), {@code jptx.fuzz.configs} ({@code pairs}, or {@code five}: see
 * {@link FuzzRunner#configs}), {@code jptx.fuzz.shard} ({@code i/n}: only the {@code i}th of {@code
 * n} equal runs of consecutive batches, the same kernels whatever {@code n}, so that a large run
 * goes in parts; {@code 1/1} by default). Each run appends a line to {@code
 * target/fuzz-results.txt}: base seed, shard, kernels, configurations, runs, failures, seconds.
 *
 * <p>A last test prints what the software pipeliner did under the configurations that force it
 * (issue #22): the loops it pipelined, its candidates, all loops it saw and why the others were not
 * pipelined, counted from its remarks; a whole run of 200 kernels or more with every feature fails
 * if fewer than {@link #MIN_PIPELINED} loops were pipelined.
 */
class DifferentialFuzzTest {
  private static final int COUNT = Integer.getInteger("jptx.fuzz.count", 200);
  private static final int BATCH = Integer.getInteger("jptx.fuzz.batch", 15);
  private static final Set<Feature> FEATURES =
      Feature.parse(System.getProperty("jptx.fuzz.features"));
  private static final boolean REDUCE =
      Boolean.parseBoolean(System.getProperty("jptx.fuzz.reduce", "true"));
  private static final long REDUCE_MILLIS =
      1000L * Integer.getInteger("jptx.fuzz.reduceSeconds", 120);

  private static FuzzRunner runner;
  private static Summary summary;

  /** What a run did, for {@code target/fuzz-results.txt}. */
  private static final class Summary {
    final long base;
    final Shard shard;
    final long start = System.nanoTime();
    final AtomicInteger kernels = new AtomicInteger();
    final AtomicInteger runs = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();

    Summary(long base, Shard shard) {
      this.base = base;
      this.shard = shard;
    }

    String line() {
      return String.format(
          "base 0x%x shard %s kernels %d configs %s runs %d failed %d seconds %.0f features %s",
          base,
          shard,
          kernels.get(),
          System.getProperty("jptx.fuzz.configs", "pairs"),
          runs.get(),
          failed.get(),
          (System.nanoTime() - start) / 1e9,
          FEATURES.size() == Feature.values().length ? "all" : FEATURES);
    }
  }

  /** The {@code i}th of {@code n} parts of a run (1-based, as written). */
  record Shard(int index, int count) {
    static Shard parse(String spec) {
      if (spec == null || spec.isBlank()) {
        return new Shard(1, 1);
      }
      String[] p = spec.strip().split("/");
      Shard s = p.length == 2 ? new Shard(Integer.parseInt(p[0]), Integer.parseInt(p[1])) : null;
      if (s == null || s.count < 1 || s.index < 1 || s.index > s.count) {
        throw new IllegalArgumentException("jptx.fuzz.shard is i/n with 1 <= i <= n, not " + spec);
      }
      return s;
    }

    /** The first batch of this part and the one after its last, of {@code batches}. */
    int from(int batches) {
      return (int) ((long) batches * (index - 1) / count);
    }

    int to(int batches) {
      return (int) ((long) batches * index / count);
    }

    @Override
    public String toString() {
      return index + "/" + count;
    }
  }

  @AfterAll
  static void close() throws IOException {
    if (runner != null) {
      runner.close();
    }
    if (summary != null) {
      String line = summary.line();
      System.out.println("jptx fuzz: " + line);
      Files.writeString(
          Path.of("target", "fuzz-results.txt"),
          line + "\n",
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    }
  }

  @TestFactory
  Stream<DynamicNode> generatedKernels() {
    long base = seed("jptx.fuzz.seed", new SplittableRandom().nextLong());
    String only = System.getProperty("jptx.fuzz.kernel");
    Path work = Path.of("target", "fuzz", Long.toHexString(base));
    runner = new FuzzRunner(work, Boolean.getBoolean("jptx.fuzz.keep"));
    KernelGenerator generator = new KernelGenerator(FEATURES);
    System.out.printf(
        "jptx fuzz: base seed 0x%x (-Djptx.fuzz.seed=0x%x), %d kernels, features %s%n",
        base, base, only != null ? 1 : COUNT, FEATURES);
    Shard shard = Shard.parse(System.getProperty("jptx.fuzz.shard"));
    summary = new Summary(base, shard);
    if (only != null && !only.isBlank()) {
      long seed = seed("jptx.fuzz.kernel", 0);
      return Stream.of(batch(generator, base, 0, List.of(seed)));
    }
    int batches = (COUNT + BATCH - 1) / BATCH;
    Stream<DynamicNode> kernels =
        IntStream.range(shard.from(batches), shard.to(batches))
            .mapToObj(
                b -> {
                  List<Long> seeds = new ArrayList<>();
                  for (int i = b * BATCH; i < Math.min(COUNT, (b + 1) * BATCH); i++) {
                    // low bits per batch: its kernels share their configurations (see configs)
                    seeds.add(kernelSeed(base, i) & ~15L | (b & 15));
                  }
                  return batch(generator, base, b, seeds);
                });
    boolean whole = shard.count() == 1 && COUNT >= 200 && FEATURES.equals(Feature.DEFAULTS);
    return Stream.concat(
        kernels,
        Stream.of(
            DynamicTest.dynamicTest("loops pipelined", () -> pipelinedLoops(whole)),
            DynamicTest.dynamicTest("sequences outlined", () -> outlinedSequences(whole))));
  }

  /**
   * The fewest loops a whole run of the default 200 kernels or more must have pipelined: the
   * pipeliner's configurations test it only on the loops it rewrites, and a generator that stopped
   * writing single-block counted loops would leave them testing nothing (issue #22 asks for 50).
   * Runs pipeline 75 to 136 loops (base seeds 0x22, 0x77, 0x1234, 0xa292d71aa1c1d5cc); the base
   * seed is random.
   */
  static final int MIN_PIPELINED = 50;

  /**
   * Prints what the pipeliner did to the run's loops (after every batch: dynamic tests run in
   * order), and fails a whole run (all the default features, one shard, 200 kernels or more) in
   * which it pipelined fewer than {@link #MIN_PIPELINED}.
   */
  private static void pipelinedLoops(boolean whole) {
    PipelinerTally t = runner.pipeliner();
    System.out.println("jptx fuzz: pipeliner: " + t.summary());
    if (whole && t.pipelined() < MIN_PIPELINED) {
      fail(
          "the pipeliner's configurations pipelined "
              + t.pipelined()
              + " loops, fewer than "
              + MIN_PIPELINED
              + ": "
              + t.summary());
    }
  }

  /**
   * The fewest sequences a whole run must have outlined (issue #23 asks for 100): the outliner's
   * configurations ({@link FuzzRunner#OUTLINED}) test it only where it outlines.
   */
  static final int MIN_OUTLINED = 100;

  /**
   * Prints what the outliner did, and fails a whole run that outlined fewer than {@link
   * #MIN_OUTLINED}.
   */
  private static void outlinedSequences(boolean whole) {
    OutlinerTally t = runner.outliner();
    System.out.println("jptx fuzz: outliner: " + t.summary());
    if (whole && t.sequences() < MIN_OUTLINED) {
      fail(
          "the outliner's configurations outlined "
              + t.sequences()
              + " sequences, fewer than "
              + MIN_OUTLINED
              + ": "
              + t.summary());
    }
  }

  /** The seed of the {@code i}th kernel of a run: it alone determines the kernel. */
  static long kernelSeed(long base, int i) {
    return new SplittableRandom(base + 0x9E3779B97F4A7C15L * (i + 1)).nextLong();
  }

  private static long seed(String property, long fallback) {
    String s = System.getProperty(property);
    if (s == null || s.isBlank()) {
      return fallback;
    }
    s = s.strip();
    return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
  }

  private static DynamicContainer batch(
      KernelGenerator generator, long base, int index, List<Long> seeds) {
    List<GeneratedKernel> kernels = new ArrayList<>();
    for (int i = 0; i < seeds.size(); i++) {
      kernels.add(generator.generate(seeds.get(i), "k" + i));
    }
    FuzzRunner.Batch batch = runner.new Batch("Fuzz" + index, kernels);
    return DynamicContainer.dynamicContainer(
        "batch " + index,
        kernels.stream()
            .map(
                k ->
                    DynamicTest.dynamicTest(
                        k.name() + " seed 0x" + Long.toHexString(k.seed()),
                        () -> check(batch, k, base))));
  }

  private static void check(FuzzRunner.Batch batch, GeneratedKernel k, long base) {
    boolean failed = true;
    summary.kernels.incrementAndGet();
    try {
      for (Config c : FuzzRunner.configs(k.seed())) {
        summary.runs.incrementAndGet();
        for (int launch = 0; launch < FuzzRunner.LAUNCHES; launch++) {
          long argSeed = k.seed() + launch;
          Outcome o = batch.run(k, c, argSeed);
          if (!o.ok()) {
            fail(report(batch, k, base, c, argSeed, o));
          }
        }
      }
      failed = false;
    } finally {
      if (failed) {
        summary.failed.incrementAndGet();
      }
      batch.finished(failed);
    }
  }

  private static String report(
      FuzzRunner.Batch batch, GeneratedKernel k, long base, Config c, long argSeed, Outcome o) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            "jptx fuzz: kernel %s (seed 0x%x, base seed 0x%x) fails under %s: %s%n",
            k.name(), k.seed(), base, c, what(o)));
    sb.append(o.detail()).append('\n');
    sb.append("arguments: ")
        .append(GeneratedKernel.describe(k.params(), k.arguments(argSeed)))
        .append('\n');
    sb.append(String.format("launch: grid %s, block %s%n", k.grid(), k.block()));
    sb.append(
        String.format(
            "reproduce: -Dtest='dev.jptx.compiler.fuzz.**' -Djptx.fuzz.kernel=0x%x%s%n",
            k.seed(), featuresOption()));
    sb.append("files: ").append(batch.dir.toAbsolutePath()).append('\n');
    sb.append("kernel:\n").append(k.source());
    if (REDUCE && !o.kind().equals("javac")) {
      long start = System.currentTimeMillis();
      String signature = o.signature();
      Reducer reducer =
          new Reducer(
              x -> runner.runAlone(x, c, argSeed).signature().equals(signature), REDUCE_MILLIS);
      GeneratedKernel small = reducer.reduce(k);
      Outcome again = runner.runAlone(small, c, argSeed);
      sb.append(
          String.format(
              "reduced (%d candidates, %.1f s), %s:%n%s%n",
              reducer.tries(),
              (System.currentTimeMillis() - start) / 1000.0,
              again.detail(),
              small.source()));
    }
    return sb.toString();
  }

  private static String what(Outcome o) {
    switch (o.kind()) {
      case "mismatch":
        return "the simulator's results differ from the JVM's";
      case "sim":
        return "the launch on the simulator failed";
      case "compile":
        return "jptx rejected or crashed on the kernel";
      case "ptxas":
        return "ptxas rejected jptx's PTX";
      case "javac":
        return "javac rejected the generated source (a generator bug)";
      case "jvm":
        return "the kernel failed on the JVM (a generator bug)";
      default:
        return o.kind();
    }
  }

  private static String featuresOption() {
    String spec = System.getProperty("jptx.fuzz.features");
    return spec == null || spec.isBlank() ? "" : " -Djptx.fuzz.features=" + spec;
  }
}
