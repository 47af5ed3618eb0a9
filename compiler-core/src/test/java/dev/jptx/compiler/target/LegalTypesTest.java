package dev.jptx.compiler.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.VectorType;
import org.junit.jupiter.api.Test;

/** The legal-type model's SM and PTX gates, read from the rows as passes read them. */
class LegalTypesTest {
  private static SmTarget sm(String name) {
    return SmTargets.get(name);
  }

  @Test
  void baseTypes_areLegalEverywhere() {
    for (String t : new String[] {"sm_52", "sm_75", "sm_100"}) {
      assertEquals(RegisterClass.PRED, LegalTypes.registerClass(ScalarType.I1, sm(t)));
      assertEquals(RegisterClass.B16, LegalTypes.registerClass(ScalarType.I16, sm(t)));
      assertEquals(RegisterClass.B64, LegalTypes.registerClass(ScalarType.I64, sm(t)));
      assertEquals(RegisterClass.F64, LegalTypes.registerClass(ScalarType.F64, sm(t)));
      assertFalse(LegalTypes.isLegal(ScalarType.I8, sm(t)));
    }
    assertEquals(ScalarType.I16, LegalTypes.registerType(ScalarType.I8, sm("sm_90")));
  }

  @Test
  void halves_areGatedBySm() {
    assertFalse(LegalTypes.isLegal(ScalarType.F16, sm("sm_52")));
    assertEquals(RegisterClass.H16, LegalTypes.registerClass(ScalarType.F16, sm("sm_53")));
    VectorType v2f16 = new VectorType(ScalarType.F16, 2);
    assertNull(LegalTypes.registerClass(v2f16, sm("sm_52")));
    assertEquals(RegisterClass.H32, LegalTypes.registerClass(v2f16, sm("sm_60")));
    assertFalse(LegalTypes.isLegal(new VectorType(ScalarType.BF16, 2), sm("sm_75")));
    assertTrue(LegalTypes.isLegal(new VectorType(ScalarType.BF16, 2), sm("sm_80")));
  }

  @Test
  void i128_isLegalWhereTheTargetsOwnPtxHasB128() {
    // .b128 needs sm_70 and PTX ISA 8.3: sm_90's minimum ISA is 7.8, sm_100's 8.6
    assertFalse(LegalTypes.isLegal(ScalarType.I128, sm("sm_90")));
    assertEquals(RegisterClass.B128, LegalTypes.registerClass(ScalarType.I128, sm("sm_100")));
    assertEquals(
        TypeAction.EXPAND_INTEGER, LegalTypes.action(ScalarType.I128, sm("sm_90")).action());
  }

  @Test
  void packedNarrowFloats_fromSm100() {
    for (ScalarType e :
        new ScalarType[] {ScalarType.E2M1, ScalarType.E2M3, ScalarType.E3M2, ScalarType.UE8M0}) {
      VectorType pair = new VectorType(e, 2);
      assertFalse(LegalTypes.isLegal(pair, sm("sm_90")), pair.text());
      assertEquals(RegisterClass.B16, LegalTypes.registerClass(pair, sm("sm_100")), pair.text());
    }
  }
}
