package dev.jptx.compiler.driver;

import static dev.jptx.compiler.driver.PassBodies.fn;
import static dev.jptx.compiler.driver.PassBodies.irForTarget;
import static dev.jptx.compiler.driver.PassBodies.irFunctions;
import static dev.jptx.compiler.driver.PassBodies.irModule;
import static dev.jptx.compiler.driver.PassBodies.javaName;
import static dev.jptx.compiler.driver.PassBodies.machineBody;

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
import dev.jptx.compiler.codegen.RegisterPressureScheduler;
import dev.jptx.compiler.codegen.TruncOpts;
import dev.jptx.compiler.dag.DagBuilder;
import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.isel.InstructionSelector;
import dev.jptx.compiler.legalize.OperationLegalizer;
import dev.jptx.compiler.legalize.TypeLegalizer;
import dev.jptx.compiler.lowering.ApproximationExpansion;
import dev.jptx.compiler.lowering.AtomicExpansion;
import dev.jptx.compiler.lowering.ChecksLowering;
import dev.jptx.compiler.lowering.FastMathLowering;
import dev.jptx.compiler.lowering.MemZeroLowering;
import dev.jptx.compiler.lowering.SwitchLowering;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.opt.BitOperationFormation;
import dev.jptx.compiler.opt.ConstantFolding;
import dev.jptx.compiler.opt.DeadCodeElimination;
import dev.jptx.compiler.opt.FloatNarrowing;
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
import dev.jptx.compiler.outliner.OutlinerMode;
import dev.jptx.compiler.regalloc.BlockRemat;
import dev.jptx.compiler.regalloc.FrameLayout;
import dev.jptx.compiler.regalloc.PressureDrivenAllocator;
import dev.jptx.compiler.regalloc.RegisterAllocation;
import dev.jptx.compiler.regalloc.RegisterAllocator;
import dev.jptx.compiler.regalloc.StackSlotColoring;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Every pass of the compiler, one row each, and the groups (stages among them) that order them. A
 * new pass is one row here, one name in a group, one knob in {@link Knobs}, and one golden test.
 * The pipeline, {@code --print-after}, {@code run-pass}, {@code --time-passes} and the file tests
 * all look passes up here.
 */
public final class PassRegistry {
  private static final Set<IrForm> IR = EnumSet.of(IrForm.IR);
  private static final Set<IrForm> DAG = EnumSet.of(IrForm.DAG);
  private static final Set<IrForm> SSA = EnumSet.of(IrForm.SSA_MIR);
  private static final Set<IrForm> OUT_OF_SSA = EnumSet.of(IrForm.MIR, IrForm.ALLOCATED_MIR);
  private static final Set<IrForm> ANY_MIR =
      EnumSet.of(IrForm.SSA_MIR, IrForm.MIR, IrForm.ALLOCATED_MIR);

  private static final Map<String, PassInfo> PASSES = new LinkedHashMap<>();
  private static final Map<String, PassGroup> GROUPS = new LinkedHashMap<>();

  static {
    irLowerings();
    irOptimizations();
    loopPasses();
    targetPasses();
    ssaMachinePasses();
    allocationPasses();
    registerGroups();
    for (Stage s : Stage.values()) {
      if (!GROUPS.containsKey(s.cliName())) {
        throw new IllegalStateException("stage " + s.cliName() + " has no group");
      }
    }
  }

  private PassRegistry() {}

  private static void irLowerings() {
    pass(
        "lower-fast-math",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR; replaces the accurate library calls of fast-math functions by approximate"
            + " instructions and drops library functions nothing calls any more",
        irModule(
            (m, c) -> {
              if (FastMathLowering.run(m)) {
                UnusedFunctions.remove(m);
              }
            }));
    pass(
        "lower-checks",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR; guards array accesses, integer divisions and Math.*Exact overflows with traps"
            + " naming file and line",
        irModule((m, c) -> ChecksLowering.run(m)));
    pass(
        "readonly-loads",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR; marks loads from arrays the kernel never writes as read-only (ld.global.nc)",
        irFunctions(
            c ->
                fn(
                    "readonly-loads",
                    f -> {
                      ReadOnlyLoads.mark(f);
                      return false;
                    })));
    pass(
        "lower-switch",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR; turns switch instructions into compare-and-branch trees or jump chains",
        irFunctions(c -> fn("lower-switch", SwitchLowering::run)));
    pass(
        "lower-memzero",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR; turns the zeroing of new local arrays into stores or loops",
        irFunctions(c -> fn("lower-memzero", MemZeroLowering::run)));
    pass(
        "always-inline",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR; inlines the alwaysinline device functions (those returning a local array of their"
            + " own) into every caller, whatever their size or math mode; removes the functions"
            + " nothing calls any more",
        irModule((m, c) -> Inliner.runAlwaysInline(m)));
    pass(
        "inline",
        IR,
        IrForm.IR,
        1,
        "",
        false,
        null,
        "",
        "needs IR; inlines device functions up to inline-threshold instructions (never @NoInline or"
            + " recursive ones; alwaysinline ones whatever their size); removes the functions"
            + " nothing calls any more",
        irModule((m, c) -> Inliner.run(m, c.options().knobs().integer("inline-threshold"))));
    pass(
        "infer-address-spaces",
        IR,
        IrForm.IR,
        1,
        "",
        false,
        null,
        "",
        "needs IR; gives generic pointers the address space they provably point into",
        irFunctions(c -> new InferAddressSpaces()));
  }

  private static void irOptimizations() {
    pass(
        "simplifycfg",
        IR,
        IrForm.IR,
        1,
        "disable-simplifycfg",
        false,
        null,
        "",
        "needs IR; merges straight-line blocks, folds constant branches, removes unreachable and"
            + " empty blocks; preserves SSA",
        irFunctions(c -> new SimplifyCfg()));
    pass(
        "constfold",
        IR,
        IrForm.IR,
        1,
        "disable-constfold",
        false,
        null,
        "",
        "needs IR; folds instructions on constants with Java's semantics; leaves dead code for dce",
        irFunctions(c -> new ConstantFolding()));
    pass(
        "narrow-float",
        IR,
        IrForm.IR,
        1,
        "disable-narrow-float",
        false,
        null,
        "",
        "needs IR; computes float arithmetic Java widens to double in float where the result is the"
            + " same bit for bit",
        irFunctions(c -> new FloatNarrowing()));
    pass(
        "form-bit-ops",
        IR,
        IrForm.IR,
        1,
        "disable-form-bit-ops",
        false,
        null,
        "",
        "needs IR; forms funnel shifts, bit-field extracts and inserts from shift-and-mask trees",
        irFunctions(c -> new BitOperationFormation()));
    pass(
        "promote-local-arrays",
        IR,
        IrForm.IR,
        1,
        "disable-promote-local-arrays",
        false,
        null,
        "",
        "needs IR; keeps local arrays indexed only by constants in registers",
        irFunctions(c -> new PromoteLocalArrays()));
    pass(
        "gvn",
        IR,
        IrForm.IR,
        1,
        "disable-gvn",
        false,
        null,
        "",
        "needs IR with a dominator tree; replaces redundant pure computations and loads by the"
            + " dominating one; preserves the CFG",
        irFunctions(c -> new GlobalValueNumbering()));
    pass(
        "licm",
        IR,
        IrForm.IR,
        1,
        "disable-licm",
        false,
        null,
        "",
        "needs IR; hoists loop-invariant pure computations into the preheader; preserves the CFG"
            + " except for preheaders it adds",
        irFunctions(c -> new LoopInvariantCodeMotion()));
  }

  private static void loopPasses() {
    pass(
        "unroll",
        IR,
        IrForm.IR,
        2,
        "disable-unroll",
        false,
        null,
        "",
        "needs IR, loops in top-tested form; fully unrolls constant-trip loops within unroll-threshold",
        irFunctions(c -> new LoopUnroll(c.options().knobs().integer("unroll-threshold"))));
    pass(
        "unroll-runtime",
        IR,
        IrForm.IR,
        2,
        "disable-unroll-runtime",
        false,
        null,
        "",
        "needs IR, loops in top-tested form; unrolls by a factor the counted loops left rolled",
        PassBodies.runtimeUnroll());
    pass(
        "strength-reduce",
        IR,
        IrForm.IR,
        2,
        "disable-strength-reduce",
        false,
        null,
        "",
        "needs IR, invariants hoisted (licm); replaces multiplications by the induction variable"
            + " with added strides",
        irFunctions(c -> new StrengthReduction()));
    pass(
        "load-store-vectorizer",
        IR,
        IrForm.IR,
        2,
        "disable-load-store-vectorizer",
        false,
        null,
        "",
        "needs IR with final addresses; merges adjacent aligned loads and stores into vector"
            + " accesses",
        irFunctions(c -> new LoadStoreVectorizer()));
    pass(
        "separate-const-offset",
        IR,
        IrForm.IR,
        1,
        "disable-separate-const-offset",
        false,
        null,
        "",
        "needs IR, after the vectorizer (which reads the original index expressions); shares"
            + " one address among a[i + c] accesses, as [reg+imm] offsets",
        irFunctions(c -> new SeparateConstantOffsets()));
    pass(
        "varying-loads-first",
        IR,
        IrForm.IR,
        1,
        "disable-varying-loads-first",
        false,
        null,
        "",
        "needs IR; issues a thread-varying read-only load before a uniform one just ahead of it",
        irFunctions(c -> new VaryingLoadsFirst()));
    pass(
        "loop-rotate",
        IR,
        IrForm.IR,
        2,
        "disable-loop-rotate",
        false,
        null,
        "",
        "needs IR; turns top-tested loops into guarded bottom-tested ones; last of the loop passes,"
            + " which read the top-tested form",
        irFunctions(c -> new LoopRotation()));
    pass(
        "dce",
        IR,
        IrForm.IR,
        1,
        "disable-dce",
        false,
        null,
        "",
        "needs IR; removes instructions without uses or effects; preserves the CFG",
        irFunctions(c -> new DeadCodeElimination()));
  }

  private static void targetPasses() {
    pass(
        "expand-atomics",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR and a target; expands atomics the target lacks into compare-and-swap loops",
        irForTarget(AtomicExpansion::run));
    pass(
        "expand-approximations",
        IR,
        IrForm.IR,
        0,
        "",
        false,
        null,
        "",
        "needs IR and a target; writes the fast-math approximations the target lacks"
            + " (tanh.approx.f32 below sm_75) with ex2 and rcp",
        irForTarget(ApproximationExpansion::run));
    pass(
        "dag-builder",
        IR,
        IrForm.DAG,
        0,
        "",
        false,
        null,
        "",
        "needs IR; builds one SelectionDAG per block, sinking parameter loads to their users from"
            + " -O1 unless disable-param-sinking",
        (code, name, c) -> {
          boolean sinkParams =
              c.options().optLevel() >= 1 && !c.options().knobs().flag("disable-param-sinking");
          Map<String, String> symbols = librarySymbols(code.module());
          List<DagFunction> dags = new ArrayList<>();
          for (Function f : code.module().functions()) {
            dags.add(
                PassRunner.run(
                    javaName(f),
                    name,
                    () -> DagBuilder.build(f, code.target(), sinkParams, symbols)));
          }
          code.setDags(dags);
        });
    pass(
        "legalize-types",
        DAG,
        IrForm.DAG,
        0,
        "",
        false,
        null,
        "",
        "needs DAGs; promotes, expands, splits and softens what the target has no register for",
        (code, name, c) -> {
          boolean checks =
              c.verifying() || c.options().knobs().flag("enable-legalize-types-checking");
          boolean soften = c.options().knobs().flag("soften-float");
          for (DagFunction d : code.dags()) {
            PassRunner.run(
                d.attributes().javaName(), name, () -> TypeLegalizer.run(d, checks, soften));
          }
        });
    pass(
        "legalize-ops",
        DAG,
        IrForm.DAG,
        0,
        "",
        false,
        null,
        "",
        "needs type-legal DAGs; expands operations the target lacks (library calls included)",
        (code, name, c) -> {
          for (DagFunction d : code.dags()) {
            PassRunner.run(d.attributes().javaName(), name, () -> OperationLegalizer.run(d));
          }
        });
    pass(
        "nvptx-isel",
        DAG,
        IrForm.SSA_MIR,
        0,
        "",
        false,
        null,
        "",
        "needs legal DAGs; selects machine instructions from the pattern table, in SSA form",
        (code, name, c) -> {
          List<MachineFunction> mfs = new ArrayList<>();
          for (DagFunction d : code.dags()) {
            mfs.add(
                PassRunner.run(
                    d.attributes().javaName(), name, () -> InstructionSelector.select(d)));
          }
          code.setMachine(mfs);
        });
    pass(
        "emit",
        EnumSet.of(IrForm.ALLOCATED_MIR),
        IrForm.PTX,
        0,
        "",
        false,
        null,
        "",
        "needs allocated MIR; prints the PTX module: globals, functions, line information",
        PassBodies.emit());
    pass(
        "machine-outliner",
        EnumSet.of(IrForm.ALLOCATED_MIR),
        IrForm.ALLOCATED_MIR,
        1,
        "",
        false,
        o ->
            OutlinerMode.parse(o.knobs().string("enable-machine-outliner")) != OutlinerMode.DISABLE,
        "enable-machine-outliner is not disable",
        "needs allocated MIR; moves sequences repeated across the module into OUTLINED_FUNCTION_*"
            + " .funcs and calls them, over every function at once",
        PassBodies.outliner());
  }

  private static void ssaMachinePasses() {
    machine(
        "param-opt",
        SSA,
        1,
        "disable-param-opt",
        false,
        "needs SSA MIR; reads kernel parameters where they are used, and once",
        c -> new ParamOpt());
    machine(
        "nvptx-trunc-opts",
        SSA,
        1,
        "disable-nvptx-trunc-opts",
        false,
        "needs SSA MIR; drops truncations and extensions whose bits nobody reads",
        c -> new TruncOpts());
    machine(
        "redundant-move-elim",
        ANY_MIR,
        1,
        "disable-redundant-move-elim",
        false,
        "any MIR; deletes moves of a register to itself, and in SSA MIR forwards same-class"
            + " moves to their readers",
        c -> new RedundantMoveElim());
    machine(
        "machine-cse",
        SSA,
        1,
        "disable-machine-cse",
        false,
        "needs SSA MIR; eliminates machine instructions a dominating one computes, unless the"
            + " longer live range costs registers (rp-aware-mcse, pred-aware-mcse)",
        c ->
            new MachineCse(
                new MachineCse.Options(
                    c.options().knobs().flag("rp-aware-mcse"),
                    c.options().knobs().flag("pred-aware-mcse"),
                    c.options().knobs().flag("copy-prop-mcse"),
                    c.options().knobs().flag("incremental-update-mcse"),
                    c.options().knobs().flag("verify-update-mcse"))));
    machine(
        "early-machinelicm",
        SSA,
        1,
        "disable-machine-licm",
        false,
        "needs SSA MIR; hoists loop-invariant machine instructions into the preheader",
        c -> new MachineLicm());
    machine(
        "machine-sink",
        SSA,
        1,
        "nvptx-enable-machine-sink",
        true,
        "needs SSA MIR; sinks instructions into the one successor that uses them",
        c -> new MachineSink());
    machine(
        "peephole-opt",
        SSA,
        1,
        "disable-peephole",
        false,
        "needs SSA MIR; folds compare-and-select pairs and redundant extensions",
        c -> new PeepholeOptimizer());
    machine(
        "nvptx-peephole",
        SSA,
        1,
        "enable-nvvm-peephole",
        true,
        "needs SSA MIR; the seed's NVPTX peephole on address computations",
        c -> new NvptxPeephole());
    machine(
        "dead-mi-elimination",
        SSA,
        0,
        "disable-machine-dce",
        false,
        "needs SSA MIR; removes machine instructions without uses or effects",
        c -> new MachineDeadCodeElimination());
    machine(
        "machine-scheduler",
        SSA,
        1,
        "nvptx-sched4reg",
        true,
        "needs SSA MIR; reorders each block to lower its register pressure where it exceeds the"
            + " budget",
        c -> new RegisterPressureScheduler());
    machine(
        "extra-machineinstr-printer",
        ANY_MIR,
        0,
        "extra-machineinstr-printer",
        true,
        "any MIR; prints each function's register pressure and size to standard error; changes"
            + " nothing",
        c -> new PressureStatistics(System.err));
    pass(
        "machine-pipeliner",
        SSA,
        null,
        2,
        "enable-pipeliner",
        true,
        o -> !o.optimizeForSize() || o.knobs().flag("enable-pipeliner-opt-size"),
        "not -Os unless enable-pipeliner-opt-size",
        "needs SSA MIR; software-pipelines single-block loops by Swing Modulo Scheduling and"
            + " prints the schedules; the code generators may add blocks",
        PassBodies.pipeliner());
  }

  private static void allocationPasses() {
    pass(
        "phi-node-elimination",
        SSA,
        IrForm.MIR,
        0,
        "",
        false,
        null,
        "",
        "needs SSA MIR; replaces PHIs by copies at the ends of predecessors; leaves SSA",
        machineBody(c -> new PhiElimination()));
    machine(
        "register-coalescer",
        OUT_OF_SSA,
        1,
        "join-liveintervals",
        true,
        "needs MIR after PHI elimination; merges copy-related registers whose live ranges do not"
            + " interfere",
        c -> new RegisterCoalescer());
    machine(
        "nvptx-mem2reg",
        OUT_OF_SSA,
        1,
        "nv-disable-mem2reg",
        false,
        "needs MIR after PHI elimination; keeps .local slots only accessed whole in registers",
        c -> new MachineMem2Reg());
    machine(
        "machine-cp-before-ra",
        OUT_OF_SSA,
        1,
        "disable-copyprop",
        false,
        "needs MIR after PHI elimination; forwards copies and deletes the dead ones",
        c -> new MachineCopyPropagation(false));
    pass(
        "nvptx-remat-block",
        OUT_OF_SSA,
        null,
        1,
        "nv-disable-remat",
        false,
        o -> o.knobs().integer("nv-remat-block") != 0,
        "nv-remat-block not 0",
        "needs MIR after PHI elimination; recomputes cheap values live into blocks where pressure"
            + " exceeds the budget",
        machineBody(c -> new BlockRemat(blockRematOptions(c.options().knobs()))));
    pass(
        "regalloc",
        EnumSet.of(IrForm.MIR),
        IrForm.ALLOCATED_MIR,
        0,
        "",
        false,
        null,
        "",
        "needs MIR after PHI elimination; spills to .local under the function's register budget,"
            + " assigns, renames registers to their assignment",
        machineBody(
            c ->
                new RegisterAllocation(
                    allocator(c), c.verifying() || c.options().knobs().flag("verify-regalloc"))));
    machine(
        "machinelicm",
        OUT_OF_SSA,
        1,
        "disable-postra-machine-licm",
        false,
        "needs MIR out of SSA; hoists invariant instructions whose registers no one else defines",
        c -> new PostRaMachineLicm());
    machine(
        "machine-cp",
        OUT_OF_SSA,
        1,
        "disable-copyprop",
        false,
        "needs MIR out of SSA; forwards copies within blocks and deletes the dead ones",
        c -> new MachineCopyPropagation(true));
    machine(
        "stack-slot-coloring",
        OUT_OF_SSA,
        1,
        "disable-ssc",
        false,
        "needs MIR out of SSA; lets spill slots whose live ranges do not overlap share space",
        c -> new StackSlotColoring());
    machine(
        "branch-folder",
        ANY_MIR,
        1,
        "disable-branch-fold",
        false,
        "any MIR; removes jumps to the next block and empty blocks, merges identical tails",
        c -> new BranchFolding());
    machine(
        "block-placement",
        ANY_MIR,
        1,
        "disable-block-placement",
        false,
        "any MIR; orders blocks so that hot paths fall through",
        c -> new MachineBlockPlacement());
    machine(
        "prologepilog",
        OUT_OF_SSA,
        0,
        "",
        false,
        "needs MIR out of SSA; lays the .local frame out into one aligned depot",
        c -> new FrameLayout());
  }

  private static void registerGroups() {
    group("bytecode", List.of(), "", "the class file as read, before the front end");
    group("ssa", List.of(), "", "the front end's SSA IR");
    group(
        "unroll-cleanup",
        List.of("constfold", "promote-local-arrays", "gvn"),
        "unroll",
        "what unrolling makes constant and repeated: induction variables, local-array indices");
    group(
        "unroll-runtime-cleanup",
        List.of("constfold", "gvn"),
        "unroll-runtime",
        "the copies' induction-variable steps and repeated address arithmetic");
    group(
        "rotate-cleanup",
        List.of("constfold"),
        "loop-rotate",
        "the guard rotation puts before a loop from a constant start compares two constants");
    group(
        "opt",
        List.of(
            "lower-fast-math",
            "lower-checks",
            "readonly-loads",
            "lower-switch",
            "lower-memzero",
            "always-inline",
            "inline",
            "infer-address-spaces",
            "simplifycfg",
            "constfold",
            "narrow-float",
            "form-bit-ops",
            "promote-local-arrays",
            "gvn",
            "licm",
            "unroll",
            "unroll-cleanup",
            "unroll-runtime",
            "unroll-runtime-cleanup",
            "strength-reduce",
            "load-store-vectorizer",
            "separate-const-offset",
            "varying-loads-first",
            "loop-rotate",
            "rotate-cleanup",
            "dce",
            "simplifycfg"),
        "",
        "the IR lowerings every level runs, then the mid-level optimizer");
    group(
        "dag",
        List.of("expand-atomics", "expand-approximations", "dag-builder"),
        "",
        "per target: atomics and approximations the target lacks expanded, then SelectionDAGs"
            + " built");
    group(
        "legalize",
        List.of("legalize-types", "legalize-ops"),
        "",
        "type and operation legalization of the DAGs");
    group("isel", List.of("nvptx-isel"), "", "instruction selection into SSA machine IR");
    group(
        "mir",
        List.of(
            "param-opt",
            "nvptx-trunc-opts",
            "redundant-move-elim",
            "machine-cse",
            "early-machinelicm",
            "machine-sink",
            "peephole-opt",
            "nvptx-peephole",
            "dead-mi-elimination",
            "machine-scheduler",
            "extra-machineinstr-printer"),
        "",
        "the machine passes on SSA machine IR");
    group(
        "pipeliner",
        List.of("machine-pipeliner"),
        "",
        "software pipelining of single-block loops by Swing Modulo Scheduling");
    group(
        "ra",
        List.of(
            "phi-node-elimination",
            "register-coalescer",
            "nvptx-mem2reg",
            "machine-cp-before-ra",
            "nvptx-remat-block",
            "regalloc",
            "machinelicm",
            "machine-cp",
            "stack-slot-coloring",
            "branch-folder",
            "block-placement",
            "prologepilog"),
        "",
        "out of SSA, register allocation, and the passes on allocated code");
    group("outliner", List.of("machine-outliner"), "", "the machine outliner");
    group("ptx", List.of("emit"), "", "the PTX module");
  }

  /** Every pass, in registration order. */
  public static Collection<PassInfo> passes() {
    return PASSES.values();
  }

  /** Every group, in registration order. */
  public static Collection<PassGroup> groups() {
    return GROUPS.values();
  }

  /** The pass of that name, or null. */
  public static PassInfo pass(String name) {
    return PASSES.get(name);
  }

  /** The group of that name, or null. */
  public static PassGroup group(String name) {
    return GROUPS.get(name);
  }

  /** True if {@code name} names a pass or a group. */
  public static boolean contains(String name) {
    return PASSES.containsKey(name) || GROUPS.containsKey(name);
  }

  /** Every name of the namespace, sorted. */
  public static Set<String> names() {
    Set<String> all = new TreeSet<>(PASSES.keySet());
    all.addAll(GROUPS.keySet());
    return all;
  }

  /** Checks that {@code name} is a pass or group; the message lists the stages. */
  public static String checkName(String name) {
    if (!contains(name)) {
      throw new IllegalArgumentException(
          "unknown pass or stage '"
              + name
              + "'; stages: "
              + String.join(" ", stageNames())
              + " (jptx passes lists the passes)");
    }
    return name;
  }

  /** The stage names of API.md §4, in pipeline order. */
  public static List<String> stageNames() {
    return java.util.Arrays.stream(Stage.values()).map(Stage::cliName).toList();
  }

  private static void pass(
      String name,
      Set<IrForm> needs,
      IrForm leaves,
      int level,
      String knob,
      boolean knobEnables,
      Predicate<CompilerOptions> also,
      String alsoText,
      String contract,
      PassBody body) {
    if (!knob.isEmpty() && Knobs.all().stream().noneMatch(k -> k.name().equals(knob))) {
      throw new IllegalStateException("pass " + name + ": no knob " + knob);
    }
    add(
        PASSES,
        name,
        new PassInfo(
            name, needs, leaves, level, knob, knobEnables, also, alsoText, contract, body));
  }

  /** A machine pass that keeps the code's form. */
  private static void machine(
      String name,
      Set<IrForm> needs,
      int level,
      String knob,
      boolean knobEnables,
      String contract,
      java.util.function.Function<PassContext, MachinePass> make) {
    pass(name, needs, null, level, knob, knobEnables, null, "", contract, machineBody(make));
  }

  private static void group(String name, List<String> members, String gate, String description) {
    add(GROUPS, name, new PassGroup(name, members, gate, description));
  }

  private static <T> void add(Map<String, T> table, String name, T row) {
    if (PASSES.containsKey(name) || GROUPS.containsKey(name)) {
      throw new IllegalStateException("pass or group " + name + " registered twice");
    }
    table.put(name, row);
  }

  private static RegisterAllocator allocator(PassContext c) {
    if (c.allocator() != null) {
      return c.allocator();
    }
    var k = c.options().knobs();
    return new PressureDrivenAllocator(
        !k.flag("disable-register-assignment"),
        k.flag("remat-load-param") && !k.flag("nv-disable-remat"));
  }

  /** The module's functions by Java name, for the library calls of operation legalization. */
  private static Map<String, String> librarySymbols(Module m) {
    Map<String, String> symbols = new HashMap<>();
    for (Function f : m.functions()) {
      symbols.put(f.attributes().javaName(), f.name());
    }
    return symbols;
  }

  /** Block rematerialization's options from the knobs of the same names. */
  static BlockRemat.Options blockRematOptions(Knobs k) {
    Set<String> skip = new TreeSet<>();
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
}
