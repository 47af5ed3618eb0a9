package dev.jptx.maven;

import dev.jptx.compiler.diag.RemarkFamilies;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.PrintPoints;
import dev.jptx.compiler.driver.SizeOptimization;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.spi.RegisterBudget;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * The goal's parameters as the compiler sees them: one {@link CompilerOptions} field per parameter.
 * Kept apart from the mojo so that the mapping is tested without Maven. Every error names the
 * parameter and its user property, since that is what the user wrote.
 */
final class OptionsMapping {
  /** The target when {@code targets} is empty, as API.md §2 fixes it. */
  static final String DEFAULT_TARGET = "sm_75";

  private OptionsMapping() {}

  /**
   * The compiler options for these parameter values.
   *
   * @param targets target names; an element may itself be comma-separated (as {@code
   *     -Djptx.targets=sm_75,sm_90} arrives when Maven does not split it); empty means sm_75
   * @param compilerArgs backend knobs, each {@code -name=value} or {@code -name}; may be null
   * @throws MojoExecutionException for a value the compiler does not accept
   */
  static CompilerOptions toOptions(
      List<String> targets,
      int optimizationLevel,
      boolean fastMath,
      boolean lineInfo,
      int maxRegisters,
      List<String> compilerArgs)
      throws MojoExecutionException {
    return toOptions(
        targets, optimizationLevel, fastMath, lineInfo, maxRegisters, compilerArgs, false);
  }

  /**
   * As {@link #toOptions(List, int, boolean, boolean, int, List)}, for size if {@code
   * optimizeForSize} ({@code jptx.optimizeForSize}, the CLI's {@code -Os}): then the level is
   * {@link SizeOptimization#LEVEL}, whatever {@code optimizationLevel} says, and {@code
   * compilerArgs} apply after {@link SizeOptimization#PRESETS}.
   */
  static CompilerOptions toOptions(
      List<String> targets,
      int optimizationLevel,
      boolean fastMath,
      boolean lineInfo,
      int maxRegisters,
      List<String> compilerArgs,
      boolean optimizeForSize)
      throws MojoExecutionException {
    if (optimizationLevel < 0 || optimizationLevel > 3) {
      throw invalid("optimizationLevel (jptx.opt) must be 0..3, not " + optimizationLevel);
    }
    if (!RegisterBudget.isValid(maxRegisters)) {
      throw invalid(
          "maxRegisters (jptx.maxRegisters) must be "
              + RegisterBudget.range()
              + ", not "
              + maxRegisters);
    }
    List<SmTarget> smTargets = new ArrayList<>();
    for (String name : targetNames(targets)) {
      try {
        smTargets.add(SmTargets.get(name));
      } catch (IllegalArgumentException e) {
        throw invalid("targets (jptx.targets): " + e.getMessage());
      }
    }
    Knobs knobs;
    try {
      knobs =
          optimizeForSize
              ? SizeOptimization.knobs(knobSettings(compilerArgs))
              : Knobs.parse(knobSettings(compilerArgs));
    } catch (IllegalArgumentException e) {
      throw invalid("compilerArgs: " + e.getMessage());
    }
    return new CompilerOptions(
        smTargets,
        optimizeForSize ? SizeOptimization.LEVEL : optimizationLevel,
        fastMath,
        lineInfo,
        maxRegisters,
        knobs,
        PrintPoints.NONE,
        false,
        false,
        RemarkFamilies.NONE,
        optimizeForSize);
  }

  /** The target names, split at commas and trimmed; {@code sm_75} if there is none. */
  static List<String> targetNames(List<String> targets) {
    List<String> names = new ArrayList<>();
    if (targets != null) {
      for (String t : targets) {
        if (t == null) {
          continue;
        }
        for (String part : t.split(",")) {
          if (!part.isBlank()) {
            names.add(part.strip());
          }
        }
      }
    }
    return names.isEmpty() ? List.of(DEFAULT_TARGET) : names;
  }

  /**
   * The {@code remarks} parameter: family names, an element may be comma-separated; null prints
   * none.
   */
  static RemarkFamilies remarks(List<String> remarks) throws MojoExecutionException {
    try {
      return RemarkFamilies.parse(remarks == null ? List.of() : remarks);
    } catch (IllegalArgumentException e) {
      throw invalid("remarks (jptx.remarks): " + e.getMessage());
    }
  }

  /** The {@code validate} parameter; null or blank is its default, {@code auto}. */
  static ValidationMode validation(String validate) throws MojoExecutionException {
    if (validate == null || validate.isBlank()) {
      return ValidationMode.AUTO;
    }
    try {
      return ValidationMode.parse(validate.strip());
    } catch (IllegalArgumentException e) {
      throw invalid("validate (jptx.validate): " + e.getMessage());
    }
  }

  /** The {@code compilerArgs} elements that say something; an empty {@code <arg/>} is null. */
  private static List<String> knobSettings(List<String> compilerArgs) {
    List<String> settings = new ArrayList<>();
    if (compilerArgs != null) {
      for (String a : compilerArgs) {
        if (a != null && !a.isBlank()) {
          settings.add(a.strip());
        }
      }
    }
    return settings;
  }

  private static MojoExecutionException invalid(String message) {
    return new MojoExecutionException("jptx: invalid configuration: " + message);
  }
}
