package dev.jptx.compiler.testing;

import dev.jptx.compiler.codegen.MachineDeadCodeElimination;
import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.codegen.PhiElimination;
import dev.jptx.compiler.codegen.RegisterCoalescer;
import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.DagParser;
import dev.jptx.compiler.dag.DagPrinter;
import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.frontend.FrontEnd;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.IrPrinter;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.legalize.OperationLegalizer;
import dev.jptx.compiler.legalize.TypeLegalizer;
import dev.jptx.compiler.lowering.AtomicExpansion;
import dev.jptx.compiler.lowering.ChecksLowering;
import dev.jptx.compiler.lowering.MemZeroLowering;
import dev.jptx.compiler.lowering.SwitchLowering;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.mir.MirVerifier;
import dev.jptx.compiler.opt.ConstantFolding;
import dev.jptx.compiler.opt.DeadCodeElimination;
import dev.jptx.compiler.opt.FunctionPass;
import dev.jptx.compiler.opt.GlobalValueNumbering;
import dev.jptx.compiler.opt.Inliner;
import dev.jptx.compiler.opt.LoopInvariantCodeMotion;
import dev.jptx.compiler.opt.LoopUnroll;
import dev.jptx.compiler.opt.SimplifyCfg;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The commands of file tests, one per stage boundary:
 *
 * <ul>
 *   <li>{@code ir-roundtrip}: parse the IR and print it again;
 *   <li>{@code ssa CLASS#method}: the front end's IR of a test kernel;
 *   <li>{@code errors CLASS}: the diagnostics of a class with bad kernels;
 *   <li>{@code opt PASS...}: IR through mid-level passes and IR lowerings ({@code simplifycfg
 *       constfold gvn licm unroll[:N] strength-reduce load-store-vectorizer dce
 *       promote-local-arrays inline[:N] lower-switch lower-memzero lower-checks
 *       expand-atomics:sm_XX});
 *   <li>{@code stage STAGE [sm_XX] [-ON] [fast-math] [knob:NAME=VALUE] [NAME[=VALUE]] [stop]}: IR
 *       through the pipeline, printed after a stage; a registered knob's name may stand alone
 *       ({@code enable-legalize-types-checking}); with {@code stop} the pipeline ends there (for
 *       DAGs whose legal nodes instruction selection does not cover yet);
 *   <li>{@code dag-roundtrip}: parse DAG text and print it again;
 *   <li>{@code dag-legalize-types sm_XX}: DAG text through type legalization for the target (which
 *       replaces the headers' target), printed;
 *   <li>{@code dag-legalize sm_XX}: the same, then operation legalization;
 *   <li>{@code mir PASS}: MIR through one machine pass ({@code --run-pass} style);
 *   <li>{@code ptx [options as for stage]}: IR to PTX, assembled by {@code ptxas} for sm_75 and
 *       sm_90; the sm_75 module is the output;
 *   <li>{@code ptx-class CLASS [options]}: a test class from bytecode to PTX, the same way.
 * </ul>
 */
final class FileTestCommands {
  private FileTestCommands() {}

  static String run(FileTest t) {
    List<String> a = t.args();
    return switch (t.command().get(0)) {
      case "ir-roundtrip" -> IrPrinter.print(verified(IrParser.parseModule("test", t.input())));
      case "ssa" -> ssa(a.get(0));
      case "errors" -> errors(a.get(0));
      case "opt" -> opt(t.input(), a);
      case "stage" -> stage(t.input(), Stage.parse(a.get(0)), a.subList(1, a.size())).get(0);
      case "dag-roundtrip" -> printDags(DagParser.parse(t.input()));
      case "dag-legalize-types" -> dagLegalize(t.input(), a, false);
      case "dag-legalize" -> dagLegalize(t.input(), a, true);
      case "mir" -> mir(t.input(), a);
      case "ptx" -> ptx(t.input(), a);
      case "ptx-class" -> ptxClass(a.get(0), a.subList(1, a.size()));
      default -> throw new IllegalArgumentException("unknown file-test command " + t.command());
    };
  }

  private static Module verified(Module m) {
    IrVerifier.check(m);
    return m;
  }

  private static String ssa(String kernel) {
    int hash = kernel.indexOf('#');
    Diagnostics d = new Diagnostics();
    FrontEnd.Translation tr =
        FrontEnd.translate(TestClasses.node(kernel.substring(0, hash)), TestClasses.classPath(), d);
    if (!tr.succeeded()) {
      return String.join("\n", d.all().stream().map(Diagnostic::format).toList()) + "\n";
    }
    IrVerifier.check(tr.module());
    String method = kernel.substring(hash + 1);
    for (Function f : tr.module().functions()) {
      if (f.attributes().javaName().endsWith("." + method)) {
        return IrPrinter.print(f);
      }
    }
    throw new IllegalArgumentException("no kernel " + kernel);
  }

  private static String errors(String className) {
    Diagnostics d = new Diagnostics();
    FrontEnd.translate(TestClasses.node(className), TestClasses.classPath(), d);
    StringBuilder sb = new StringBuilder();
    d.all().forEach(x -> sb.append(x.format()).append('\n'));
    return sb.toString();
  }

  private static final Map<String, FunctionPass> OPT_PASSES =
      Map.ofEntries(
          Map.entry("constfold", new ConstantFolding()),
          Map.entry("dce", new DeadCodeElimination()),
          Map.entry("infer-address-spaces", new dev.jptx.compiler.opt.InferAddressSpaces()),
          Map.entry("simplifycfg", new SimplifyCfg()),
          Map.entry("gvn", new GlobalValueNumbering()),
          Map.entry("licm", new LoopInvariantCodeMotion()),
          Map.entry("promote-local-arrays", new dev.jptx.compiler.opt.PromoteLocalArrays()),
          Map.entry("strength-reduce", new dev.jptx.compiler.opt.StrengthReduction()),
          Map.entry("load-store-vectorizer", new dev.jptx.compiler.opt.LoadStoreVectorizer()),
          Map.entry("loop-rotate", new dev.jptx.compiler.opt.LoopRotation()),
          Map.entry("narrow-float", new dev.jptx.compiler.opt.FloatNarrowing()),
          Map.entry("separate-const-offset", new dev.jptx.compiler.opt.SeparateConstantOffsets()),
          Map.entry("varying-loads-first", new dev.jptx.compiler.opt.VaryingLoadsFirst()),
          Map.entry("form-bit-ops", new dev.jptx.compiler.opt.BitOperationFormation()));

  /**
   * IR passes by name, as the {@code opt} command runs them on a whole module; {@code NAME:ARG}
   * passes an argument ({@code expand-atomics:sm_52}, {@code inline:250}).
   */
  private static void runIrPass(Module m, String spec) {
    String name = spec.contains(":") ? spec.substring(0, spec.indexOf(':')) : spec;
    String arg = spec.contains(":") ? spec.substring(spec.indexOf(':') + 1) : "";
    switch (name) {
      case "lower-switch" -> m.functions().forEach(SwitchLowering::run);
      case "lower-memzero" -> m.functions().forEach(MemZeroLowering::run);
      case "lower-checks" -> ChecksLowering.run(m);
      case "inline" -> Inliner.run(m, arg.isEmpty() ? 250 : Integer.parseInt(arg));
      case "unroll" -> {
        LoopUnroll u =
            new LoopUnroll(arg.isEmpty() ? LoopUnroll.DEFAULT_THRESHOLD : Integer.parseInt(arg));
        m.functions().forEach(u::run);
      }
      case "expand-atomics" ->
          m.functions().forEach(f -> AtomicExpansion.run(f, SmTargets.get(arg)));
      default -> {
        FunctionPass p = OPT_PASSES.get(name);
        if (p == null) {
          throw new IllegalArgumentException("unknown pass " + name);
        }
        m.functions().forEach(p::run);
      }
    }
  }

  private static final Map<String, MachinePass> MACHINE_PASSES =
      Map.ofEntries(
          Map.entry("phi-node-elimination", new PhiElimination()),
          Map.entry("register-coalescer", new RegisterCoalescer()),
          Map.entry("dead-mi-elimination", new MachineDeadCodeElimination()),
          Map.entry(
              "machine-cse",
              new dev.jptx.compiler.codegen.MachineCse(
                  new dev.jptx.compiler.codegen.MachineCse.Options(true, true, true, true, true))),
          Map.entry("early-machinelicm", new dev.jptx.compiler.codegen.MachineLicm()),
          Map.entry("machine-scheduler", new dev.jptx.compiler.codegen.RegisterPressureScheduler()),
          Map.entry(
              "regalloc",
              new dev.jptx.compiler.regalloc.RegisterAllocation(
                  new dev.jptx.compiler.regalloc.PressureDrivenAllocator(true, true), true)),
          Map.entry("stack-slot-coloring", new dev.jptx.compiler.regalloc.StackSlotColoring()),
          Map.entry("prologepilog", new dev.jptx.compiler.regalloc.FrameLayout()),
          Map.entry("branch-folder", new dev.jptx.compiler.codegen.BranchFolding()),
          Map.entry("block-placement", new dev.jptx.compiler.codegen.MachineBlockPlacement()),
          Map.entry("machine-sink", new dev.jptx.compiler.codegen.MachineSink()),
          Map.entry("machine-cp", new dev.jptx.compiler.codegen.MachineCopyPropagation(true)),
          Map.entry(
              "machine-cp-before-ra", new dev.jptx.compiler.codegen.MachineCopyPropagation(false)),
          Map.entry("machinelicm", new dev.jptx.compiler.codegen.PostRaMachineLicm()),
          Map.entry("param-opt", new dev.jptx.compiler.codegen.ParamOpt()),
          Map.entry("nvptx-trunc-opts", new dev.jptx.compiler.codegen.TruncOpts()),
          Map.entry("redundant-move-elim", new dev.jptx.compiler.codegen.RedundantMoveElim()),
          Map.entry("peephole-opt", new dev.jptx.compiler.codegen.PeepholeOptimizer()),
          Map.entry("nvptx-peephole", new dev.jptx.compiler.codegen.NvptxPeephole()),
          Map.entry("nvptx-mem2reg", new dev.jptx.compiler.codegen.MachineMem2Reg()),
          Map.entry(
              "nvptx-remat-block",
              new dev.jptx.compiler.regalloc.BlockRemat(
                  dev.jptx.compiler.regalloc.BlockRemat.Options.defaults())));

  private static String opt(String input, List<String> passes) {
    Module m = verified(IrParser.parseModule("test", input));
    for (String name : passes) {
      runIrPass(m, name);
      IrVerifier.check(m);
    }
    return IrPrinter.print(m);
  }

  /** The dump of {@code stage} per target, in target order. */
  static List<String> stage(String input, Stage stage, List<String> args) {
    boolean stop = args.contains("stop");
    List<String> rest = args.stream().filter(x -> !x.equals("stop")).toList();
    CompilerOptions o = options(rest).withPrintAfter(EnumSet.of(stage));
    Module m = verified(IrParser.parseModule("test", input));
    Map<String, String> dumps = new LinkedHashMap<>();
    try {
      new Pipeline(
              o,
              (s, unit, text) -> {
                dumps.put(unit, text);
                if (stop) {
                  throw new StageReached();
                }
              })
          .compileModule("test", m);
    } catch (StageReached e) {
      // the first target's dump is all a stopped test prints
    }
    return new ArrayList<>(dumps.values());
  }

  /** Ends a {@code stop} test's pipeline after its stage. */
  private static final class StageReached extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  private static String ptx(String input, List<String> args) {
    // the verifiers (IR, MIR, the allocation checker) after every pass, as the differential tests
    CompilerOptions o = options(withDefaultTargets(args)).withVerifyEachPass(true);
    Module m = verified(IrParser.parseModule("test", input));
    Map<SmTarget, String> modules = new Pipeline(o, (s, u, x) -> {}).compileModule("test", m);
    modules.forEach((target, text) -> Tools.assertAssembles(text, target, o.fastMath()));
    return modules.values().iterator().next();
  }

  private static String ptxClass(String className, List<String> args) {
    Diagnostics d = new Diagnostics();
    CompilerOptions o =
        options(withDefaultTargets(args)).withLineInfo(true).withVerifyEachPass(true);
    var r =
        new Pipeline(o, (s, u, x) -> {})
            .compile(TestClasses.node(className), TestClasses.classPath(), d);
    if (!d.all().isEmpty()) {
      throw new AssertionError("unexpected errors: " + d.all());
    }
    r.modules().forEach((target, text) -> Tools.assertAssembles(text, target, o.fastMath()));
    return r.modules().values().iterator().next();
  }

  private static List<String> withDefaultTargets(List<String> args) {
    List<String> out = new ArrayList<>(args);
    if (args.stream().noneMatch(x -> x.startsWith("sm_"))) {
      out.add("sm_75");
      out.add("sm_90");
    }
    return out;
  }

  /** DAG text for the one target of {@code args} through the legalizers. */
  private static String dagLegalize(String input, List<String> args, boolean operations) {
    if (args.size() != 1) {
      throw new IllegalArgumentException("a DAG legalization test names one target: " + args);
    }
    List<DagFunction> fs = DagParser.parse(input, SmTargets.get(args.get(0)));
    for (DagFunction f : fs) {
      TypeLegalizer.run(f, true);
      if (operations) {
        OperationLegalizer.run(f);
      }
    }
    return printDags(fs);
  }

  private static String printDags(List<DagFunction> fs) {
    StringBuilder sb = new StringBuilder();
    fs.forEach(f -> sb.append(DagPrinter.print(f)));
    return sb.toString();
  }

  private static String mir(String input, List<String> passes) {
    List<MachineFunction> fs = MirParser.parse(input);
    for (MachineFunction f : fs) {
      MirVerifier.check(f, "parse");
    }
    for (String pass : passes) {
      MachinePass p = MACHINE_PASSES.get(pass);
      if (p == null) {
        throw new IllegalArgumentException("unknown machine pass " + pass);
      }
      for (MachineFunction f : fs) {
        p.run(f);
        MirVerifier.check(f, pass);
      }
    }
    return MirPrinter.print(fs);
  }

  /** A registered knob's name, alone or as {@code name=value}. */
  private static boolean isKnob(String word) {
    String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
    return Knobs.all().stream().anyMatch(k -> k.name().equals(name));
  }

  /**
   * Options from test arguments; verification after every pass and type legalization's expensive
   * checks ({@code enable-legalize-types-checking}, whose map notes the legalize dumps show) are
   * always on.
   */
  static CompilerOptions options(List<String> args) {
    List<SmTarget> targets = new ArrayList<>();
    int opt = 3;
    boolean fast = false;
    List<String> knobs = new ArrayList<>(List.of("enable-legalize-types-checking"));
    for (String x : args) {
      if (x.startsWith("sm_")) {
        targets.add(SmTargets.get(x));
      } else if (x.startsWith("-O")) {
        opt = Integer.parseInt(x.substring(2));
      } else if (x.equals("fast-math")) {
        fast = true;
      } else if (x.startsWith("knob:")) {
        knobs.add(x.substring(5));
      } else if (isKnob(x)) {
        if (!knobs.contains(x)) {
          knobs.add(x);
        }
      } else {
        throw new IllegalArgumentException("unknown file-test option " + x);
      }
    }
    if (targets.isEmpty()) {
      targets.add(SmTargets.get("sm_90"));
    }
    return new CompilerOptions(
        targets, opt, fast, false, 0, Knobs.parse(knobs), Set.of(), true, false);
  }
}
