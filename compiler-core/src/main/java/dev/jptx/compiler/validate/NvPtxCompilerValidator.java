package dev.jptx.compiler.validate;

import dev.jptx.compiler.target.PtxVersion;
import dev.jptx.compiler.target.SmTarget;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jcuda.nvptxcompiler.JNvPTXCompiler;
import jcuda.nvptxcompiler.nvPTXCompileResult;
import jcuda.nvptxcompiler.nvPTXCompilerHandle;

/**
 * Validates with the PTX compiler library that JCuda bundles (CUDA 12.0's, statically linked, so no
 * CUDA install or driver is needed): targets from sm_52, PTX ISA up to 8.0. This is how modules for
 * targets CUDA 13's {@code ptxas} dropped are checked.
 */
public final class NvPtxCompilerValidator implements PtxValidator {
  private static final PtxVersion NEWEST_ISA = new PtxVersion(8, 0);
  private static final int LOWEST_TARGET = 52;
  private static final Pattern VERSION =
      Pattern.compile("^\\.version\\s+(\\d+\\.\\d+)", Pattern.MULTILINE);

  private final String version;

  private NvPtxCompilerValidator(String version) {
    this.version = version;
  }

  /** The validator, if JCuda's native library loads on this machine. */
  public static Optional<NvPtxCompilerValidator> find() {
    try {
      JNvPTXCompiler.setExceptionsEnabled(false);
      int[] major = new int[1];
      int[] minor = new int[1];
      if (JNvPTXCompiler.nvPTXCompilerGetVersion(major, minor)
          != nvPTXCompileResult.NVPTXCOMPILE_SUCCESS) {
        return Optional.empty();
      }
      return Optional.of(new NvPtxCompilerValidator(major[0] + "." + minor[0]));
    } catch (LinkageError e) {
      return Optional.empty();
    }
  }

  @Override
  public String name() {
    return "JCuda nvPTXCompiler " + version;
  }

  @Override
  public boolean supports(SmTarget target) {
    return target.capability() >= LOWEST_TARGET && target.minimumPtx().compareTo(NEWEST_ISA) <= 0;
  }

  @Override
  public boolean supports(String ptx, SmTarget target) {
    return supports(target) && readsVersion(ptx);
  }

  /** True if the module's {@code .version} is one this library reads. */
  static boolean readsVersion(String ptx) {
    Matcher m = VERSION.matcher(ptx);
    return m.find() && PtxVersion.parse(m.group(1)).compareTo(NEWEST_ISA) <= 0;
  }

  @Override
  public ValidationResult validate(String ptx, SmTarget target) {
    if (!readsVersion(ptx)) {
      return new ValidationResult(
          name(), false, List.of(), "PTX ISA newer than 8.0 is not supported by " + name());
    }
    nvPTXCompilerHandle h = new nvPTXCompilerHandle();
    byte[] source = (ptx + "\0").getBytes(StandardCharsets.UTF_8);
    int rc = JNvPTXCompiler.nvPTXCompilerCreate(h, source.length - 1, source);
    if (rc != nvPTXCompileResult.NVPTXCOMPILE_SUCCESS) {
      return new ValidationResult(name(), false, List.of(), nvPTXCompileResult.stringFor(rc));
    }
    try {
      String[] options = {"--gpu-name=" + target.name(), "--verbose"};
      rc = JNvPTXCompiler.nvPTXCompilerCompile(h, options.length, options);
      boolean ok = rc == nvPTXCompileResult.NVPTXCOMPILE_SUCCESS;
      String log = ok ? infoLog(h) : errorLog(h) + "\n" + nvPTXCompileResult.stringFor(rc);
      return new ValidationResult(name(), ok, ok ? AssemblerLog.parse(log) : List.of(), log);
    } finally {
      JNvPTXCompiler.nvPTXCompilerDestroy(h);
    }
  }

  private static String infoLog(nvPTXCompilerHandle h) {
    long[] size = new long[1];
    JNvPTXCompiler.nvPTXCompilerGetInfoLogSize(h, size);
    byte[] b = new byte[(int) size[0]];
    JNvPTXCompiler.nvPTXCompilerGetInfoLog(h, b);
    return text(b);
  }

  private static String errorLog(nvPTXCompilerHandle h) {
    long[] size = new long[1];
    JNvPTXCompiler.nvPTXCompilerGetErrorLogSize(h, size);
    byte[] b = new byte[(int) size[0]];
    JNvPTXCompiler.nvPTXCompilerGetErrorLog(h, b);
    return text(b);
  }

  private static String text(byte[] b) {
    int n = 0;
    while (n < b.length && b[n] != 0) {
      n++;
    }
    return new String(b, 0, n, StandardCharsets.UTF_8);
  }
}
