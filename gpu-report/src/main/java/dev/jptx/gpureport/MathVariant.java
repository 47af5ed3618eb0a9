package dev.jptx.gpureport;

import dev.jptx.runtime.Device;

/**
 * The four builds of the math kernels the math section compares: jptx's {@code GpuMath} and nvcc's
 * f-suffixed functions, each in the default mode and in the fast one (jptx {@code --fast-math},
 * nvcc {@code -use_fast_math}, which may flush subnormals).
 */
enum MathVariant {
  JPTX_DEFAULT("jptx default", "jptxDefault", SuiteModules.Compiler.JPTX, "default"),
  JPTX_FAST("jptx fast", "jptxFast", SuiteModules.Compiler.JPTX, "fast"),
  NVCC_DEFAULT("nvcc default", "nvccDefault", SuiteModules.Compiler.NVCC, "default"),
  NVCC_FAST("nvcc fast", "nvccFast", SuiteModules.Compiler.NVCC, "fast");

  private final String label;
  private final String key;
  private final SuiteModules.Compiler compiler;
  private final String mode;

  MathVariant(String label, String key, SuiteModules.Compiler compiler, String mode) {
    this.label = label;
    this.key = key;
    this.compiler = compiler;
    this.mode = mode;
  }

  /** The report's column name. */
  String label() {
    return label;
  }

  /** The JSON key. */
  String key() {
    return key;
  }

  /** True in fast mode, where flush-to-zero is counted rather than an error. */
  boolean mayFlush() {
    return mode.equals("fast");
  }

  /** The variant's modules for {@code target} in {@code bundle}, loaded on {@code device}. */
  SuiteModules modules(Device device, Bundle bundle, String target) {
    return compiler == SuiteModules.Compiler.NVCC
        ? SuiteModules.nvcc(device, bundle.mathNvccModule(target, mode))
        : SuiteModules.jptx(device, bundle.mathJptxModules(mode), target);
  }
}
