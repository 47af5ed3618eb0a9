package dev.jptx.compiler.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Each device gets its own copy of the arguments, aliasing kept (the fuzzer's aliased arrays). */
class DifferentialCopyTest {
  @Test
  void oneArrayPassedTwice_staysOneArrayInTheCopy() {
    int[] a = {1, 2, 3};
    float[] b = {4f};
    Object[] copy = Differential.copy(new Object[] {a, 7, a, b});
    assertNotSame(a, copy[0]);
    assertSame(copy[0], copy[2]);
    assertNotSame(b, copy[3]);
    assertArrayEquals(a, (int[]) copy[0]);
    assertArrayEquals(b, (float[]) copy[3]);
  }
}
