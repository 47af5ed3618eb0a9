package dev.jptx.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The PTX that NVIDIA's compiler writes for the benchmark suite's CUDA twins {@code
 * benchmarks/cuda/kernels.cu}, one module per {@link Config}: {@code nvcc -ptx -O3 -arch=sm_XX
 * [--fmad=false] kernels.cu -o runtime/target/bench-ptx/kernels-sm_XX-(no-)fmad.ptx}.
 *
 * <p>Each configuration is compiled at most once per JVM, and a file left by an earlier run is
 * reused while it is newer than {@code kernels.cu}, so that a test run costs at most four nvcc
 * calls (about a second each). Without {@code nvcc} on {@code PATH} (or without the suite's source)
 * every caller is skipped through {@link Assumptions#abort(String)}: developer machines and CI
 * runners without CUDA still build. When the environment variable {@code CI} is {@code true} the
 * same condition fails instead, because a CI job that is meant to have CUDA must not go green by
 * skipping.
 */
public final class NvccPtx {
  /** Where the suite lives, relative to a directory above the test's working directory. */
  static final String KERNELS_CU = "benchmarks/cuda/kernels.cu";

  private static final Map<Config, String> CACHE = new EnumMap<>(Config.class);
  private static final long NVCC_TIMEOUT_SECONDS = 300;

  private NvccPtx() {}

  /** One way of compiling the suite: a target architecture and the FMA contraction setting. */
  public enum Config {
    /** {@code -arch=sm_75}, default contraction. */
    SM75_FMAD("sm_75", Contraction.FUSED),
    /** {@code -arch=sm_75 --fmad=false}. */
    SM75_NO_FMAD("sm_75", Contraction.UNFUSED),
    /** {@code -arch=sm_90}, default contraction. */
    SM90_FMAD("sm_90", Contraction.FUSED),
    /** {@code -arch=sm_90 --fmad=false}. */
    SM90_NO_FMAD("sm_90", Contraction.UNFUSED);

    private final String arch;
    private final Contraction contraction;

    Config(String arch, Contraction contraction) {
      this.arch = arch;
      this.contraction = contraction;
    }

    /**
     * The nvcc architecture.
     *
     * @return e.g. {@code sm_90}
     */
    public String arch() {
      return arch;
    }

    /**
     * How nvcc rounds {@code a*b + c} in this configuration; the PTX of every kernel whose README
     * check accepts two references was inspected to be all {@code fma.rn} (fused) or all {@code
     * mul.rn} + {@code add.rn} (unfused) accordingly.
     *
     * @return the contraction
     */
    public Contraction contraction() {
      return contraction;
    }

    /**
     * A short name for test names and messages.
     *
     * @return e.g. {@code sm_90/fmad} or {@code sm_75/no-fmad}
     */
    public String label() {
      return arch + (contraction.fused() ? "/fmad" : "/no-fmad");
    }

    List<String> nvccArguments(Path source, Path output) {
      List<String> command = new ArrayList<>(List.of("nvcc", "-ptx", "-O3", "-arch=" + arch));
      if (!contraction.fused()) {
        command.add("--fmad=false");
      }
      command.addAll(List.of(source.toString(), "-o", output.toString()));
      return command;
    }

    String fileName() {
      return "kernels-" + arch + (contraction.fused() ? "-fmad" : "-no-fmad") + ".ptx";
    }
  }

  /**
   * The PTX text of the suite in {@code config}, compiling it if needed.
   *
   * @param config the configuration
   * @return the module's text
   * @throws org.opentest4j.TestAbortedException without nvcc or the suite's source, unless {@code
   *     CI=true}
   * @throws AssertionError if nvcc fails, or without nvcc under {@code CI=true}
   */
  public static synchronized String ptx(Config config) {
    String cached = CACHE.get(config);
    if (cached != null) {
      return cached;
    }
    Path source = kernelsCu();
    try {
      Path dir = outputDirectory();
      Files.createDirectories(dir);
      Path ptx = dir.resolve(config.fileName());
      if (!isFresh(ptx, source)) {
        compile(config, source, ptx);
      }
      String text = Files.readString(ptx, StandardCharsets.UTF_8);
      CACHE.put(config, text);
      return text;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The suite's source, found by walking up from the working directory (and from the test classes'
   * directory) to the first directory holding {@value #KERNELS_CU}: from {@code gpu-report/} of a
   * checkout that is {@code ../benchmarks/cuda/kernels.cu}.
   *
   * @return the absolute path of {@code kernels.cu}
   */
  public static Path kernelsCu() {
    List<Path> starts = new ArrayList<>();
    starts.add(Path.of(System.getProperty("user.dir")).toAbsolutePath());
    testClassesDirectory().ifPresent(starts::add);
    for (Path start : starts) {
      for (Path dir = start; dir != null; dir = dir.getParent()) {
        Path candidate = dir.resolve(KERNELS_CU);
        if (Files.isRegularFile(candidate)) {
          return candidate.normalize();
        }
      }
    }
    throw unavailable("no " + KERNELS_CU + " in any directory above " + starts);
  }

  /**
   * Whether {@code nvcc} is an executable file in one of the {@code PATH} directories.
   *
   * @return true if the suite can be compiled here
   */
  public static boolean nvccOnPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nvcc"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isFresh(Path ptx, Path source) throws IOException {
    return Files.isRegularFile(ptx)
        && Files.getLastModifiedTime(ptx).compareTo(Files.getLastModifiedTime(source)) > 0;
  }

  private static void compile(Config config, Path source, Path ptx) throws IOException {
    if (!nvccOnPath()) {
      throw unavailable("nvcc is not on PATH, so the PTX of " + source + " cannot be made");
    }
    // nvcc writes to a temporary name that is then moved into place, so that a run killed
    // half-way never leaves a truncated module that the freshness check would reuse.
    Path partial = ptx.resolveSibling(ptx.getFileName() + "." + ProcessHandle.current().pid());
    List<String> command = config.nvccArguments(source, partial);
    Path log = Files.createTempFile(ptx.getParent(), "nvcc", ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      boolean finished = process.waitFor(NVCC_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (!finished) {
        process.destroyForcibly();
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      if (!finished || process.exitValue() != 0 || !Files.isRegularFile(partial)) {
        throw new AssertionError(
            String.join(" ", command)
                + (finished ? " failed with exit code " + process.exitValue() : " timed out")
                + ":\n"
                + output);
      }
      Files.move(partial, ptx, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + String.join(" ", command), e);
    } finally {
      Files.deleteIfExists(log);
      Files.deleteIfExists(partial);
    }
  }

  private static Path outputDirectory() {
    // target/test-classes -> target/bench-ptx; the working directory is the fallback for runs
    // from an IDE that puts the classes elsewhere.
    return testClassesDirectory()
        .filter(dir -> dir.getFileName().toString().equals("test-classes"))
        .map(dir -> dir.resolveSibling("bench-ptx"))
        .orElse(Path.of(System.getProperty("user.dir"), "target", "bench-ptx"))
        .toAbsolutePath();
  }

  private static Optional<Path> testClassesDirectory() {
    var codeSource = NvccPtx.class.getProtectionDomain().getCodeSource();
    if (codeSource == null || codeSource.getLocation() == null) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(codeSource.getLocation().toURI());
      return Files.isDirectory(path) ? Optional.of(path.toAbsolutePath()) : Optional.empty();
    } catch (URISyntaxException | IllegalArgumentException e) {
      // Not a file-system location (e.g. a jar inside a jar): fall back to the working directory.
      return Optional.empty();
    }
  }

  private static RuntimeException unavailable(String reason) {
    if ("true".equals(System.getenv("CI"))) {
      throw new AssertionError(reason + " (CI=true: the benchmark proof must not be skipped)");
    }
    Assumptions.abort(reason + "; skipping the nvcc benchmark suite");
    throw new AssertionError("unreachable");
  }
}
