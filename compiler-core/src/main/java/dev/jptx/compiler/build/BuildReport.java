package dev.jptx.compiler.build;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.ReportedRemark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a build did: the problems in user code, the compiler's own failures, the optimization
 * remarks asked for, one summary line per kernel and target, and the files written.
 */
public final class BuildReport {
  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final List<String> internalErrors = new ArrayList<>();
  private final List<ReportedRemark> remarks = new ArrayList<>();
  private final List<KernelResult> kernelResults = new ArrayList<>();
  private final List<Path> written = new ArrayList<>();
  private final List<Throwable> causes = new ArrayList<>();
  private final List<String> upToDate = new ArrayList<>();
  private final SortedMap<String, SortedSet<String>> validators = new TreeMap<>();
  private final List<KernelResult> spillFailures = new ArrayList<>();
  private final List<KernelResult> occupancyFailures = new ArrayList<>();

  /** Appends everything {@code part} holds (one class's report, merged in input order). */
  void addAll(BuildReport part) {
    diagnostics.addAll(part.diagnostics);
    internalErrors.addAll(part.internalErrors);
    remarks.addAll(part.remarks);
    causes.addAll(part.causes);
    kernelResults.addAll(part.kernelResults);
    part.validators.forEach((v, ts) -> ts.forEach(t -> addValidation(v, t)));
    upToDate.addAll(part.upToDate);
    spillFailures.addAll(part.spillFailures);
    occupancyFailures.addAll(part.occupancyFailures);
    written.addAll(part.written);
  }

  void addDiagnostics(List<Diagnostic> d) {
    diagnostics.addAll(d);
  }

  void addRemarks(List<ReportedRemark> r) {
    remarks.addAll(r);
  }

  void addInternalError(String message, Throwable cause) {
    internalErrors.add(message);
    causes.add(cause);
  }

  void addKernelResult(KernelResult r) {
    kernelResults.add(r);
  }

  void addValidation(String validator, String target) {
    validators.computeIfAbsent(validator, v -> new TreeSet<>()).add(target);
  }

  void addUpToDate(String className) {
    upToDate.add(className);
  }

  void addSpillFailure(KernelResult r) {
    spillFailures.add(r);
  }

  void addOccupancyFailure(KernelResult r) {
    occupancyFailures.add(r);
  }

  void addWritten(Path p) {
    written.add(p);
  }

  /** Problems in the user's kernels, in javac's format. */
  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }

  /**
   * The optimization remarks of the families the {@code remarks} option enables, class by class in
   * input order, each class's in the order its passes reported them. Classes that were up to date
   * report none: a build asking for remarks compiles every class.
   */
  public List<ReportedRemark> remarks() {
    return remarks;
  }

  /** Failures of the compiler itself (bugs), one line each. */
  public List<String> internalErrors() {
    return internalErrors;
  }

  /** The exceptions behind {@link #internalErrors()}, for {@code --verbose}. */
  public List<Throwable> internalErrorCauses() {
    return causes;
  }

  /** Every kernel and target compiled, with the validator's figures. */
  public List<KernelResult> kernelResults() {
    return kernelResults;
  }

  /** {@code jptx: dev.example.Saxpy.saxpy [sm_90]: 10 registers, ...}, per kernel and target. */
  public List<String> kernelLines() {
    return kernelResults.stream().map(KernelResult::line).toList();
  }

  /** {@link #kernelLines()} with our own pressure figures ({@code jptx compile --verbose}). */
  public List<String> verboseKernelLines() {
    return kernelResults.stream().map(KernelResult::verboseLine).toList();
  }

  /** Every file written. */
  public List<Path> written() {
    return written;
  }

  /**
   * The kernel classes skipped because their stamp matched: same class bytes, options, compiler and
   * called code, modules still in place. They have no {@link #kernelResults()}.
   */
  public List<String> upToDate() {
    return upToDate;
  }

  /**
   * The kernels that spilled in a build with {@code failOnSpills}; their classes got no module.
   * Also in {@link #kernelResults()}.
   */
  public List<KernelResult> spillFailures() {
    return spillFailures;
  }

  /**
   * The kernels whose occupancy was below the build's {@code minOccupancy}; their classes got no
   * module. Also in {@link #kernelResults()}.
   */
  public List<KernelResult> occupancyFailures() {
    return occupancyFailures;
  }

  /**
   * Which validator accepted the modules of which targets in this build, {@code ptxas 13.0} or
   * {@code JCuda nvPTXCompiler ...}: the build log says so, since the choice depends on the
   * machine.
   */
  public Map<String, SortedSet<String>> validators() {
    return validators;
  }

  /** {@code jptx: sm_75, sm_90 modules validated by ptxas 13.0}, one line per validator used. */
  public List<String> validationLines() {
    return validators.entrySet().stream()
        .map(
            e -> "jptx: " + String.join(", ", e.getValue()) + " modules validated by " + e.getKey())
        .toList();
  }

  /** True if the build must fail. */
  public boolean failed() {
    return !diagnostics.isEmpty()
        || !internalErrors.isEmpty()
        || !spillFailures.isEmpty()
        || !occupancyFailures.isEmpty();
  }
}
