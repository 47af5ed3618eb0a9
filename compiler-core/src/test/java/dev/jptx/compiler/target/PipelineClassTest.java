package dev.jptx.compiler.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The pipeliner's classification of machine opcodes into latency classes. */
class PipelineClassTest {
  private static PipelineClass of(String opcode) {
    return PipelineClass.of(MachineOpcodes.find(opcode));
  }

  @Test
  void of_loadsByStateSpace() {
    assertEquals(PipelineClass.GLOBAL_LOAD, of("LD_GLOBAL_F32"));
    assertEquals(PipelineClass.GLOBAL_LOAD, of("LD_GLOBAL_NC_V4_F32"));
    // a generic address may be global: the conservative figure
    assertEquals(PipelineClass.GLOBAL_LOAD, of("LD_U32"));
    assertEquals(PipelineClass.SHARED_LOAD, of("LD_SHARED_U32"));
    assertEquals(PipelineClass.LOCAL_LOAD, of("LD_LOCAL_F32"));
    assertEquals(PipelineClass.CONST_LOAD, of("LD_CONST_F32"));
    assertEquals(PipelineClass.PARAM_LOAD, of("LD_PARAM_U64"));
    assertEquals(PipelineClass.STORE, of("ST_SHARED_F64"));
    assertEquals(PipelineClass.ATOMIC, of("ATOM_GLOBAL_ADD_U32"));
  }

  @Test
  void of_arithmeticByRegisterClassAndTheSpecialRows() {
    assertEquals(PipelineClass.INTEGER, of("MAD_WIDE_S32"));
    assertEquals(PipelineClass.INTEGER, of("CVT_S64_S32"));
    assertEquals(PipelineClass.INTEGER, of("CVTA_TO_GLOBAL_U64"));
    assertEquals(PipelineClass.F32, of("FMA_RN_F32"));
    assertEquals(PipelineClass.F64, of("SETP_F64"));
    assertEquals(PipelineClass.SPECIAL, of("EX2_APPROX_F32"));
    assertEquals(PipelineClass.SPECIAL, of("DIV_RN_F64"));
    assertEquals(PipelineClass.CONVERSION, of("CVT_RN_F32_S32"));
    assertEquals(PipelineClass.SHUFFLE, of("SHFL_SYNC_DOWN"));
    assertEquals(PipelineClass.PSEUDO, of("PHI"));
    assertEquals(PipelineClass.CONTROL, of("BAR_SYNC"));
  }

  @Test
  void of_everyOpcodeHasAClassAndOnlyPseudosNoUnit() {
    for (MachineOpcode op : MachineOpcodes.all()) {
      PipelineClass c = PipelineClass.of(op);
      if (op.isPseudo()) {
        assertNull(c.unit(), op.name());
      } else {
        assertNotNull(c.unit(), op.name());
      }
    }
  }
}
