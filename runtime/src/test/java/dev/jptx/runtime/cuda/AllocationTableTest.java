package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AllocationTableTest {
  @Test
  void release_forgetsTheAddressBeforeTheDriverCanHandItOutAgain() {
    AllocationTable<String> table = new AllocationTable<>();
    table.add(0x7000, "first");
    // inside the driver's free, another thread allocates and gets the same address back
    table.release(0x7000, p -> table.add(0x7000, "second"));
    assertEquals("second", table.get(0x7000), "the other thread's allocation survives");
  }

  @Test
  void get_andRelease_ofAnUnknownAddressSaySo() {
    AllocationTable<String> table = new AllocationTable<>();
    assertEquals(
        "no allocation at 0x10",
        assertThrows(IllegalStateException.class, () -> table.get(0x10)).getMessage());
    assertThrows(IllegalStateException.class, () -> table.release(0x10, p -> {}));
  }
}
