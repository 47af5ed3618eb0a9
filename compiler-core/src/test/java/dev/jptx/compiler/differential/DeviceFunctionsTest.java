package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testkernels.Lang;
import org.junit.jupiter.api.Test;

/** What stays a {@code .func} and what is inlined, at each optimization level. */
class DeviceFunctionsTest {
  private static String ptx(int optLevel) {
    return new Pipeline(CompilerOptions.defaults().withOptLevel(optLevel), DumpSink.NONE)
        .compile(TestClasses.node(Lang.class.getName()), TestClasses.classPath(), new Diagnostics())
        .modules()
        .values()
        .iterator()
        .next();
  }

  @Test
  void o0_callsEveryDeviceFunction() {
    String ptx = ptx(0);
    for (String f : new String[] {"MathHelpers_prime", "Lang_twice"}) {
      assertTrue(ptx.contains("call (retval0), " + f + ", "), f);
    }
    // recursive functions are called through their address (CallSequence: a ptxas 13.0 crash)
    assertTrue(ptx.contains("mov.u64 %rdcallee, MathHelpers_gcd;"), ptx);
    assertFalse(ptx.contains("call (retval0), MathHelpers_gcd, "), ptx);
  }

  @Test
  void o3_inlinesSmallFunctionsButKeepsNoInlineAndRecursion() {
    String ptx = ptx(3);
    assertFalse(ptx.contains("MathHelpers_prime"), "a small helper is inlined and removed");
    assertTrue(ptx.contains(".func (.param .b32 func_retval0) Lang_twice("), "@NoInline stays");
    assertTrue(ptx.contains("call (retval0), Lang_twice, "));
    assertTrue(ptx.contains("mov.u64 %rdcallee, MathHelpers_gcd;"), "recursion stays a call");
    assertTrue(ptx.contains("mov.u64 %rdcallee, MathHelpers_fib;"));
    assertTrue(ptx.contains("call (retval0), %rdcallee, (param0, param1), prototype_"), ptx);
  }
}
