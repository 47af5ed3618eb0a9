package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Nested blocks disappear; their declarations get names unique within the function. */
class ScopeFlatteningTest {
  private static List<String> names(List<Register> registers) {
    return registers.stream().map(Register::name).collect(Collectors.toList());
  }

  @Test
  void parse_siblingBlocksGetDifferentNames() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .b32 %r<3>;\n"
                + "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n}\n"
                + "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r2;\n}\nret;");
    assertEquals(List.of("param0$1", "param0$2"), k.locals().stream().map(Variable::name).toList());
    List<Instruction> stores = PtxTexts.find(k, "st.param.b32");
    assertEquals(new Address(new SymbolRef("param0$1"), 0), stores.get(0).operand(0));
    assertEquals(new Reg("%r1"), stores.get(0).operand(1));
    assertEquals(new Address(new SymbolRef("param0$2"), 0), stores.get(1).operand(0));
    assertEquals(3, k.body().size());
  }

  @Test
  void parse_innerDeclarationShadowsOuter() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .b32 %r<3>;\n"
                + "mov.b32 %r1, 1;\n"
                + "{\n.reg .b32 %r1;\nmov.b32 %r1, 2;\n"
                + "{\n.reg .b32 %r1;\nmov.b32 %r1, 3;\nmov.b32 %r2, %r1;\n}\n"
                + "mov.b32 %r2, %r1;\n}\n"
                + "mov.b32 %r2, %r1;");
    assertEquals(List.of("%r0", "%r1", "%r2", "%r1$1", "%r1$2"), names(k.registers()));
    List<String> moves =
        k.instructions().stream().map(Instruction::toString).collect(Collectors.toList());
    assertEquals(
        List.of(
            "mov.b32 %r1, 1",
            "mov.b32 %r1$1, 2",
            "mov.b32 %r1$2, 3",
            "mov.b32 %r2, %r1$2",
            "mov.b32 %r2, %r1$1",
            "mov.b32 %r2, %r1"),
        moves);
  }

  @Test
  void parse_labelsInBlocksResolveForwardAndOutward() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .pred p;\n"
                + "{\n.reg .pred p;\n@p bra DONE;\nbra OUT;\nDONE:\n}\n"
                + "{\n.reg .pred p;\n@!p bra DONE;\nDONE:\n}\n"
                + "OUT:\n@p bra OUT;\nret;");
    assertEquals(List.of("p", "p$1", "p$2"), names(k.registers()));
    List<Instruction> branches = PtxTexts.find(k, "bra");
    assertEquals("@p$1 bra DONE$1", branches.get(0).toString());
    assertEquals("bra OUT", branches.get(1).toString());
    assertEquals("@!p$2 bra DONE$2", branches.get(2).toString());
    assertEquals("@p bra OUT", branches.get(3).toString());
    assertEquals(List.of("DONE$1", "DONE$2", "OUT"), List.copyOf(k.labelIndices().keySet()));
  }

  @Test
  void parse_blockNumbersCountEveryBlockInOrder() {
    PtxFunction k =
        PtxTexts.kernel(
            "{\n{\n.reg .b32 a;\n}\n}\n{\n.reg .b32 a;\n{\n.reg .b32 a;\nmov.b32 a, 0;\n}\n}\n");
    assertEquals(List.of("a$2", "a$3", "a$4"), names(k.registers()));
    assertEquals(new Reg("a$4"), k.instructions().get(0).operand(0));
  }

  @Test
  void parse_generatedNameAvoidsAnExistingOne() {
    PtxFunction k = PtxTexts.kernel(".reg .b32 x$1;\n{\n.reg .b32 x;\nmov.b32 x, x$1;\n}\nret;");
    assertEquals(List.of("x$1", "x$1$2"), names(k.registers()));
    assertEquals("mov.b32 x$1$2, x$1", k.instructions().get(0).toString());
  }

  @Test
  void parse_prototypesInBlocksAreRenamed() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .b64 %rd1;\n"
                + "{\n.param .b32 a;\nproto: .callprototype _ (.param .b32 _);\n"
                + "call %rd1, (a), proto;\n}\n"
                + "{\n.param .b32 a;\nproto: .callprototype _ (.param .b32 _);\n"
                + "call %rd1, (a), proto;\n}\nret;");
    assertEquals(
        List.of("proto$1", "proto$2"), k.prototypes().stream().map(CallPrototype::name).toList());
    List<Instruction> calls = PtxTexts.find(k, "call");
    assertEquals("call %rd1, (a$1), proto$1", calls.get(0).toString());
    assertEquals("call %rd1, (a$2), proto$2", calls.get(1).toString());
    assertTrue(k.prototypes().get(0).returns().isEmpty());
  }

  @Test
  void parse_namesDoNotLeakOutOfTheirBlock() {
    var e =
        assertThrows(
            PtxParseException.class,
            () -> PtxTexts.kernel("{\n.reg .b32 inner;\n}\nmov.b32 inner, 0;"));
    assertEquals("line 9, column 9: undefined symbol inner", e.getMessage());
  }

  @Test
  void parse_duplicateInOneScopeFails() {
    var e =
        assertThrows(
            PtxParseException.class, () -> PtxTexts.kernel("{\n.reg .b32 a;\n.reg .b32 a;\n}"));
    assertEquals("line 8, column 11: a is already declared in this scope", e.getMessage());
  }

  @Test
  void parse_sameNameAtTopAndInBlockIsFine() {
    PtxFunction k = PtxTexts.kernel(".reg .b32 a;\n{\n.reg .b32 a;\n}\nret;");
    assertEquals(List.of("a", "a$1"), names(k.registers()));
  }
}
