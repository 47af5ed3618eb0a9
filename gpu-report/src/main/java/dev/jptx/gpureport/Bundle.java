package dev.jptx.gpureport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The files of a GPU bundle, as {@code gpu-report/bundle.sh} lays them out:
 *
 * <pre>
 * java/                      a jlink runtime (java.base, java.logging)
 * lib/*.jar                  the runtime, JCuda (one native library), this report, the samples
 * ptx/jptx/strict/, fast/    jptx's modules of the bench kernels (META-INF/jptx/...), sm_90, sm_75
 * ptx/nvcc/kernels-sm_XX-strict.ptx, -fast.ptx   nvcc's PTX of benchmarks/cuda/kernels.cu
 * math/jptx/default/, fast/  jptx's modules of benchmarks/math/MathKernels.java, sm_90, sm_75
 * math/nvcc/math-sm_XX-default.ptx, -fast.ptx   nvcc's PTX of benchmarks/math/math.cu
 * fuzz/fuzz-corpus.bin.gz    random kernels with their JVM results
 * run                        the command
 * </pre>
 */
public record Bundle(Path root) {
  /** The targets whose modules the bundle holds, newest first. */
  public static final List<String> TARGETS = List.of("sm_90", "sm_75");

  /** The Java launcher of the bundle's runtime (or of the running JVM, for tests). */
  public Path java() {
    Path own = root.resolve("java/bin/java");
    return Files.isExecutable(own) ? own : Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /** The class path of the bundle's jars, or of the running JVM when the bundle has none. */
  public String classPath() {
    Path lib = root.resolve("lib");
    return Files.isDirectory(lib)
        ? lib.toAbsolutePath() + "/*"
        : System.getProperty("java.class.path");
  }

  /** The root of jptx's modules in one mode: {@code strict} or {@code fast}. */
  public Path jptxModules(String mode) {
    return root.resolve("ptx/jptx/" + mode);
  }

  /**
   * jptx's strict sm_90 modules of the suite built with a loop transformation switched from its
   * default: {@code pipeliner-on}, {@code unroll-runtime-off} ({@link LoopSection#VARIANTS}).
   */
  public Path jptxVariantModules(String variant) {
    return root.resolve("ptx/jptx-variants/" + variant);
  }

  /** nvcc's module of the suite for a target and mode. */
  public Path nvccModule(String target, String mode) {
    return root.resolve("ptx/nvcc/kernels-" + target + "-" + mode + ".ptx");
  }

  /**
   * The root of jptx's modules of the math kernels in one mode: {@code default} or {@code fast}.
   */
  public Path mathJptxModules(String mode) {
    return root.resolve("math/jptx/" + mode);
  }

  /** nvcc's module of the math kernels' twins for a target and mode. */
  public Path mathNvccModule(String target, String mode) {
    return root.resolve("math/nvcc/math-" + target + "-" + mode + ".ptx");
  }

  /** The fuzz corpus. */
  public Path fuzzCorpus() {
    return root.resolve("fuzz/fuzz-corpus.bin.gz");
  }

  /** A text file of the bundle. */
  public static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
