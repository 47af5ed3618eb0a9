package dev.jptx.compiler.validate;

import dev.jptx.compiler.target.SmTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Chooses a validator per module, as the {@code validate} option describes: {@code ptxas} when it
 * supports the module's target, else JCuda's bundled PTX compiler if it reads the module's PTX ISA
 * version. Finding them is done once.
 */
public final class Validators {
  private final List<PtxValidator> candidates;

  private Validators(List<PtxValidator> candidates) {
    this.candidates = List.copyOf(candidates);
  }

  /**
   * The validators of this machine: {@code ptxas} (at {@code ptxasPath} or on PATH), then JCuda's.
   */
  public static Validators discover(Path ptxasPath) {
    List<PtxValidator> found = new ArrayList<>();
    PtxasValidator.find(ptxasPath).ifPresent(found::add);
    NvPtxCompilerValidator.find().ifPresent(found::add);
    return new Validators(found);
  }

  /** A fixed list of validators, tried in order (for tests). */
  public static Validators of(List<PtxValidator> validators) {
    return new Validators(validators);
  }

  /**
   * The first validator that can assemble {@code ptx} for {@code target}: a module whose PTX ISA
   * version JCuda's compiler cannot read is left to {@code ptxas}, and to none if {@code ptxas}
   * lacks the target.
   */
  public Optional<PtxValidator> forModule(String ptx, SmTarget target) {
    return candidates.stream().filter(v -> v.supports(ptx, target)).findFirst();
  }

  /** The first validator that supports {@code target}. */
  public Optional<PtxValidator> forTarget(SmTarget target) {
    return candidates.stream().filter(v -> v.supports(target)).findFirst();
  }

  /** The validators found. */
  public List<PtxValidator> all() {
    return candidates;
  }
}
