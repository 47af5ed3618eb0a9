package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;
import org.junit.jupiter.api.Test;

/** Arrays of arrays as kernel arguments: what every device refuses before it copies anything. */
class ArraysOfArraysTest {
  /** A kernel whose launches are refused before any module is needed. */
  public static final class K {
    private K() {}

    @Kernel
    public static void rows(float[][] a, int n) {}

    @Kernel
    public static void rowsAndInput(float[][] a, @ReadOnly float[] in) {}
  }

  @Test
  void everyDevice_refusesARowThatIsAReadOnlyArgument() {
    float[] in = {1, 2};
    float[][] a = {{3}, in};
    for (Device d : new Device[] {Device.jvm(), Device.simulator()}) {
      try (d) {
        var e =
            assertThrows(
                IllegalArgumentException.class,
                () -> d.launch(Launch.grid1d(1, 1), K::rowsAndInput, a, in));
        assertEquals(
            "launch of kernel K.rowsAndInput: row 1 of argument 0 is argument 1, which is"
                + " @ReadOnly; pass a copy for the read-only parameter",
            e.getMessage());
      }
    }
  }

  @Test
  void everyDevice_refusesANullRow() {
    float[][] a = {{1}, null};
    for (Device d : new Device[] {Device.jvm(), Device.simulator()}) {
      try (d) {
        var e =
            assertThrows(
                IllegalArgumentException.class, () -> d.launch(Launch.grid1d(1, 1), K::rows, a, 1));
        assertEquals(
            "launch of kernel K.rows: row 1 of argument 0 (a) is null; every row of an array of"
                + " arrays must be an array",
            e.getMessage());
      }
    }
  }

  @Test
  void everyDevice_refusesADeviceArrayForAnArrayOfArrays() {
    for (Device d : new Device[] {Device.jvm(), Device.simulator()}) {
      try (d) {
        DeviceArray rows = d.allocate(float.class, 4);
        var e =
            assertThrows(
                IllegalArgumentException.class,
                () -> d.launch(Launch.grid1d(1, 1), K.class, "rows", rows, 1));
        assertEquals(
            "kernel dev.jptx.runtime.ArraysOfArraysTest$K.rows(float[][] a, int n): parameter 0 (float[][] a)"
                + " expects float[][] (a DeviceArray of rows is not supported), got a DeviceArray"
                + " of float",
            e.getMessage());
      }
    }
  }
}
