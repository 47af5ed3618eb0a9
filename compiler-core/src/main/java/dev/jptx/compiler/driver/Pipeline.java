package dev.jptx.compiler.driver;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.frontend.FrontEnd;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.ir.BodyCopier;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrPrinter;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.opt.UnusedFunctions;
import dev.jptx.compiler.regalloc.RegisterAllocator;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.spi.RegisterBudget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.objectweb.asm.tree.ClassNode;

/**
 * The whole compiler, top to bottom, for one class: the front end, then the stages of {@link Stage}
 * in order, each a group of passes of the {@link PassRegistry}: the module stages once, the target
 * stages once per target on a copy of the optimized module.
 */
public final class Pipeline {
  /** The device library's package: its code relies on exact rounding, never fast math. */
  private static final String LIBDEVICE = "dev.jptx.compiler.libdevice.";

  private final CompilerOptions options;
  private final DumpSink sink;
  private final Set<String> onlyMethods;
  private final List<MachinePass> extraMachinePasses = new ArrayList<>();
  private final List<java.util.function.Function<PassContext, MachinePass>> contextualPasses =
      new ArrayList<>();
  private RegisterAllocator allocator;
  private PassStatistics statistics;

  /** A pipeline with these options, sending the dumps the options ask for to {@code sink}. */
  public Pipeline(CompilerOptions options, DumpSink sink) {
    this(options, sink, Set.of());
  }

  /**
   * A pipeline that keeps only the kernels of the named Java methods (all if empty), as {@code jptx
   * dump CLASS#method} needs.
   */
  public Pipeline(CompilerOptions options, DumpSink sink, Set<String> onlyMethods) {
    this.options = options;
    this.sink = sink;
    this.onlyMethods = Set.copyOf(onlyMethods);
  }

  /**
   * Adds a machine pass at the end of the {@code mir} stage: for experiments, and for tests that
   * need a pass to misbehave (to show that {@code verify-machineinstrs} catches it).
   */
  public Pipeline withExtraMachinePass(MachinePass p) {
    extraMachinePasses.add(p);
    return this;
  }

  /**
   * Adds a machine pass made for each pass context at the end of the {@code mir} stage: a test
   * reports remarks through it before any pass of the pipeline does.
   */
  public Pipeline withExtraMachinePassIn(
      java.util.function.Function<PassContext, MachinePass> make) {
    contextualPasses.add(make);
    return this;
  }

  /** This pipeline with another register allocator (tests of the allocation checker). */
  public Pipeline withAllocator(RegisterAllocator a) {
    this.allocator = a;
    return this;
  }

  /** This pipeline adding each pass's wall time and counters to {@code s}. */
  public Pipeline withStatistics(PassStatistics s) {
    this.statistics = s;
    return this;
  }

  /** Compiles the kernels of {@code c}; problems in the user's code go to {@code diagnostics}. */
  public ClassResult compile(ClassNode c, ClassPath classPath, Diagnostics diagnostics) {
    String unit = c.name.replace('/', '.');
    PassManager passes = manager(false);
    passes.dump(PrintPoint.after(Stage.BYTECODE), unit, () -> BytecodeListing.of(c, onlyMethods));
    passes.dump(PrintPoint.before("ssa"), unit, () -> BytecodeListing.of(c, onlyMethods));
    long start = System.nanoTime();
    FrontEnd.Translation t =
        PassRunner.run(
            unit,
            "frontend",
            () -> FrontEnd.translate(c, classPath, diagnostics, options.checks()));
    if (statistics != null) {
      statistics.time("frontend", System.nanoTime() - start);
    }
    if (!t.succeeded()) {
      return new ClassResult(unit, t.kernels(), Map.of());
    }
    Module m = t.module();
    if (!onlyMethods.isEmpty()) {
      for (Function f : m.functions()) {
        String java = f.attributes().javaName();
        if (f.kind() == Function.Kind.KERNEL
            && !onlyMethods.contains(java.substring(java.lastIndexOf('.') + 1))) {
          m.remove(f.name());
        }
      }
      UnusedFunctions.remove(m);
    }
    if (options.verifyEachPass()) {
      PassRunner.run(unit, "frontend", () -> IrVerifier.check(m));
    }
    passes.dump(PrintPoint.after(Stage.SSA), unit, () -> IrPrinter.print(m));
    Map<SmTarget, Map<String, String>> pressure = new LinkedHashMap<>();
    List<ReportedRemark> remarks = new ArrayList<>();
    Map<SmTarget, String> modules = compileModule(unit, m, pressure, remarks);
    return new ClassResult(unit, t.kernels(), modules, pressure, remarks);
  }

  /**
   * The stages after the front end, on an IR module: the mid-level optimizer, then one PTX module
   * per target. Tests enter here with IR written by hand.
   */
  public Map<SmTarget, String> compileModule(String unit, Module m) {
    return compileModule(unit, m, new LinkedHashMap<>(), new ArrayList<>());
  }

  /**
   * {@link #compileModule(String, Module)}, collecting each kernel's pressure per target and the
   * remarks; each target's passes report into their own {@link Remarks}, merged by {@link
   * TargetRemarks}.
   */
  private Map<SmTarget, String> compileModule(
      String unit,
      Module m,
      Map<SmTarget, Map<String, String>> pressureOut,
      List<ReportedRemark> remarksOut) {
    applyModuleOptions(m);
    Remarks shared = new Remarks();
    manager(false, shared)
        .run(Code.ofIr(unit, m, options.targets().get(0)), List.of(Stage.OPT.cliName()));
    Map<SmTarget, String> modules = new LinkedHashMap<>();
    Map<SmTarget, Remarks> remarks = new LinkedHashMap<>();
    for (SmTarget target : options.targets()) {
      remarks.put(target, new Remarks());
      PassManager passes = manager(false, remarks.get(target));
      Code code = Code.ofIr(unit + " [" + target + "]", BodyCopier.copyOf(m), target);
      passes.run(code, stageNames(Stage.DAG, Stage.RA));
      Map<String, String> pressure = new TreeMap<>();
      for (MachineFunction mf : code.machine()) {
        if (mf.info().entry()) {
          pressure.put(mf.info().name(), RegisterPressure.of(mf).summary());
        }
      }
      passes.run(code, stageNames(Stage.OUTLINER, Stage.PTX));
      modules.put(target, code.ptx());
      pressureOut.put(target, pressure);
    }
    remarksOut.addAll(TargetRemarks.merge(shared, remarks));
    return modules;
  }

  /**
   * Runs passes and groups of the registry on {@code code} as the pipeline would, each pass under
   * its condition on the options (the knob tests run the stages of MIR they write this way).
   */
  public Code run(Code code, List<String> names) {
    manager(false).run(code, names);
    return code;
  }

  /**
   * Runs the named passes on code the user wrote, whatever their conditions ({@code jptx run-pass},
   * the file tests); the members of a named group keep theirs. A pass that needs another form than
   * the code's is an {@link IllegalArgumentException} naming both.
   */
  public Code runPasses(Code code, List<String> names) {
    manager(true).runForced(code, names);
    return code;
  }

  private PassManager manager(boolean userInput) {
    return manager(userInput, new Remarks());
  }

  private PassManager manager(boolean userInput, Remarks remarks) {
    PassContext context = new PassContext(options, allocator, remarks);
    PassManager m = new PassManager(context, sink, statistics, userInput);
    m.addExtras(Stage.MIR.cliName(), extraMachinePasses);
    m.addExtras(Stage.MIR.cliName(), contextualPasses.stream().map(f -> f.apply(context)).toList());
    return m;
  }

  /** The names of the stages from {@code first} to {@code last}. */
  private static List<String> stageNames(Stage first, Stage last) {
    List<String> names = new ArrayList<>();
    for (Stage s : Stage.values()) {
      if (s.ordinal() >= first.ordinal() && s.ordinal() <= last.ordinal()) {
        names.add(s.cliName());
      }
    }
    return names;
  }

  /**
   * Build-wide options that land on every function: fast math (except on the device library's
   * functions), the default register limit.
   */
  private void applyModuleOptions(Module m) {
    for (Function f : m.functions()) {
      var a = f.attributes();
      if (options.fastMath() && !a.javaName().startsWith(LIBDEVICE)) {
        a = a.withFastMath(true);
      }
      if (f.kind() == Function.Kind.KERNEL) {
        a = a.withMaxRegisters(RegisterBudget.of(a.maxRegisters(), options.maxRegisters()));
      }
      f.setAttributes(a);
    }
  }
}
