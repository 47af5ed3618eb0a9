package dev.jptx.compiler.testing;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.sim.SimDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a kernel written as IR text on the simulator, for what the front end never produces ({@code
 * i128}, comparisons of {@code i1}): compiled with {@code options} plus the type legalizer's
 * checks, assembled by {@code ptxas} (or JCuda's compiler below sm_75), launched with {@code args}
 * (arrays copied back). The caller compares with a Java reference.
 */
public final class IrOnSimulator {
  private IrOnSimulator() {}

  /** Compiles {@code ir}, runs entry {@code entry} over {@code launch}; returns the PTX. */
  public static String run(
      String ir, String entry, CompilerOptions options, Launch launch, Object... args) {
    List<String> knobs = new ArrayList<>(List.of("enable-legalize-types-checking"));
    CompilerOptions o = options.withKnobs(Knobs.parse(knobs));
    Map<SmTarget, String> modules =
        new Pipeline(o, (s, u, t) -> {}).compileModule(entry, IrParser.parseModule("t", ir));
    SmTarget target = modules.keySet().iterator().next();
    String ptx = modules.get(target);
    Tools.assertAssembles(ptx, target);
    try (SimDevice sim = SimDevice.create();
        PtxModule m = sim.loadPtx(ptx)) {
      m.launch(entry, launch, args);
    }
    return ptx;
  }
}
