package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class KernelAbiTest {
  @Test
  void params_primitivesInTheirWidth_arraysAsAddressAndLength() {
    assertEquals(List.of(new KernelAbi.Param(".u8", 1)), KernelAbi.params("Z"));
    assertEquals(List.of(new KernelAbi.Param(".u16", 2)), KernelAbi.params("C"));
    assertEquals(List.of(new KernelAbi.Param(".s64", 8)), KernelAbi.params("J"));
    assertEquals(List.of(KernelAbi.ADDRESS, KernelAbi.LENGTH), KernelAbi.params("[F"));
    assertThrows(IllegalArgumentException.class, () -> KernelAbi.params("Ljava/lang/String;"));
  }

  @Test
  void slots_arraysAreFollowedByTheirLength() {
    float[] a = new float[3];
    List<KernelAbi.Slot> s =
        KernelAbi.slots(new Object[] {7, a, 2.0}, x -> x instanceof float[] f ? f.length : -1);
    assertEquals(
        List.of(
            new KernelAbi.Slot(0, 7, false),
            new KernelAbi.Slot(1, a, true),
            new KernelAbi.Slot(1, 3, false),
            new KernelAbi.Slot(2, 2.0, false)),
        s);
  }

  record Pair(int a, float b) {}

  record Nested(boolean flag, Pair pair, long l) {}

  @Test
  void slots_recordsAreTheirComponentsInDeclarationOrder() {
    List<KernelAbi.Slot> s =
        KernelAbi.slots(new Object[] {new Nested(true, new Pair(-3, 0.5f), 9L), 4}, x -> -1);
    assertEquals(
        List.of(
            new KernelAbi.Slot(0, true, false),
            new KernelAbi.Slot(0, -3, false),
            new KernelAbi.Slot(0, 0.5f, false),
            new KernelAbi.Slot(0, 9L, false),
            new KernelAbi.Slot(1, 4, false)),
        s);
  }

  @Test
  void arraysOfArrays_areTwoTableAddressesAndARowCount() {
    assertEquals(
        List.of(KernelAbi.ADDRESS, KernelAbi.ADDRESS, KernelAbi.LENGTH), KernelAbi.params("[[F"));
    float[] shared = {1, 2};
    float[][] rows = {shared, {}, shared};
    List<KernelAbi.Slot> s = KernelAbi.slots(new Object[] {rows}, x -> -1);
    assertEquals(3, s.size());
    assertEquals(new KernelAbi.Slot(0, 3, false), s.get(2));
    KernelAbi.RowTable addresses = (KernelAbi.RowTable) s.get(0).value();
    KernelAbi.RowTable lengths = (KernelAbi.RowTable) s.get(1).value();
    assertArrayEquals(new int[] {2, 0, 2}, (int[]) lengths.table(row -> -1));
    assertArrayEquals(
        new long[] {2, 0, 2},
        (long[]) addresses.table(row -> java.lang.reflect.Array.getLength(row)),
        "each row's address from the device");
  }

  @Test
  void encode_littleEndianInTheParameterWidth() {
    assertArrayEquals(new byte[] {1, 2, 0, 0}, KernelAbi.encode(0x0201));
    assertArrayEquals(new byte[] {1}, KernelAbi.encode(true));
    assertArrayEquals(new byte[] {0x41, 0}, KernelAbi.encode('A'));
    assertArrayEquals(new byte[] {0, 0, (byte) 0x80, 0x3f}, KernelAbi.encode(1.0f));
    assertEquals(8, KernelAbi.encode(1L).length);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KernelAbi.encode("x"));
    assertEquals(
        "a java.lang.String; pass arrays, DeviceArrays or boxed primitives", e.getMessage());
  }
}
