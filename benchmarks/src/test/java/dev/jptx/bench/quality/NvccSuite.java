package dev.jptx.bench.quality;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * NVIDIA's PTX of the bench kernels' CUDA twins ({@code benchmarks/cuda/kernels.cu}): {@code nvcc
 * -ptx -O3 -arch=<sm> <flag>}.
 */
final class NvccSuite {
  private NvccSuite() {}

  /**
   * Compiles the suite.
   *
   * @param kernelsCu the CUDA source
   * @param ptx the module to write
   * @param arch e.g. {@code sm_90}
   * @param mode gives the flag: {@code --fmad=false} or {@code --use_fast_math}
   * @return {@code ptx}
   */
  static Path compile(Path kernelsCu, Path ptx, String arch, Mode mode) {
    try {
      Files.createDirectories(ptx.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Commands.run(ptx.getParent(), command(kernelsCu, ptx, arch, mode));
    return ptx;
  }

  /** The command line, as the report quotes it. */
  static List<String> command(Path kernelsCu, Path ptx, String arch, Mode mode) {
    return List.of(
        "nvcc",
        "-ptx",
        "-O3",
        "-arch=" + arch,
        mode.nvccFlag(),
        kernelsCu.toString(),
        "-o",
        ptx.toString());
  }

  /** The toolchain: the last two lines of {@code nvcc --version}, release and build. */
  static String version(Path directory) {
    return Commands.lastLines(Commands.run(directory, List.of("nvcc", "--version")), 2);
  }
}
