package dev.jptx.compiler.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.IrPrinter;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.target.SmTargets;
import org.junit.jupiter.api.Test;

/**
 * Which atomics {@link AtomicExpansion} rewrites, per target and state space: {@code f64} add below
 * sm_60, float min/max everywhere, {@code f32} add outside shared memory unless fast math, float
 * exchanges and compare-and-swaps onto integer bits.
 */
class AtomicExpansionTest {
  /** {@code op} on a {@code type} element in {@code space}, expanded for {@code target}. */
  private static String expand(String op, String type, String space, String target, boolean fast) {
    String text =
        "kernel @k(ptr."
            + space
            + " %0, "
            + type
            + " %1)"
            + (fast ? " fastmath" : "")
            + " {\nb0:\n  %2 = atomic "
            + op
            + " "
            + type
            + " %0, %1\n  ret\n}\n";
    Module m = IrParser.parseModule("test", text);
    Function f = m.functions().get(0);
    AtomicExpansion.run(f, SmTargets.get(target));
    IrVerifier.check(m);
    return IrPrinter.print(m);
  }

  private static boolean isCasLoop(String ir) {
    return ir.contains("atomic cas") && ir.contains("phi");
  }

  @Test
  void f64Add_isACasLoopBelowSm60Only() {
    assertTrue(isCasLoop(expand("add", "f64", "global", "sm_52", false)));
    assertEquals(1, count(expand("add", "f64", "global", "sm_60", false), "atomic add f64"));
  }

  @Test
  void floatMinMax_isACasLoopWithJavaSemantics() {
    String ir = expand("fmin", "f32", "shared", "sm_90", false);
    assertTrue(isCasLoop(ir), ir);
    // Java's Math.min: a NaN test and the -0.0/+0.0 order, not PTX's min alone
    assertTrue(ir.contains("fcmp"), ir);
    assertTrue(isCasLoop(expand("fmax", "f64", "generic", "sm_52", false)));
  }

  @Test
  void f32Add_keepsSubnormalsOutsideSharedMemory() {
    assertTrue(isCasLoop(expand("add", "f32", "global", "sm_90", false)));
    assertTrue(isCasLoop(expand("add", "f32", "generic", "sm_90", false)));
    assertFalse(isCasLoop(expand("add", "f32", "shared", "sm_90", false)));
    assertFalse(isCasLoop(expand("add", "f32", "global", "sm_90", true)));
  }

  @Test
  void floatExchange_worksOnIntegerBits() {
    String ir = expand("exch", "f64", "global", "sm_52", false);
    assertTrue(ir.contains("atomic exch i64"), ir);
    assertFalse(isCasLoop(ir), ir);
  }

  @Test
  void integerAtomics_stayAsTheyAre() {
    String ir = expand("umax", "i64", "shared", "sm_52", false);
    assertTrue(ir.contains("atomic umax i64"), ir);
    assertFalse(ir.contains("phi"), ir);
  }

  private static int count(String text, String what) {
    return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }
}
