package dev.jptx.compiler.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.LintFinding;
import dev.jptx.compiler.validate.NvPtxCompilerValidator;
import dev.jptx.compiler.validate.PtxLint;
import dev.jptx.compiler.validate.PtxValidator;
import dev.jptx.compiler.validate.PtxasValidator;
import dev.jptx.compiler.validate.ValidationResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * NVIDIA's tools for tests. Under {@code CI=true} a missing {@code ptxas} fails the test loudly;
 * elsewhere the test is skipped with a reason.
 */
public final class Tools {
  private static final Optional<PtxasValidator> PTXAS = PtxasValidator.find(null);
  private static final Optional<NvPtxCompilerValidator> JCUDA = NvPtxCompilerValidator.find();

  private Tools() {}

  /**
   * The PTX {@code nvcc -ptx -O3} makes of the CUDA file {@code cu} for {@code target}; skips the
   * test without {@code nvcc} (fails under {@code CI=true}).
   */
  public static String nvccPtx(Path cu, SmTarget target) {
    try {
      Path out = Files.createTempFile("jptx-nvcc", ".ptx");
      Process p =
          new ProcessBuilder(
                  "nvcc",
                  "-ptx",
                  "-O3",
                  "-arch=" + target.name(),
                  cu.toString(),
                  "-o",
                  out.toString())
              .redirectErrorStream(true)
              .start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (p.waitFor() != 0) {
        fail("nvcc failed on " + cu + ":\n" + log);
      }
      String ptx = Files.readString(out);
      Files.delete(out);
      return ptx;
    } catch (IOException e) {
      if ("true".equals(System.getenv("CI"))) {
        fail("nvcc is not on PATH, and CI=true requires it: install the CUDA toolkit");
      }
      Assumptions.abort("nvcc is not on PATH");
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The {@code ptxas} on PATH. */
  public static PtxasValidator ptxas() {
    if (PTXAS.isEmpty()) {
      if ("true".equals(System.getenv("CI"))) {
        fail("ptxas is not on PATH, and CI=true requires it: install the CUDA toolkit");
      }
      Assumptions.abort("ptxas is not on PATH");
    }
    return PTXAS.get();
  }

  /**
   * The assembler for {@code target}: {@code ptxas} where it supports the target (CUDA 13's: sm_75
   * and newer), else JCuda's bundled PTX compiler (sm_52 and newer, PTX ISA up to 8.0), as the
   * plugin's {@code validate} option chooses. Without {@code ptxas} the test is skipped (failed
   * under {@code CI=true}), as {@link #ptxas()} does.
   */
  public static PtxValidator assembler(SmTarget target) {
    return validatorFor(target);
  }

  /**
   * Asserts that {@code ptx}, compiled without fast math, keeps the PTX lint's strict rules and
   * that {@code ptxas} (or, for older targets, JCuda's PTX compiler) accepts it for {@code target}.
   */
  public static ValidationResult assertAssembles(String ptx, SmTarget target) {
    return assertAssembles(ptx, target, false);
  }

  /**
   * Asserts that {@code ptx} keeps the PTX lint's rules (strict ones unless {@code fastMath}: pass
   * the {@code fastMath} the module was compiled with) and that {@code ptxas} accepts it for {@code
   * target} — or, for a target this {@code ptxas} dropped (below sm_75 for CUDA 13), JCuda's
   * bundled PTX compiler, as the build's {@code validate=auto} chooses. The lint runs first, so it
   * checks the module even where {@code ptxas} is missing.
   */
  public static ValidationResult assertAssembles(String ptx, SmTarget target, boolean fastMath) {
    assertLintClean(ptx, fastMath);
    PtxValidator v = validatorFor(target);
    ValidationResult r = v.validate(ptx, target);
    assertTrue(
        r.accepted(),
        () -> v.name() + " rejected the " + target + " module:\n" + r.log() + "\n" + ptx);
    return r;
  }

  /**
   * {@code ptxas} where it supports the target (CUDA 13's: sm_75 and newer); for older targets
   * JCuda's bundled PTX compiler, as the build's {@code validate=auto} chooses.
   */
  public static PtxValidator validatorFor(SmTarget target) {
    PtxasValidator ptxas = ptxas();
    if (ptxas.supports(target)) {
      return ptxas;
    }
    if (JCUDA.isEmpty() || !JCUDA.get().supports(target)) {
      fail("no validator for " + target + ": JCuda's PTX compiler did not load");
    }
    return JCUDA.get();
  }

  /** Asserts that the PTX lint finds nothing in {@code ptx}, in fast-math or strict mode. */
  public static void assertLintClean(String ptx, boolean fastMath) {
    List<LintFinding> findings = PtxLint.check(ptx, fastMath);
    if (!findings.isEmpty()) {
      StringBuilder sb = new StringBuilder("PTX lint (");
      sb.append(fastMath ? "fast-math" : "strict").append(" mode) found:\n");
      findings.forEach(f -> sb.append("  ").append(f.format()).append('\n'));
      fail(sb.append(ptx).toString());
    }
  }
}
