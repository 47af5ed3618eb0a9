package dev.jptx.compiler.build;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.validate.ValidationMode;
import java.nio.file.Path;
import java.util.List;

/**
 * One build: compile every kernel class in {@code inputs} and write the modules under {@code
 * outputRoot}.
 *
 * @param inputs classpath roots (directories or jars) whose kernel classes are compiled
 * @param classPath further roots where called code is looked up
 * @param outputRoot where {@code META-INF/jptx} goes
 * @param options the compiler options
 * @param validate how modules are checked
 * @param ptxasPath the {@code ptxas} to use, or null for the one on PATH
 * @param failOnSpills a class with a kernel whose validation reports spills fails and gets no
 *     module
 * @param stateDirectory where the build keeps one stamp per kernel class to skip unchanged classes
 *     next time, or null to compile every class every time
 * @param minOccupancy a class with a kernel whose occupancy on some target is below this percentage
 *     fails and gets no module; 0 for no minimum (kernels without figures are not judged)
 */
public record BuildRequest(
    List<Path> inputs,
    List<Path> classPath,
    Path outputRoot,
    CompilerOptions options,
    ValidationMode validate,
    Path ptxasPath,
    boolean failOnSpills,
    Path stateDirectory,
    int minOccupancy) {
  /** Copies the lists. */
  public BuildRequest {
    inputs = List.copyOf(inputs);
    classPath = List.copyOf(classPath);
    if (minOccupancy < 0 || minOccupancy > 100) {
      throw new IllegalArgumentException(
          "minOccupancy " + minOccupancy + " is not a percentage (0 to 100)");
    }
  }

  /** A build without a minimum occupancy. */
  public BuildRequest(
      List<Path> inputs,
      List<Path> classPath,
      Path outputRoot,
      CompilerOptions options,
      ValidationMode validate,
      Path ptxasPath,
      boolean failOnSpills,
      Path stateDirectory) {
    this(
        inputs,
        classPath,
        outputRoot,
        options,
        validate,
        ptxasPath,
        failOnSpills,
        stateDirectory,
        0);
  }

  /** A full (not incremental) build that tolerates spills. */
  public BuildRequest(
      List<Path> inputs,
      List<Path> classPath,
      Path outputRoot,
      CompilerOptions options,
      ValidationMode validate,
      Path ptxasPath) {
    this(inputs, classPath, outputRoot, options, validate, ptxasPath, false, null);
  }
}
