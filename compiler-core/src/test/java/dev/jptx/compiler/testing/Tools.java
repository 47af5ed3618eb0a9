package dev.jptx.compiler.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.PtxasValidator;
import dev.jptx.compiler.validate.ValidationResult;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * NVIDIA's tools for tests. Under {@code CI=true} a missing {@code ptxas} fails the test loudly;
 * elsewhere the test is skipped with a reason.
 */
public final class Tools {
  private static final Optional<PtxasValidator> PTXAS = PtxasValidator.find(null);

  private Tools() {}

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

  /** Asserts that {@code ptxas} accepts {@code ptx} for {@code target}. */
  public static ValidationResult assertAssembles(String ptx, SmTarget target) {
    ValidationResult r = ptxas().validate(ptx, target);
    assertTrue(
        r.accepted(), () -> "ptxas rejected the " + target + " module:\n" + r.log() + "\n" + ptx);
    return r;
  }
}
