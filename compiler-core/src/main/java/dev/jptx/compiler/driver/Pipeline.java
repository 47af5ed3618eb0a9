package dev.jptx.compiler.driver;

import dev.jptx.compiler.codegen.BranchFolding;
import dev.jptx.compiler.codegen.MachineBlockPlacement;
import dev.jptx.compiler.codegen.MachineCopyPropagation;
import dev.jptx.compiler.codegen.MachineCse;
import dev.jptx.compiler.codegen.MachineDeadCodeElimination;
import dev.jptx.compiler.codegen.MachineLicm;
import dev.jptx.compiler.codegen.MachineMem2Reg;
import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.codegen.MachineSink;
import dev.jptx.compiler.codegen.NvptxPeephole;
import dev.jptx.compiler.codegen.ParamOpt;
import dev.jptx.compiler.codegen.PeepholeOptimizer;
import dev.jptx.compiler.codegen.PhiElimination;
import dev.jptx.compiler.codegen.PostRaMachineLicm;
import dev.jptx.compiler.codegen.PressureStatistics;
import dev.jptx.compiler.codegen.RedundantMoveElim;
import dev.jptx.compiler.codegen.RegisterCoalescer;
import dev.jptx.compiler.codegen.RegisterPressure;
import dev.jptx.compiler.codegen.RegisterPressureScheduler;
import dev.jptx.compiler.codegen.TruncOpts;
import dev.jptx.compiler.dag.DagBuilder;
import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.DagPrinter;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.emit.PtxOptions;
import dev.jptx.compiler.emit.PtxPrinter;
import dev.jptx.compiler.frontend.ClassPath;
import dev.jptx.compiler.frontend.FrontEnd;
import dev.jptx.compiler.ir.BodyCopier;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrPrinter;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.isel.InstructionSelector;
import dev.jptx.compiler.legalize.OperationLegalizer;
import dev.jptx.compiler.legalize.TypeLegalizer;
import dev.jptx.compiler.lowering.AtomicExpansion;
import dev.jptx.compiler.lowering.ChecksLowering;
import dev.jptx.compiler.lowering.FastMathLowering;
import dev.jptx.compiler.lowering.MemZeroLowering;
import dev.jptx.compiler.lowering.SwitchLowering;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineModule;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.mir.MirVerifier;
import dev.jptx.compiler.opt.BitOperationFormation;
import dev.jptx.compiler.opt.ConstantFolding;
import dev.jptx.compiler.opt.DeadCodeElimination;
import dev.jptx.compiler.opt.FloatNarrowing;
import dev.jptx.compiler.opt.FunctionPass;
import dev.jptx.compiler.opt.GlobalValueNumbering;
import dev.jptx.compiler.opt.InferAddressSpaces;
import dev.jptx.compiler.opt.Inliner;
import dev.jptx.compiler.opt.LoadStoreVectorizer;
import dev.jptx.compiler.opt.LoopInvariantCodeMotion;
import dev.jptx.compiler.opt.LoopRotation;
import dev.jptx.compiler.opt.LoopUnroll;
import dev.jptx.compiler.opt.PromoteLocalArrays;
import dev.jptx.compiler.opt.ReadOnlyLoads;
import dev.jptx.compiler.opt.SeparateConstantOffsets;
import dev.jptx.compiler.opt.SimplifyCfg;
import dev.jptx.compiler.opt.StrengthReduction;
import dev.jptx.compiler.opt.UnusedFunctions;
import dev.jptx.compiler.opt.VaryingLoadsFirst;
import dev.jptx.compiler.regalloc.BlockRemat;
import dev.jptx.compiler.regalloc.FrameLayout;
import dev.jptx.compiler.regalloc.PressureDrivenAllocator;
import dev.jptx.compiler.regalloc.RegisterAllocation;
import dev.jptx.compiler.regalloc.RegisterAllocator;
import dev.jptx.compiler.regalloc.StackSlotColoring;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.objectweb.asm.tree.ClassNode;

/**
 * The whole compiler, top to bottom, for one class: front end, mid-level optimizer, then per target
 * the SelectionDAG stages, instruction selection, the machine passes, and the PTX printer. The pass
 * lists per optimization level are here and nowhere else.
 */
public final class Pipeline {
  private final CompilerOptions options;
  private final DumpSink sink;
  private final Set<String> onlyMethods;
  private final List<MachinePass> extraMachinePasses = new ArrayList<>();
  private RegisterAllocator allocator;

  /** A pipeline with these options, sending {@code --print-after} text to {@code sink}. */
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
   * Adds a machine pass after the SSA machine passes: for experiments, and for tests that need a
   * pass to misbehave (to show that {@code verify-machineinstrs} catches it).
   */
  public Pipeline withExtraMachinePass(MachinePass p) {
    extraMachinePasses.add(p);
    return this;
  }

  /** This pipeline with another register allocator (tests of the allocation checker). */
  public Pipeline withAllocator(RegisterAllocator a) {
    this.allocator = a;
    return this;
  }

  /** Compiles the kernels of {@code c}; problems in the user's code go to {@code diagnostics}. */
  public ClassResult compile(ClassNode c, ClassPath classPath, Diagnostics diagnostics) {
    String unit = c.name.replace('/', '.');
    dump(Stage.BYTECODE, unit, () -> BytecodeListing.of(c, onlyMethods));
    FrontEnd.Translation t =
        PassRunner.run(
            unit,
            "frontend",
            () -> FrontEnd.translate(c, classPath, diagnostics, options.checks()));
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
    verify(unit, "frontend", m);
    dump(Stage.SSA, unit, () -> IrPrinter.print(m));
    Map<SmTarget, Map<String, String>> pressure = new LinkedHashMap<>();
    Map<SmTarget, String> modules = compileModule(unit, m, pressure);
    return new ClassResult(unit, t.kernels(), modules, pressure);
  }

  /**
   * The stages after the front end, on an IR module: the mid-level optimizer, then one PTX module
   * per target. Tests enter here with IR written by hand.
   */
  public Map<SmTarget, String> compileModule(String unit, Module m) {
    return compileModule(unit, m, new LinkedHashMap<>());
  }

  /** {@link #compileModule(String, Module)}, collecting each kernel's pressure per target. */
  private Map<SmTarget, String> compileModule(
      String unit, Module m, Map<SmTarget, Map<String, String>> pressureOut) {
    applyModuleOptions(m);
    lower(unit, m);
    if (options.optLevel() >= 1) {
      int threshold = options.knobs().integer("inline-threshold");
      PassRunner.run(unit, "inline", () -> Inliner.run(m, threshold));
      verify(unit, "inline", m);
      InferAddressSpaces infer = new InferAddressSpaces();
      for (Function f : m.functions()) {
        PassRunner.run(f.attributes().javaName(), infer.name(), () -> infer.run(f));
      }
      verify(unit, infer.name(), m);
    }
    optimize(unit, m);
    dump(Stage.OPT, unit, () -> IrPrinter.print(m));
    Map<SmTarget, String> modules = new LinkedHashMap<>();
    for (SmTarget target : options.targets()) {
      Module tm = BodyCopier.copyOf(m);
      for (Function f : tm.functions()) {
        PassRunner.run(
            f.attributes().javaName(), "expand-atomics", () -> AtomicExpansion.run(f, target));
      }
      verify(unit, "expand-atomics", tm);
      Map<String, String> pressure = new TreeMap<>();
      modules.put(target, backend(unit + " [" + target + "]", tm, target, pressure));
      pressureOut.put(target, pressure);
    }
    return modules;
  }

  /**
   * The IR lowerings every level runs: fast-math library calls, read-only loads, checks, switches,
   * array zeroing.
   */
  private void lower(String unit, Module m) {
    if (PassRunner.run(unit, "lower-fast-math", () -> FastMathLowering.run(m))) {
      UnusedFunctions.remove(m); // the accurate library functions nothing calls any more
    }
    if (options.checks()) {
      PassRunner.run(unit, "lower-checks", () -> ChecksLowering.run(m));
    }
    for (Function f : m.functions()) {
      PassRunner.run(f.attributes().javaName(), "readonly-loads", () -> ReadOnlyLoads.mark(f));
      PassRunner.run(f.attributes().javaName(), "lower-switch", () -> SwitchLowering.run(f));
      PassRunner.run(f.attributes().javaName(), "lower-memzero", () -> MemZeroLowering.run(f));
    }
    verify(unit, "lower", m);
  }

  /** The device library's package: its code relies on exact rounding, never fast math. */
  private static final String LIBDEVICE = "dev.jptx.compiler.libdevice.";

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
      if (options.maxRegisters() > 0 && a.maxRegisters() == 0 && f.kind() == Function.Kind.KERNEL) {
        a = a.withMaxRegisters(options.maxRegisters());
      }
      f.setAttributes(a);
    }
  }

  /**
   * The mid-level pass list: nothing at -O0; from -O1 a cheap cleanup of the CFG, constant folding,
   * promotion of constant-index local arrays to registers (after folding, which makes the indices
   * constant; before value numbering, which then sees the elements' values), value numbering,
   * loop-invariant code motion, at -O2 and above full unrolling of small constant loops followed by
   * folding and value numbering of the copies, then strength reduction of the remaining loops'
   * indices (after licm, which leaves the invariant operands it needs outside the loop) and the
   * merging of adjacent aligned loads and stores into vector accesses (last, on the final
   * addresses, as LLVM runs its LoadStoreVectorizer late), DCE, and the CFG cleanup again for the
   * branches folding made constant, the blocks DCE emptied and the unrolled copies' jumps.
   */
  private List<FunctionPass> optPasses() {
    List<FunctionPass> passes = new ArrayList<>();
    if (options.optLevel() >= 1) {
      boolean simplifyCfg = !options.knobs().flag("disable-simplifycfg");
      if (simplifyCfg) {
        passes.add(new SimplifyCfg());
      }
      if (!options.knobs().flag("disable-constfold")) {
        passes.add(new ConstantFolding());
      }
      if (!options.knobs().flag("disable-narrow-float")) {
        passes.add(new FloatNarrowing());
      }
      if (!options.knobs().flag("disable-form-bit-ops")) {
        passes.add(new BitOperationFormation());
      }
      if (!options.knobs().flag("disable-promote-local-arrays")) {
        passes.add(new PromoteLocalArrays());
      }
      if (!options.knobs().flag("disable-gvn")) {
        passes.add(new GlobalValueNumbering());
      }
      if (!options.knobs().flag("disable-licm")) {
        passes.add(new LoopInvariantCodeMotion());
      }
      if (options.optLevel() >= 2 && !options.knobs().flag("disable-unroll")) {
        passes.add(new LoopUnroll(options.knobs().integer("unroll-threshold")));
        // the copies' induction variables are constants now: fold them and merge what repeats
        if (!options.knobs().flag("disable-constfold")) {
          passes.add(new ConstantFolding());
        }
        // a local array indexed by the unrolled loop's counter has constant indices now
        if (!options.knobs().flag("disable-promote-local-arrays")) {
          passes.add(new PromoteLocalArrays());
        }
        if (!options.knobs().flag("disable-gvn")) {
          passes.add(new GlobalValueNumbering());
        }
      }
      if (options.optLevel() >= 2 && !options.knobs().flag("disable-strength-reduce")) {
        passes.add(new StrengthReduction());
      }
      if (options.optLevel() >= 2 && !options.knobs().flag("disable-load-store-vectorizer")) {
        passes.add(new LoadStoreVectorizer());
      }
      if (!options.knobs().flag("disable-separate-const-offset")) {
        // after the vectorizer, which reads the alignment of the original index expressions
        passes.add(new SeparateConstantOffsets());
      }
      if (!options.knobs().flag("disable-varying-loads-first")) {
        passes.add(new VaryingLoadsFirst());
      }
      if (options.optLevel() >= 2 && !options.knobs().flag("disable-loop-rotate")) {
        // last of the loop passes: the others read the top-tested form
        passes.add(new LoopRotation());
        if (!options.knobs().flag("disable-constfold")) {
          // the guard rotation puts before a loop from a constant start compares two constants
          // (sgemmTiled's inner k loop: 0 >= 16); folded, simplifycfg below drops the dead edge
          passes.add(new ConstantFolding());
        }
      }
      if (!options.knobs().flag("disable-dce")) {
        passes.add(new DeadCodeElimination());
      }
      if (simplifyCfg) {
        passes.add(new SimplifyCfg());
      }
    }
    return passes;
  }

  private void optimize(String unit, Module m) {
    for (FunctionPass p : optPasses()) {
      for (Function f : m.functions()) {
        PassRunner.run(f.attributes().javaName(), p.name(), () -> p.run(f));
      }
      verify(unit, p.name(), m);
    }
  }

  /** One target's PTX; {@code pressure} receives each kernel's pressure figures. */
  private String backend(String unit, Module m, SmTarget target, Map<String, String> pressure) {
    List<DagFunction> dags = new ArrayList<>();
    for (Function f : m.functions()) {
      boolean sinkParams =
          options.optLevel() >= 1 && !options.knobs().flag("disable-param-sinking");
      dags.add(
          PassRunner.run(
              f.attributes().javaName(),
              "dag",
              () -> DagBuilder.build(f, target, sinkParams, librarySymbols(m))));
    }
    dump(Stage.DAG, unit, () -> printDags(dags));
    for (DagFunction d : dags) {
      // the verifying test builds check the legalizer's bookkeeping too
      boolean checks =
          options.verifyEachPass() || options.knobs().flag("enable-legalize-types-checking");
      PassRunner.run(
          d.attributes().javaName(),
          "legalize-types",
          () -> TypeLegalizer.run(d, checks, options.knobs().flag("soften-float")));
      PassRunner.run(d.attributes().javaName(), "legalize-ops", () -> OperationLegalizer.run(d));
    }
    dump(Stage.LEGALIZE, unit, () -> printDags(dags));
    List<MachineFunction> mfs = new ArrayList<>();
    for (DagFunction d : dags) {
      MachineFunction mf =
          PassRunner.run(d.attributes().javaName(), "isel", () -> InstructionSelector.select(d));
      verifyMir(mf, "isel");
      mfs.add(mf);
    }
    dump(Stage.ISEL, unit, () -> MirPrinter.print(mfs));
    runMachinePasses(mfs, ssaMachinePasses());
    dump(Stage.MIR, unit, () -> MirPrinter.print(mfs));
    dump(Stage.PIPELINER, unit, () -> MirPrinter.print(mfs));
    runMachinePasses(mfs, registerAllocationPasses());
    dump(Stage.RA, unit, () -> MirPrinter.print(mfs));
    for (MachineFunction mf : mfs) {
      if (mf.info().entry()) {
        pressure.put(mf.info().name(), RegisterPressure.of(mf).summary());
      }
    }
    dump(Stage.OUTLINER, unit, () -> MirPrinter.print(mfs));
    String ptx =
        PassRunner.run(
            unit,
            "emit",
            () ->
                PtxPrinter.print(
                    new MachineModule(GlobalLowering.of(m), mfs),
                    new PtxOptions(target, options.lineInfo(), Version.producer())));
    dump(Stage.PTX, unit, () -> ptx);
    return ptx;
  }

  /** The module's functions by Java name, for the library calls of operation legalization. */
  private static Map<String, String> librarySymbols(Module m) {
    Map<String, String> symbols = new HashMap<>();
    for (Function f : m.functions()) {
      symbols.put(f.attributes().javaName(), f.name());
    }
    return symbols;
  }

  /**
   * Machine passes on SSA machine IR, before the pipeliner and register allocation (package-private
   * for the knob tests of passes that our instruction selection gives nothing to do).
   */
  List<MachinePass> ssaMachinePasses() {
    List<MachinePass> passes = new ArrayList<>();
    // the seed's post-ISel passes, straight after instruction selection
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-param-opt")) {
      passes.add(new ParamOpt());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-nvptx-trunc-opts")) {
      passes.add(new TruncOpts());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-redundant-move-elim")) {
      passes.add(new RedundantMoveElim());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-machine-cse")) {
      passes.add(
          new MachineCse(
              new MachineCse.Options(
                  options.knobs().flag("rp-aware-mcse"),
                  options.knobs().flag("pred-aware-mcse"),
                  options.knobs().flag("copy-prop-mcse"),
                  options.knobs().flag("incremental-update-mcse"),
                  options.knobs().flag("verify-update-mcse"))));
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-machine-licm")) {
      passes.add(new MachineLicm());
    }
    if (options.optLevel() >= 1 && options.knobs().flag("nvptx-enable-machine-sink")) {
      passes.add(new MachineSink());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-peephole")) {
      passes.add(new PeepholeOptimizer());
    }
    if (options.optLevel() >= 1 && options.knobs().flag("enable-nvvm-peephole")) {
      passes.add(new NvptxPeephole());
    }
    if (!options.knobs().flag("disable-machine-dce")) {
      passes.add(new MachineDeadCodeElimination());
    }
    if (options.optLevel() >= 1 && options.knobs().flag("nvptx-sched4reg")) {
      passes.add(new RegisterPressureScheduler());
    }
    passes.addAll(extraMachinePasses);
    if (options.knobs().flag("extra-machineinstr-printer")) {
      passes.add(new PressureStatistics(System.err));
    }
    return passes;
  }

  /**
   * PHI elimination, then (from -O1) coalescing of the copies it made, then register allocation:
   * spilling under an explicit budget, assignment, and the allocation checker in verifying builds;
   * then (from -O1) spill slots share space, and the frame is laid out into one depot. Copy
   * propagation (from -O1) runs after coalescing and again after allocation, post-RA machine LICM
   * (from -O1) right after allocation. Package-private for the knob tests.
   */
  List<MachinePass> registerAllocationPasses() {
    List<MachinePass> passes = new ArrayList<>();
    passes.add(new PhiElimination());
    if (options.optLevel() >= 1 && options.knobs().flag("join-liveintervals")) {
      passes.add(new RegisterCoalescer());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("nv-disable-mem2reg")) {
      passes.add(new MachineMem2Reg());
    }
    boolean copyProp = options.optLevel() >= 1 && !options.knobs().flag("disable-copyprop");
    if (copyProp) {
      passes.add(new MachineCopyPropagation(false));
    }
    if (options.optLevel() >= 1
        && !options.knobs().flag("nv-disable-remat")
        && options.knobs().integer("nv-remat-block") != 0) {
      passes.add(new BlockRemat(blockRematOptions(options.knobs())));
    }
    boolean check = options.verifyEachPass() || options.knobs().flag("verify-regalloc");
    RegisterAllocator a =
        allocator != null
            ? allocator
            : new PressureDrivenAllocator(
                !options.knobs().flag("disable-register-assignment"),
                options.knobs().flag("remat-load-param")
                    && !options.knobs().flag("nv-disable-remat"));
    passes.add(new RegisterAllocation(a, check));
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-postra-machine-licm")) {
      passes.add(new PostRaMachineLicm());
    }
    if (copyProp) {
      passes.add(new MachineCopyPropagation(true));
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-ssc")) {
      passes.add(new StackSlotColoring());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-branch-fold")) {
      passes.add(new BranchFolding());
    }
    if (options.optLevel() >= 1 && !options.knobs().flag("disable-block-placement")) {
      passes.add(new MachineBlockPlacement());
    }
    passes.add(new FrameLayout());
    return passes;
  }

  /** Block rematerialization's options from the knobs of the same names. */
  static BlockRemat.Options blockRematOptions(Knobs k) {
    Set<String> skip = new java.util.TreeSet<>();
    for (String name : k.string("no-mi-remat").split(",")) {
      if (!name.isBlank()) {
        skip.add(name.strip());
      }
    }
    return new BlockRemat.Options(
        k.integer("nv-remat-block"),
        k.integer("nv-remat-max-times"),
        k.integer("nv-remat-block-single-cost"),
        k.integer("nv-remat-block-map-size-limit"),
        k.integer("nv-remat-block-max-cost"),
        k.integer("nv-remat-block-liveout-min-percentage"),
        k.integer("nv-remat-block-loop-cost-factor"),
        k.integer("nv-remat-default-max-reg"),
        k.integer("nv-remat-block-load-cost"),
        k.integer("nv-remat-threshold-for-spec-reg"),
        k.flag("nv-remat-check-internal-live"),
        k.flag("load-remat"),
        skip,
        k.flag("nv-dump-remat-block") ? System.err : null);
  }

  private void runMachinePasses(List<MachineFunction> mfs, List<MachinePass> passes) {
    for (MachinePass p : passes) {
      for (MachineFunction mf : mfs) {
        PassRunner.run(mf.info().javaName(), p.name(), () -> p.run(mf));
        verifyMir(mf, p.name());
      }
    }
  }

  private void verify(String unit, String after, Module m) {
    if (options.verifyEachPass()) {
      PassRunner.run(unit, after, () -> IrVerifier.check(m));
    }
  }

  private void verifyMir(MachineFunction mf, String after) {
    if (options.verifyEachPass() || options.knobs().flag("verify-machineinstrs")) {
      PassRunner.run(mf.info().javaName(), after, () -> MirVerifier.check(mf, after));
    }
  }

  private static String printDags(List<DagFunction> dags) {
    StringBuilder sb = new StringBuilder();
    for (DagFunction d : dags) {
      sb.append(DagPrinter.print(d));
    }
    return sb.toString();
  }

  private void dump(Stage stage, String unit, java.util.function.Supplier<String> text) {
    if (options.printAfter().contains(stage)) {
      sink.dump(stage, unit, text.get());
    }
  }
}
