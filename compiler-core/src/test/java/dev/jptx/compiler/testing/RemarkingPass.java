package dev.jptx.compiler.testing;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.driver.PassContext;
import dev.jptx.compiler.mir.MachineFunction;
import java.util.function.Function;

/**
 * A machine pass that reports one remark per kernel through its pass context, as the pipeliner and
 * the outliner do: the remarks option's tests need a remark before any pass of the pipeline reports
 * one.
 */
public final class RemarkingPass {
  private RemarkingPass() {}

  /**
   * A pass for {@link dev.jptx.compiler.driver.Pipeline#withExtraMachinePassIn} reporting {@code
   * message} of family {@code family} at {@code line} of each kernel's source file.
   */
  public static Function<PassContext, MachinePass> reporting(
      String family, int line, String message) {
    return context ->
        new MachinePass() {
          @Override
          public String name() {
            return "test-remarks-" + family;
          }

          @Override
          public boolean run(MachineFunction f) {
            if (f.info().entry()) {
              context
                  .remarks()
                  .report(
                      new Remark(
                          family,
                          Remark.Kind.PASSED,
                          "schedule",
                          f.info().sourceFile(),
                          line,
                          f.info().javaName(),
                          message));
            }
            return false;
          }
        };
  }
}
