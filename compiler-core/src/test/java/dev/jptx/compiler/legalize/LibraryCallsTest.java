package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testkernels.Lang;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code LibCall} rows: Java's float {@code %} stays an IR {@code frem} through the optimizer
 * (which may fold it), its library function stays in the module, and operation legalization
 * replaces it by a call of that function. ({@code KernelsOnSimulatorTest} runs the kernel.)
 */
class LibraryCallsTest {
  private static String dump(Stage stage) {
    CompilerOptions o = Configurations.options("-O3 sm_90").withPrintAfter(EnumSet.of(stage));
    List<String> out = new ArrayList<>();
    new Pipeline(o, (s, u, t) -> out.add(t))
        .compile(
            TestClasses.node(Lang.class.getName()), TestClasses.classPath(), new Diagnostics());
    String all = String.join("", out);
    int at = all.indexOf("@remainders");
    return all.substring(at, all.indexOf("\n}", at));
  }

  @Test
  void floatRemainder_isAnIrOperationUntilLegalizationCallsTheLibrary() {
    String opt = dump(Stage.OPT);
    assertTrue(opt.contains("frem f32") && opt.contains("frem f64"), opt);
    assertFalse(opt.contains("call"), opt);
    String legal = dump(Stage.LEGALIZE);
    assertFalse(legal.contains("= frem"), legal);
    assertTrue(legal.contains("call<@") && legal.contains("Remainder"), legal);
  }
}
