package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class OutputsTest {
  private static List<Object[]> one(Object array) {
    return List.<Object[]>of(new Object[] {null, array});
  }

  @Test
  void compare_sameBitsAreIdenticalEvenForNaNPayloads() {
    float nan = Float.intBitsToFloat(0x7fc00001);
    assertEquals(
        Outputs.IDENTICAL,
        Outputs.compare(one(new float[] {nan, -0f}), one(new float[] {nan, -0f}), true));
  }

  @Test
  void compare_exactFailsOnOneUlpAndNamesTheElement() {
    float x = 1.5f;
    String d = Outputs.compare(one(new float[] {0, x}), one(new float[] {0, Math.nextUp(x)}), true);
    assertTrue(d.startsWith("launch 0, argument 1: 1 of 2 elements differ, the first at 1"), d);
    assertTrue(
        Outputs.compare(one(new float[] {0f}), one(new float[] {-0f}), true).contains("differ"));
  }

  @Test
  void compare_toleranceAcceptsRoundingButNotAWrongValue() {
    float x = 12.888751f;
    assertEquals(
        Outputs.CLOSE,
        Outputs.compare(one(new float[] {x}), one(new float[] {Math.nextDown(x)}), false));
    String d = Outputs.compare(one(new float[] {x}), one(new float[] {x * 1.01f}), false);
    assertTrue(d.contains("beyond the tolerance"), d);
  }

  @Test
  void compare_intArraysMayDifferInOnePercentWithinTolerance() {
    int[] a = new int[200];
    int[] b = a.clone();
    b[7] = 1;
    b[9] = 1;
    assertEquals(Outputs.CLOSE, Outputs.compare(one(a), one(b), false));
    b[11] = 1;
    assertTrue(Outputs.compare(one(a), one(b), false).startsWith("launch 0, argument 1: 3 of 200"));
    assertTrue(Outputs.compare(one(a), one(a.clone()), false).equals(Outputs.IDENTICAL));
  }

  @Test
  void compare_differentLaunchCountsDiffer() {
    assertEquals("1 launches against 0", Outputs.compare(one(new int[1]), List.of(), true));
  }

  @Test
  void snapshot_copiesArraysOnly() {
    int[] a = {1, 2};
    Object[] s = Outputs.snapshot(new Object[] {3, a});
    a[0] = 9;
    assertEquals(null, s[0]);
    assertEquals(1, ((int[]) s[1])[0]);
  }
}
