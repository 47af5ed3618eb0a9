package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegisterBudgetTest {
  @Test
  void range_zeroIsNoneAndOneTo255AreBudgets() {
    assertTrue(RegisterBudget.isValid(0));
    assertTrue(RegisterBudget.isValid(1));
    assertTrue(RegisterBudget.isValid(255));
    assertFalse(RegisterBudget.isValid(-1));
    assertFalse(RegisterBudget.isValid(256));
    assertEquals("0..255", RegisterBudget.range());
  }

  @Test
  void meaningOfNone_perUse() {
    // a kernel without its own budget takes the build's, which may be none as well
    assertEquals(32, RegisterBudget.of(32, 64));
    assertEquals(64, RegisterBudget.of(0, 64));
    assertEquals(0, RegisterBudget.of(0, 0));
    // without a budget nothing spills, and the pressure passes aim at the design's default
    assertEquals(Integer.MAX_VALUE, RegisterBudget.spillLimit(0));
    assertEquals(40, RegisterBudget.spillLimit(40));
    assertEquals(70, RegisterBudget.pressureTarget(0));
    assertEquals(40, RegisterBudget.pressureTarget(40));
  }
}
