package dev.jptx.maven;

import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.build.KernelResult;
import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.validate.ValidationMode;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Compiles every class of {@code ${project.build.outputDirectory}} that has {@code @Kernel} methods
 * to one PTX module per target, under {@code META-INF/jptx/}, with the index {@code
 * META-INF/jptx/kernels.list}. Called code is looked up on the project's compile classpath. Logs
 * one line per kernel and target compiled, each kernel error in javac's format, and fails the build
 * on any kernel error.
 *
 * <p>Incremental: a stamp per kernel class under {@code ${project.build.directory}/jptx} records
 * what its modules were built from (class bytes, options, compiler, the classes it calls, in this
 * project or its dependencies). A class whose stamp matches and whose modules are in place is not
 * compiled again; one line {@code jptx: N kernel classes up to date} says so. {@code mvn clean} (or
 * deleting {@code target/jptx}) compiles every class again.
 */
@Mojo(
    name = "compile",
    defaultPhase = LifecyclePhase.PROCESS_CLASSES,
    threadSafe = true,
    requiresDependencyResolution = ResolutionScope.COMPILE)
public class CompileMojo extends AbstractMojo {
  /** One PTX module per target, e.g. {@code sm_75}, {@code sm_90}. */
  @Parameter(property = "jptx.targets", defaultValue = "sm_75")
  private List<String> targets;

  /** Optimization level 0..3, as {@code -O}. */
  @Parameter(property = "jptx.opt", defaultValue = "3")
  private int optimizationLevel;

  /**
   * Optimize for size, as the CLI's {@code -Os}: level 2 with the machine outliner on and less
   * unrolling (docs/knobs.md, "-Os"); it wins over {@code optimizationLevel}.
   */
  @Parameter(property = "jptx.optimizeForSize", defaultValue = "false")
  private boolean optimizeForSize;

  /** FMA contraction and approximate math for all kernels. */
  @Parameter(property = "jptx.fastMath", defaultValue = "false")
  private boolean fastMath;

  /** {@code .file}/{@code .loc} so that profilers and {@code cuda-gdb} show Java lines. */
  @Parameter(property = "jptx.lineInfo", defaultValue = "true")
  private boolean lineInfo;

  /**
   * Trap on out-of-bounds array indices and integer division by zero, after printing the kernel,
   * the Java file and the line.
   */
  @Parameter(property = "jptx.checks", defaultValue = "false")
  private boolean checks;

  /** Default register limit ({@code .maxnreg}) for kernels that do not set one; 0 for none. */
  @Parameter(property = "jptx.maxRegisters", defaultValue = "0")
  private int maxRegisters;

  /**
   * Backend knobs, as {@code <arg>} elements: {@code -name=value}, or {@code -name} for a boolean.
   */
  @Parameter private List<String> compilerArgs;

  /**
   * Assemble every module to check it: {@code auto} (with whichever validator supports the target,
   * else skip it), {@code true} (fail if none does) or {@code false}.
   */
  @Parameter(property = "jptx.validate", defaultValue = "auto")
  private String validate;

  /** The {@code ptxas} executable to validate with; by default the one on {@code PATH}. */
  @Parameter(property = "jptx.ptxas")
  private File ptxasPath;

  /** Fail the build if validation reports spill stores or loads for any kernel. */
  @Parameter(property = "jptx.failOnSpills", defaultValue = "false")
  private boolean failOnSpills;

  /**
   * Fail the build if a kernel's theoretical occupancy on some target (the percentage its build
   * line ends with) is below this, naming the kernel and the limiting resource; the kernel's class
   * gets no module. 0, the default, sets no minimum. Kernels whose modules were not validated have
   * no occupancy and are not judged (a warning counts them).
   */
  @Parameter(property = "jptx.minOccupancy", defaultValue = "0")
  private int minOccupancy;

  /**
   * Print the optimization remarks of these pass families, as clang's {@code -Rpass}: {@code
   * pipeliner}, {@code outliner} or {@code all}; comma-separated in the property ({@code
   * -Djptx.remarks=pipeliner}). Each is an info line {@code src/main/java/p/K.java:12: remark:
   * kernel p.K.k: text}; a build asking for remarks compiles every kernel class, up to date or not.
   */
  @Parameter(property = "jptx.remarks")
  private List<String> remarks;

  /** Skip the goal. */
  @Parameter(property = "jptx.skip", defaultValue = "false")
  private boolean skip;

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  private MavenProject project;

  @Parameter(defaultValue = "${mojoExecution}", readonly = true)
  private MojoExecution mojoExecution;

  /** Adjusts the pipeline; tests report remarks through it. */
  UnaryOperator<Pipeline> configurePipeline = UnaryOperator.identity();

  /** Creates the mojo; Maven injects the parameters. */
  public CompileMojo() {}

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("jptx: skipped");
      return;
    }
    Path classes = Path.of(project.getBuild().getOutputDirectory());
    if (!Files.isDirectory(classes)) {
      getLog().info("jptx: no classes in " + classes + ", nothing to compile");
      return;
    }
    BuildRequest request = request(classes);
    BuildReport report = run(request);
    report.kernelLines().forEach(getLog()::info);
    report.validationLines().forEach(getLog()::info);
    logRemarks(report);
    int upToDate = report.upToDate().size();
    if (upToDate > 0) {
      getLog()
          .info(
              "jptx: "
                  + upToDate
                  + (upToDate == 1 ? " kernel class" : " kernel classes")
                  + " up to date");
    }
    if (report.kernelLines().isEmpty() && upToDate == 0 && !report.failed()) {
      getLog().info("jptx: no @Kernel methods in " + classes);
    }
    logErrors(report);
    if (!report.diagnostics().isEmpty() || !report.internalErrors().isEmpty()) {
      throw new MojoFailureException(
          failureSummary(report.diagnostics().size(), report.internalErrors().size()));
    }
    if (failOnSpills) {
      // the build already left no module for a spilling kernel's class; this names the kernels
      checkSpills(report, request.validate());
    }
    if (minOccupancy > 0) {
      checkOccupancy(report, request.validate());
    }
    if (report.failed()) {
      throw new MojoFailureException("jptx: the build failed; see the messages above");
    }
  }

  private BuildRequest request(Path classes) throws MojoExecutionException {
    CompilerOptions options =
        OptionsMapping.toOptions(
                targets,
                optimizationLevel,
                fastMath,
                lineInfo,
                maxRegisters,
                compilerArgs,
                optimizeForSize)
            .withChecks(checks)
            .withRemarks(OptionsMapping.remarks(remarks));
    ValidationMode mode = OptionsMapping.validation(validate);
    if (minOccupancy < 0 || minOccupancy > 100) {
      throw new MojoExecutionException(
          "jptx: invalid configuration: minOccupancy (jptx.minOccupancy) "
              + minOccupancy
              + " is not a percentage from 0 to 100");
    }
    Path ptxas = null;
    if (ptxasPath != null) {
      ptxas = ptxasPath.toPath();
      if (!Files.isRegularFile(ptxas) || !Files.isExecutable(ptxas)) {
        throw new MojoExecutionException(
            "jptx: invalid configuration: ptxasPath (jptx.ptxas) "
                + ptxas
                + " is not an executable");
      }
    }
    return new BuildRequest(
        List.of(classes),
        classPath(classes),
        classes,
        options,
        mode,
        ptxas,
        failOnSpills,
        stateDirectory(classes),
        minOccupancy);
  }

  /**
   * {@code target/jptx}: the stamps, outside the classes so that they never reach the jar. Each
   * execution of the goal (one per {@code <execution>}, e.g. one for sm_75 and one for sm_90) has
   * its own, {@code target/jptx-<execution id>}, so that executions sharing the classes directory
   * keep their own stamps and own their own targets; the POM's {@code default} execution and the
   * command line's {@code default-cli} use {@code target/jptx}.
   */
  private Path stateDirectory(Path classes) {
    String dir = project.getBuild().getDirectory();
    Path target = dir != null ? Path.of(dir) : classes.toAbsolutePath().getParent();
    return target.resolve(
        stateDirectoryName(mojoExecution == null ? null : mojoExecution.getExecutionId()));
  }

  /** The state directory's name for an execution id (null: not run by Maven). */
  static String stateDirectoryName(String executionId) {
    if (executionId == null || executionId.equals("default") || executionId.equals("default-cli")) {
      return "jptx";
    }
    return "jptx-" + executionId.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  /** The compile classpath without the inputs themselves and without entries that do not exist. */
  private List<Path> classPath(Path classes) throws MojoExecutionException {
    List<String> elements;
    try {
      elements = project.getCompileClasspathElements();
    } catch (DependencyResolutionRequiredException e) {
      throw new MojoExecutionException("jptx: the compile classpath is not resolved", e);
    }
    List<Path> cp = new ArrayList<>();
    for (String e : elements) {
      Path p = Path.of(e);
      if (Files.exists(p) && !p.toAbsolutePath().equals(classes.toAbsolutePath())) {
        cp.add(p);
      }
    }
    return cp;
  }

  private BuildReport run(BuildRequest request)
      throws MojoExecutionException, MojoFailureException {
    try {
      return Build.run(request, DumpSink.NONE, configurePipeline);
    } catch (UncheckedIOException e) {
      throw new MojoExecutionException(
          "jptx: cannot write modules under " + request.outputRoot() + ": " + e.getCause(), e);
    } catch (RuntimeException | LinkageError e) {
      // the compiler reports its own failures in the report; anything thrown is a bug in it
      getLog().error("jptx: internal compiler error: " + e);
      debugTrace(e);
      throw new MojoFailureException("jptx: internal compiler error (run with -X for details)");
    }
  }

  /** Remarks are information, not warnings: the build is fine, the user asked to see them. */
  private void logRemarks(BuildReport report) {
    if (report.remarks().isEmpty()) {
      return;
    }
    SourcePaths sources = sourcePaths();
    for (ReportedRemark r : report.remarks()) {
      getLog().info(r.formatWithPath(sources.display(r.remark().sourceFile())));
    }
  }

  private void logErrors(BuildReport report) {
    SourcePaths sources = sourcePaths();
    for (Diagnostic d : report.diagnostics()) {
      getLog().error(d.formatWithPath(sources.display(d.sourceFile())));
    }
    for (int i = 0; i < report.internalErrors().size(); i++) {
      getLog().error("jptx: " + report.internalErrors().get(i));
      debugTrace(report.internalErrorCauses().get(i));
    }
  }

  private SourcePaths sourcePaths() {
    List<Path> roots = new ArrayList<>();
    for (String r : project.getCompileSourceRoots()) {
      roots.add(Path.of(r));
    }
    return new SourcePaths(project.getBasedir().toPath(), roots);
  }

  private void debugTrace(Throwable cause) {
    if (cause != null && getLog().isDebugEnabled()) {
      getLog().debug(cause);
    }
  }

  /** The exception message: counts only, since each problem was logged on its own line. */
  static String failureSummary(int errors, int internal) {
    StringBuilder sb = new StringBuilder("jptx: ");
    if (errors > 0) {
      sb.append(errors).append(errors == 1 ? " kernel error" : " kernel errors");
    }
    if (internal > 0) {
      sb.append(errors > 0 ? " and " : "")
          .append(internal)
          .append(internal == 1 ? " internal compiler error" : " internal compiler errors");
    }
    return sb.append("; see the messages above").toString();
  }

  private void checkOccupancy(BuildReport report, ValidationMode mode) throws MojoFailureException {
    long unvalidated = report.kernelResults().stream().filter(k -> k.resources().isEmpty()).count();
    if (unvalidated > 0) {
      getLog()
          .warn(
              "jptx: minOccupancy cannot judge "
                  + unvalidated
                  + " kernel module(s) that were not validated"
                  + (mode == ValidationMode.FALSE ? " (validate is false)" : ""));
    }
    List<String> low = new ArrayList<>();
    for (KernelResult k : report.occupancyFailures()) {
      String m =
          "kernel "
              + k.kernel()
              + " ["
              + k.target()
              + "] has "
              + k.occupancy().orElseThrow().describe()
              + ", below minOccupancy "
              + minOccupancy
              + "%";
      getLog().error("jptx: " + m);
      low.add(m);
    }
    if (!low.isEmpty()) {
      throw new MojoFailureException(
          "jptx: "
              + String.join("; ", low)
              + " (use fewer registers or less shared memory, or lower minOccupancy)");
    }
  }

  private void checkSpills(BuildReport report, ValidationMode mode) throws MojoFailureException {
    SpillCheck check = SpillCheck.of(report.kernelResults());
    if (check.unvalidated() > 0) {
      getLog()
          .warn(
              "jptx: failOnSpills cannot judge "
                  + check.unvalidated()
                  + " kernel module(s) that were not validated"
                  + (mode == ValidationMode.FALSE ? " (validate is false)" : ""));
    }
    if (!check.violations().isEmpty()) {
      check.violations().forEach(v -> getLog().error("jptx: " + v));
      throw new MojoFailureException(
          "jptx: failOnSpills is set and "
              + String.join("; ", check.violations())
              + " (raise the register limit or set failOnSpills to false)");
    }
  }
}
