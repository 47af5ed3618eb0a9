package dev.jptx.compiler.driver;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.emit.PtxOptions;
import dev.jptx.compiler.emit.PtxPrinter;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineModule;
import dev.jptx.compiler.opt.FunctionPass;
import dev.jptx.compiler.opt.LoopRuntimeUnroll;
import dev.jptx.compiler.outliner.MachineOutliner;
import dev.jptx.compiler.pipeliner.MachinePipeliner;
import dev.jptx.compiler.target.SmTarget;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The shapes of a pass body in {@link PassRegistry}: over the module, over each function (with the
 * target, in the per-target stages), over each machine function; each function's run reported under
 * its Java name.
 */
final class PassBodies {
  private PassBodies() {}

  static PassBody irModule(java.util.function.BiConsumer<Module, PassContext> body) {
    return (code, name, c) ->
        PassRunner.run(code.unit(), name, () -> body.accept(code.module(), c));
  }

  static PassBody irFunctions(java.util.function.Function<PassContext, FunctionPass> make) {
    return (code, name, c) -> {
      FunctionPass p = make.apply(c);
      for (Function f : code.module().functions()) {
        PassRunner.run(javaName(f), name, () -> p.run(f));
      }
    };
  }

  /** A function pass of the per-target stages, which needs the target. */
  static PassBody irForTarget(java.util.function.BiConsumer<Function, SmTarget> body) {
    return (code, name, c) -> {
      for (Function f : code.module().functions()) {
        PassRunner.run(javaName(f), name, () -> body.accept(f, code.target()));
      }
    };
  }

  static PassBody machineBody(java.util.function.Function<PassContext, MachinePass> make) {
    return (code, name, c) -> {
      MachinePass p = make.apply(c);
      for (MachineFunction mf : code.machine()) {
        PassRunner.run(mf.info().javaName(), name, () -> p.run(mf));
      }
    };
  }

  /** Runtime and partial unrolling, with its three knobs. */
  static PassBody runtimeUnroll() {
    return irFunctions(
        c ->
            new LoopRuntimeUnroll(
                c.options().knobs().integer("unroll-runtime-count"),
                c.options().knobs().integer("unroll-partial-count"),
                c.options().knobs().integer("unroll-runtime-threshold")));
  }

  /** The pipeliner, its schedules noted on the code for the dump. */
  static PassBody pipeliner() {
    return (code, name, c) -> {
      MachinePipeliner p =
          new MachinePipeliner(
              PipelinerKnobs.options(c.options().knobs()), c.remarks(), code::note);
      for (MachineFunction mf : code.machine()) {
        PassRunner.run(mf.info().javaName(), name, () -> p.run(mf));
      }
    };
  }

  static PassBody emit() {
    return (code, name, c) ->
        code.setPtx(
            PassRunner.run(
                code.unit(),
                name,
                () ->
                    PtxPrinter.print(
                        new MachineModule(
                            code.module() == null ? List.of() : GlobalLowering.of(code.module()),
                            code.machine()),
                        new PtxOptions(
                            code.target(), c.options().lineInfo(), Version.producer()))));
  }

  /**
   * The machine outliner over the whole module: the functions of {@code nooutline}
   * ({@code @NoOutline}) are named by the IR module's attributes.
   */
  static PassBody outliner() {
    return (code, name, c) -> {
      Set<String> noOutline = new HashSet<>();
      if (code.module() != null) {
        for (Function f : code.module().functions()) {
          if (f.attributes().noOutline()) {
            noOutline.add(f.name());
          }
        }
      }
      MachineOutliner outliner =
          new MachineOutliner(OutlinerKnobs.options(c.options().knobs()), c.remarks());
      code.setMachine(
          PassRunner.run(code.unit(), name, () -> outliner.run(code.machine(), noOutline)));
    };
  }

  /** A function pass from a lambda, for the lowerings that are static methods. */
  static FunctionPass fn(String name, java.util.function.Predicate<Function> body) {
    return new FunctionPass() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public boolean run(Function f) {
        return body.test(f);
      }
    };
  }

  static String javaName(Function f) {
    return f.attributes().javaName();
  }
}
