package dev.jptx.bundle;

import static dev.jptx.bundle.Processes.checkout;
import static dev.jptx.bundle.Processes.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bundle.Processes.Outcome;
import dev.jptx.compiler.fuzz.FuzzCorpusExport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The GPU bundle as {@code gpu-report/bundle.sh} builds it, from this build's jars and a corpus of
 * four fuzz kernels, checked where no GPU is: within its size limit, its jlink Java starts without
 * {@code java.desktop}, {@code run} without a CUDA device exits 3 with its message, and {@code run
 * --device sim} runs every section on the simulator and writes a complete report in which every
 * section passed.
 */
class GpuBundleTest {
  private static final long LIMIT_BYTES = 56L << 20;
  private static Path bundle;
  private static String buildOutput;

  @BeforeAll
  static void build() throws Exception {
    requireNvcc();
    Path root = checkout();
    Path target = Path.of("target").toAbsolutePath();
    Path corpus = target.resolve("fuzz-corpus.bin.gz");
    FuzzCorpusExport.main(
        new String[] {
          "--out=" + corpus, "--count=4", "--threads=2", "--work=" + target.resolve("fuzz-work")
        });
    bundle = target.resolve("gpu-bundle");
    Outcome o =
        run(
            List.of(
                root.resolve("gpu-report/bundle.sh").toString(),
                "--no-build",
                "--out",
                bundle.toString(),
                "--jars",
                // surefire runs tests from a manifest-only jar; this is the real class path
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                "--fuzz-corpus",
                corpus.toString()),
            root,
            600);
    buildOutput = o.output();
    assertEquals(0, o.exit(), "bundle.sh failed:\n" + o.output());
  }

  @Test
  void bundle_isWithinItsSizeAndSaysSo() throws IOException {
    long bytes;
    try (Stream<Path> files = Files.walk(bundle)) {
      bytes =
          files
              .filter(Files::isRegularFile)
              .mapToLong(
                  f -> {
                    try {
                      return Files.size(f);
                    } catch (IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  })
              .sum();
    }
    assertTrue(bytes <= LIMIT_BYTES, "the bundle has " + bytes + " bytes");
    assertTrue(buildOutput.contains("gpu bundle: " + bundle + ", "), buildOutput);
    assertTrue(buildOutput.contains("MiB (limit 56 MiB)"), buildOutput);
    // only the driver API's native library of JCuda
    assertTrue(Files.isRegularFile(bundle.resolve("fuzz/fuzz-corpus.bin.gz")));
    for (String ptx :
        List.of(
            "ptx/nvcc/kernels-sm_90-strict.ptx",
            "ptx/nvcc/kernels-sm_75-fast.ptx",
            "ptx/jptx/strict/META-INF/jptx/kernels.list",
            "ptx/jptx/fast/META-INF/jptx/dev/jptx/bench/Elementwise/sm_75.ptx",
            "ptx/jptx-variants/pipeliner-on/META-INF/jptx/dev/jptx/bench/Loops/sm_90.ptx",
            "ptx/jptx-variants/unroll-runtime-off/META-INF/jptx/dev/jptx/bench/Loops/sm_90.ptx",
            "math/jptx/default/META-INF/jptx/dev/jptx/bench/math/MathKernels/sm_90.ptx",
            "math/jptx/fast/META-INF/jptx/dev/jptx/bench/math/MathKernels/sm_75.ptx",
            "math/nvcc/math-sm_90-default.ptx",
            "math/nvcc/math-sm_75-fast.ptx")) {
      assertTrue(Files.isRegularFile(bundle.resolve(ptx)), ptx);
    }
  }

  @Test
  void java_startsWithTheModulesTheJarsNeedAndNoDesktop() throws Exception {
    Outcome o =
        run(List.of(bundle.resolve("java/bin/java").toString(), "--list-modules"), bundle, 60);
    assertEquals(0, o.exit(), o.output());
    assertTrue(o.output().contains("java.base@"), o.output());
    assertTrue(o.output().contains("java.logging@"), o.output());
    assertTrue(!o.output().contains("java.desktop"), o.output());
  }

  @Test
  void run_withoutACudaDeviceExits3AndSaysSo() throws Exception {
    Path out = Files.createTempDirectory("gpu-report-nodev");
    Outcome o = run(List.of(bundle.resolve("run").toString(), out.toString()), bundle, 60);
    assertEquals(3, o.exit(), o.output());
    assertTrue(o.output().contains("run: no CUDA device: "), o.output());
    String md = Files.readString(out.resolve("gpu-report.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("## Device — skipped"), md);
    assertTrue(md.contains("No CUDA device: "), md);
  }

  @Test
  void run_simModeWritesEverySectionAndEveryTable() throws Exception {
    Path out = Files.createTempDirectory("gpu-report-sim");
    long start = System.nanoTime();
    Outcome o =
        run(
            List.of(bundle.resolve("run").toString(), out.toString(), "--device", "sim"),
            bundle,
            120);
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(0, o.exit(), o.output());
    assertTrue(seconds < 90, "the sim mode took " + seconds + " s");
    String md = Files.readString(out.resolve("gpu-report.md"), StandardCharsets.UTF_8);
    for (String heading :
        List.of(
            "## Device — passed",
            "## Samples — passed",
            "## Benchmarks: jptx against nvcc — passed",
            "## Loop transformations on and off — passed",
            "## The simulator against the hardware — passed",
            "## GpuMath on the hardware — passed",
            "## Fuzz kernels against the JVM — passed",
            "## The JCuda path — passed")) {
      assertTrue(md.contains(heading), heading + " in\n" + md);
    }
    // every sample verified, every bench kernel in every target and mode, both compilers checked
    assertEquals(10, md.lines().filter(l -> l.contains("| verified |")).count(), md);
    assertEquals(88, md.lines().filter(l -> l.endsWith("| ok | ok |")).count(), md);
    assertTrue(md.contains("geomean jptx/nvcc, sm_75 fast"), md);
    // every bench kernel in the three loop builds, all checked
    assertEquals(
        22,
        md.lines()
            .filter(l -> l.startsWith("| ") && l.endsWith(" | ok |") && l.split("\\|").length == 8)
            .count(),
        md);
    assertTrue(md.contains("geomean pipeliner-on / default"), md);
    assertTrue(md.contains("geomean unroll-runtime-off / default"), md);
    assertEquals(8, md.lines().filter(l -> l.endsWith("| 22 | 0 | none |")).count(), md);
    // all 23 GpuMath functions on both targets, jptx's default build within CUDA's bounds: the
    // simulator computes the hardware approximations correctly rounded
    assertEquals(46, md.lines().filter(l -> l.startsWith("| `") && l.endsWith("| yes |")).count());
    assertTrue(md.contains("| `atan2` | 3 | "), md);
    assertTrue(md.contains("| `sqrt` | 0 (correctly rounded) | "), md);
    assertTrue(md.contains("all 4 kernels: sm_90 4 identical, 0 failed; sm_75 4 identical"), md);
    assertTrue(md.contains("no allocation there"), md);
    assertTrue(md.contains("`atom.global.add.f32` of two subnormals"), md);
    assertTrue(md.contains("A launch with 256 KiB of dynamic shared memory"), md);
    assertTrue(md.contains("entry `probe_bfe`: right (all zero)"), md);
    assertTrue(md.contains("check: works"), md);
    String json = Files.readString(out.resolve("gpu-report.json"), StandardCharsets.UTF_8);
    for (String key :
        List.of(
            "\"device\"",
            "\"samples\"",
            "\"bench\"",
            "\"loops\"",
            "\"simulator\"",
            "\"math\"",
            "\"fuzz\"",
            "\"jcuda\"")) {
      assertTrue(json.contains(key + ": {"), key + " in\n" + json);
    }
    assertTrue(json.contains("\"geomeans\""), json);
    assertTrue(json.contains("\"jptxDefaultWithinBound\": true"), json);
  }

  /** The bundle holds nvcc's PTX: without nvcc the test is skipped, except under CI=true. */
  private static void requireNvcc() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nvcc"))) {
        return;
      }
    }
    if ("true".equals(System.getenv("CI"))) {
      throw new AssertionError("nvcc is not on PATH (CI=true: the GPU bundle must be built)");
    }
    org.junit.jupiter.api.Assumptions.abort("nvcc is not on PATH: the GPU bundle is not built");
  }

  /** The checkout: the first directory above the working directory holding gpu-report/bundle.sh. */
}
