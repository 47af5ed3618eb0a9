package dev.jptx.compiler.cli;

import dev.jptx.compiler.driver.IrForm;
import dev.jptx.compiler.driver.PassGroup;
import dev.jptx.compiler.driver.PassInfo;
import dev.jptx.compiler.driver.PassRegistry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code jptx passes}: the pass registry, for {@code --print-after} and {@code run-pass}. */
@Command(
    name = "passes",
    mixinStandardHelpOptions = true,
    description = "List the stages and passes: what each needs and leaves, when it runs.")
final class PassesCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.println("Stages and groups:");
    for (PassGroup g : PassRegistry.groups()) {
      out.println("  " + g.name() + ": " + g.description());
      if (!g.members().isEmpty()) {
        out.println(
            "      "
                + String.join(" ", g.members())
                + (g.gate().isEmpty() ? "" : "   (when " + g.gate() + " runs)"));
      }
    }
    out.println();
    out.println("Passes:");
    for (PassInfo p : PassRegistry.passes()) {
      List<String> needs = new ArrayList<>();
      for (IrForm f : IrForm.values()) {
        if (p.needs().contains(f)) {
          needs.add(f.description());
        }
      }
      String leaves = p.leaves() == null ? "the same" : p.leaves().description();
      out.println("  " + p.name() + "   [" + p.condition() + "]");
      out.println("      " + String.join(" | ", needs) + " -> " + leaves);
      out.println("      " + p.contract());
    }
    out.flush();
    return 0;
  }
}
