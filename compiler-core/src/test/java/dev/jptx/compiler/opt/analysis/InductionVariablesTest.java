package dev.jptx.compiler.opt.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.Value;
import org.junit.jupiter.api.Test;

/** Basic and derived induction variables of hand-written loops, and when a sext is exact. */
class InductionVariablesTest {
  private static Function parse(String text) {
    return IrParser.parseModule("t", text).functions().get(0);
  }

  private static InductionVariables of(Function f) {
    Cfg cfg = Cfg.of(f);
    DominatorTree dom = DominatorTree.of(f, cfg);
    LoopInfo.Loop loop = LoopInfo.of(f, cfg, dom).innermostFirst().get(0);
    return InductionVariables.of(f, loop, cfg, dom);
  }

  private static Value v(int id) {
    return new Value(id);
  }

  /** {@code for (k = s; BOUND; k += 1)} with derived values %5..%13 in the body. */
  private static String loop(String start, String test, String step) {
    return """
        kernel @k(i32 %0, i32 %1, i64 %2) {
        b0:
          jump b1
        b1:
          %3 = phi i32 [b0: START], [b2: %14]
          %4 = icmp TEST
          br %4, b3, b2
        b2:
          %5 = mul i32 %3, %1
          %6 = add i32 %5, 7
          %7 = shl i32 %6, 2
          %8 = sub i32 %0, %3
          %9 = sext i32 %3 to i64
          %10 = mul i64 %9, %2
          %11 = add i32 %3, 1
          %12 = sext i32 %11 to i64
          %13 = sext i32 %7 to i64
          %14 = STEP
          jump b1
        b3:
          ret
        }
        """
        .replace("START", start)
        .replace("TEST", test)
        .replace("STEP", step);
  }

  @Test
  void countingUp_derivesAffineValuesAndExactSexts() {
    Function f = parse(loop("0", "sge i32 %3, %0", "add i32 %3, 1"));
    InductionVariables ivs = of(f);
    assertEquals(1, ivs.basics().size());
    InductionVariables.Basic iv = ivs.basics().get(0);
    assertEquals(v(3), iv.phi());
    assertEquals(1, iv.step());
    // (k*%1 + 7) << 2 = 4*%1*k + 28, modulo 2^32
    InductionVariables.Affine a = ivs.affine(v(7));
    assertEquals(Polynomial.value(32, v(1)).times(4), a.scale());
    assertEquals(Polynomial.constant(32, 28), a.offset());
    assertFalse(a.widened());
    // %0 - k
    assertEquals(Polynomial.constant(32, -1), ivs.affine(v(8)).scale());
    assertEquals(Polynomial.value(32, v(0)), ivs.affine(v(8)).offset());
    // k < %0 <= MAX in the body and k starts at 0: sext(k) and sext(k + 1) are exact
    InductionVariables.Affine wide = ivs.affine(v(10));
    assertTrue(wide.widened());
    assertEquals(Polynomial.value(64, v(2)), wide.scale());
    assertEquals(Polynomial.constant(64, 1), ivs.affine(v(12)).offset());
    assertTrue(ivs.affine(v(12)).widened());
    // 4*%1*k + 28 may overflow: its sext is not derived
    assertNull(ivs.affine(v(13)));
    // the step is an affine value of the variable too
    assertEquals(Polynomial.constant(32, 1), ivs.affine(v(14)).offset());
  }

  @Test
  void unknownStart_excludesOffsetsThatMayWrapBelow() {
    // k + 1 <= MAX needs k <= MAX - 1: it holds; the start only bounds k from below
    InductionVariables ivs = of(parse(loop("%1", "sge i32 %3, %0", "add i32 %3, 1")));
    assertTrue(ivs.affine(v(12)).widened());
    assertTrue(ivs.affine(v(10)).widened());
  }

  @Test
  void lessOrEqualToAnUnknownBound_mayWrap() {
    // the body runs with k == MAX when %0 is MAX, and k + 1 wraps: no exact sext
    InductionVariables ivs = of(parse(loop("0", "sgt i32 %3, %0", "add i32 %3, 1")));
    assertNull(ivs.affine(v(9)));
    assertEquals(Polynomial.constant(32, 1), ivs.affine(v(3)).scale());
  }

  @Test
  void strideTwo_withAnUnknownBound_mayWrap_butAConstantBoundIsExact() {
    assertNull(of(parse(loop("0", "sge i32 %3, %0", "add i32 %3, 2"))).affine(v(9)));
    InductionVariables ivs = of(parse(loop("0", "sge i32 %3, 1000", "add i32 %3, 2")));
    assertTrue(ivs.affine(v(9)).widened());
    // 4*(k*%1 + 7) has a symbolic scale: never widened
    assertNull(ivs.affine(v(13)));
  }

  @Test
  void countingDown_isBoundedByItsTest() {
    InductionVariables ivs = of(parse(loop("%0", "slt i32 %3, 0", "sub i32 %3, 1")));
    assertEquals(-1, ivs.basics().get(0).step());
    assertTrue(ivs.affine(v(9)).widened());
    // k may start at MAX (the start is unknown): k + 1 may wrap
    assertNull(ivs.affine(v(12)));
    // a test that bounds the wrong side gives no range
    assertNull(of(parse(loop("%0", "sge i32 %3, %1", "sub i32 %3, 1"))).affine(v(9)));
  }

  @Test
  void testOnTheRightOperand_isSwapped() {
    // 10 <= k exits: the body has k < 10
    InductionVariables ivs = of(parse(loop("0", "sle i32 10, %3", "add i32 %3, 3")));
    assertTrue(ivs.affine(v(9)).widened());
  }

  @Test
  void phiWithAVaryingStep_isNoInductionVariable() {
    InductionVariables ivs = of(parse(loop("0", "sge i32 %3, %0", "add i32 %3, %1")));
    assertTrue(ivs.basics().isEmpty());
    assertNull(ivs.affine(v(7)));
  }

  @Test
  void polynomials_wrapAtTheirWidth() {
    Polynomial p = Polynomial.constant(32, Integer.MAX_VALUE).plus(Polynomial.constant(32, 1));
    assertEquals(Integer.MIN_VALUE, p.constantTerm());
    Polynomial x = Polynomial.value(32, v(1));
    assertTrue(x.times(1L << 32).isZero());
    assertEquals(x.times(x), x.times(x.plus(Polynomial.constant(32, 0))));
    assertTrue(x.minus(x).isZero());
  }
}
