package dev.jptx.compiler.driver;

import dev.jptx.compiler.diag.RemarkFamilies;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.spi.RegisterBudget;
import java.util.List;
import java.util.Set;

/**
 * Everything that decides what a compilation produces. The plugin's parameters and the CLI's
 * options map onto it one to one.
 *
 * @param targets one PTX module per target
 * @param optLevel 0..3, as {@code -O}
 * @param fastMath contraction and approximate math for every kernel
 * @param lineInfo {@code .file}/{@code .loc} for profilers and debuggers
 * @param maxRegisters {@code .maxnreg} for kernels that do not set one, 0 for none
 * @param knobs backend knobs
 * @param print the passes and stages whose code goes to the dump sink, before or after them
 * @param verifyEachPass run the IR and MIR verifiers after every pass (tests turn it on)
 * @param checks trap on out-of-bounds array indices and integer division by zero
 * @param remarks the pass families whose optimization remarks the build prints
 * @param optimizeForSize {@code -Os}: level 2 with the knobs of {@link SizeOptimization} (the
 *     outliner on, less unrolling) and no pipelining unless {@code enable-pipeliner-opt-size}
 */
public record CompilerOptions(
    List<SmTarget> targets,
    int optLevel,
    boolean fastMath,
    boolean lineInfo,
    int maxRegisters,
    Knobs knobs,
    PrintPoints print,
    boolean verifyEachPass,
    boolean checks,
    RemarkFamilies remarks,
    boolean optimizeForSize) {

  /** Validates ranges and copies the collections. */
  public CompilerOptions {
    // one module per distinct target, oldest first, whatever order they were given in
    targets =
        targets.stream()
            .distinct()
            .sorted(
                java.util.Comparator.comparingInt(SmTarget::capability)
                    .thenComparing(SmTarget::name))
            .toList();
    if (targets.isEmpty()) {
      throw new IllegalArgumentException("no target given");
    }
    if (optLevel < 0 || optLevel > 3) {
      throw new IllegalArgumentException("optimization level must be 0..3, not " + optLevel);
    }
    if (!RegisterBudget.isValid(maxRegisters)) {
      throw new IllegalArgumentException(
          "maxRegisters must be " + RegisterBudget.range() + ", not " + maxRegisters);
    }
    java.util.Objects.requireNonNull(remarks, "remarks");
  }

  /** Options for a level from 0 to 3, not for size. */
  public CompilerOptions(
      List<SmTarget> targets,
      int optLevel,
      boolean fastMath,
      boolean lineInfo,
      int maxRegisters,
      Knobs knobs,
      PrintPoints print,
      boolean verifyEachPass,
      boolean checks,
      RemarkFamilies remarks) {
    this(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        false);
  }

  /** Options that print no remarks. */
  public CompilerOptions(
      List<SmTarget> targets,
      int optLevel,
      boolean fastMath,
      boolean lineInfo,
      int maxRegisters,
      Knobs knobs,
      PrintPoints print,
      boolean verifyEachPass,
      boolean checks) {
    this(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        RemarkFamilies.NONE);
  }

  /** The defaults of the plugin and the CLI: {@code sm_75}, {@code -O3}, line info on. */
  public static CompilerOptions defaults() {
    return new CompilerOptions(
        List.of(SmTargets.get("sm_75")),
        3,
        false,
        true,
        0,
        Knobs.defaults(),
        PrintPoints.NONE,
        false,
        false);
  }

  /** A copy with other targets. */
  public CompilerOptions withTargets(List<SmTarget> t) {
    return new CompilerOptions(
        t,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy with another optimization level. */
  public CompilerOptions withOptLevel(int o) {
    return new CompilerOptions(
        targets,
        o,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy with fast math on or off. */
  public CompilerOptions withFastMath(boolean f) {
    return new CompilerOptions(
        targets,
        optLevel,
        f,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy with line info on or off. */
  public CompilerOptions withLineInfo(boolean l) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        l,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy with another default register limit. */
  public CompilerOptions withMaxRegisters(int m) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        m,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy with other knobs. */
  public CompilerOptions withKnobs(Knobs k) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        k,
        print,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy that dumps after these stages (and nothing else). */
  public CompilerOptions withPrintAfter(Set<Stage> stages) {
    return withPrint(PrintPoints.afterStages(stages));
  }

  /** A copy that dumps at other points. */
  public CompilerOptions withPrint(PrintPoints p) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        p,
        verifyEachPass,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy with bounds and division checks on or off. */
  public CompilerOptions withChecks(boolean c) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        c,
        remarks,
        optimizeForSize);
  }

  /** A copy with per-pass verification on or off. */
  public CompilerOptions withVerifyEachPass(boolean v) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        v,
        checks,
        remarks,
        optimizeForSize);
  }

  /** A copy for size ({@code -Os}) or not; the level and knobs stay as they are. */
  public CompilerOptions withOptimizeForSize(boolean size) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        remarks,
        size);
  }

  /** A copy printing the remarks of other pass families. */
  public CompilerOptions withRemarks(RemarkFamilies r) {
    return new CompilerOptions(
        targets,
        optLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        print,
        verifyEachPass,
        checks,
        r,
        optimizeForSize);
  }
}
