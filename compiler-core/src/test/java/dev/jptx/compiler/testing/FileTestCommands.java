package dev.jptx.compiler.testing;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.DagParser;
import dev.jptx.compiler.dag.DagPrinter;
import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.Code;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.PassRegistry;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.PrintPoints;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.frontend.FrontEnd;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.IrPrinter;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirVerifier;
import dev.jptx.compiler.pipeliner.ExpandCommand;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The commands of file tests, one per stage boundary:
 *
 * <ul>
 *   <li>{@code ir-roundtrip}: parse the IR and print it again;
 *   <li>{@code ssa CLASS#method}: the front end's IR of a test kernel;
 *   <li>{@code errors CLASS}: the diagnostics of a class with bad kernels;
 *   <li>{@code opt PASS... [options as for stage]}: IR through passes of the registry ({@link
 *       PassRegistry}), whatever their conditions, as {@code jptx run-pass};
 *   <li>{@code stage STAGE [sm_XX] [-ON] [fast-math] [line-info] [knob:NAME=VALUE] [NAME[=VALUE]]
 *       [stop]}: IR through the pipeline, printed after a stage; a registered knob's name may stand
 *       alone ({@code enable-legalize-types-checking}); with {@code stop} the pipeline ends there
 *       (for DAGs whose legal nodes instruction selection does not cover yet);
 *   <li>{@code dag-roundtrip}: parse DAG text and print it again;
 *   <li>{@code dag-legalize-types sm_XX}: DAG text through type legalization for the target (which
 *       replaces the headers' target), printed;
 *   <li>{@code dag-legalize sm_XX}: the same, then operation legalization;
 *   <li>{@code mir PASS... [options as for stage]}: MIR through passes of the registry, the same
 *       way; ending in {@code emit}, the PTX, which {@code ptxas} must accept;
 *   <li>{@code modulo-expand mve II C0,C1,...}: MIR whose first single-block loop a pipeliner code
 *       generator rewrites under a fixed schedule ({@link ExpandCommand});
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
      case "modulo-expand" -> ExpandCommand.run(t.input(), a);
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

  /**
   * Code through the registry's passes named in {@code args}, whatever their conditions, with the
   * options the other words of {@code args} give ({@code sm_52}, {@code -O1}, {@code
   * knob:NAME=VALUE}); the verifiers run after every pass.
   */
  private static String runPasses(
      BiFunction<String, SmTarget, Code> parse, String input, List<String> args) {
    List<String> passes = args.stream().filter(PassRegistry::contains).toList();
    List<String> rest = args.stream().filter(x -> !PassRegistry.contains(x)).toList();
    CompilerOptions o = options(rest);
    Code c = parse.apply(input, o.targets().get(0));
    new Pipeline(o, DumpSink.NONE).runPasses(c, passes);
    if (c.ptx() != null) {
      // passes that end in emit: ptxas must accept what they print
      Tools.assertAssembles(c.ptx(), o.targets().get(0), o.fastMath());
    }
    return c.print();
  }

  private static String opt(String input, List<String> args) {
    return runPasses(
        (text, t) -> Code.ofIr("test", verified(IrParser.parseModule("test", text)), t),
        input,
        args);
  }

  private static String mir(String input, List<String> args) {
    return runPasses(
        (text, t) -> {
          List<MachineFunction> fs = MirParser.parse(text);
          fs.forEach(f -> MirVerifier.check(f, "parse"));
          return Code.ofMachine("test", fs, t);
        },
        input,
        args);
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
    List<String> words = new ArrayList<>(args);
    words.add("legalize-types");
    if (operations) {
      words.add("legalize-ops");
    }
    return runPasses((text, t) -> Code.ofDags("test", DagParser.parse(text, t), t), input, words);
  }

  private static String printDags(List<DagFunction> fs) {
    StringBuilder sb = new StringBuilder();
    fs.forEach(f -> sb.append(DagPrinter.print(f)));
    return sb.toString();
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
    boolean lines = false;
    List<String> knobs = new ArrayList<>(List.of("enable-legalize-types-checking"));
    for (String x : args) {
      if (x.startsWith("sm_")) {
        targets.add(SmTargets.get(x));
      } else if (x.startsWith("-O")) {
        opt = Integer.parseInt(x.substring(2));
      } else if (x.equals("fast-math")) {
        fast = true;
      } else if (x.equals("line-info")) {
        lines = true;
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
        targets, opt, fast, lines, 0, Knobs.parse(knobs), PrintPoints.NONE, true, false);
  }
}
