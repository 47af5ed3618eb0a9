package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Module-level directives, linkage, declarations and debug sections. */
class ModuleTest {
  @Test
  void parse_headerDirectives() {
    PtxProgram program =
        PtxParser.parse(".version 7.10\n.target sm_90a, texmode_independent\n.address_size 32\n");
    assertEquals("7.10", program.version());
    assertEquals(List.of("sm_90a", "texmode_independent"), program.targets());
    assertEquals(32, program.addressSize());
    assertTrue(program.functions().isEmpty());
  }

  @Test
  void parse_emptyTextDefaults() {
    PtxProgram program = PtxParser.parse("// nothing\n/* at all */");
    assertEquals("", program.version());
    assertEquals(List.of(), program.targets());
    assertEquals(32, program.addressSize());
  }

  @Test
  void parse_linkageOfFunctionsAndVariables() {
    PtxProgram program =
        PtxTexts.module(
            ".visible .global .u32 a;\n.extern .global .u32 b;\n.weak .global .u32 c;\n"
                + ".common .global .u32 d;\n.global .u32 e;\n"
                + ".weak .func w() { ret; }\n.visible .func v() { ret; }\n.func f() { ret; }\n");
    assertEquals(
        List.of("visible", "extern", "weak", "common", ""),
        program.variables().stream().map(Variable::linkage).toList());
    assertEquals(
        List.of("weak", "visible", ""),
        program.functions().stream().map(PtxFunction::linkage).toList());
  }

  @Test
  void parse_declarationThenDefinitionKeepsFirstPosition() {
    PtxProgram program =
        PtxTexts.module(
            ".func (.param .b32 r) g(.param .b32 x);\n"
                + ".visible .entry k() { call.uni g; ret; }\n"
                + ".func (.param .b32 r) g(.param .b32 x) { st.param.b32 [r], 1; ret; }\n");
    assertEquals(List.of("g", "k"), program.functions().stream().map(PtxFunction::name).toList());
    assertTrue(program.function("g").defined());
    assertEquals(2, program.function("g").instructions().size());
  }

  @Test
  void parse_externFunctionStaysUndefined() {
    PtxProgram program =
        PtxTexts.module(
            ".extern .func (.param .b32 func_retval0) vprintf\n(\n.param .b64 a,\n"
                + ".param .b64 b\n)\n;\n");
    PtxFunction vprintf = program.function("vprintf");
    assertFalse(vprintf.defined());
    assertEquals("extern", vprintf.linkage());
    assertEquals(2, vprintf.params().size());
    assertNull(program.function("printf"));
  }

  @Test
  void parse_functionDefinedTwiceFails() {
    var e =
        assertThrows(
            PtxParseException.class,
            () -> PtxTexts.module(".func f() { ret; }\n.func f() { ret; }\n"));
    assertEquals("f is already defined", e.detail());
    assertEquals(5, e.line());
  }

  @Test
  void parse_debugDirectivesAreSkipped() {
    PtxProgram program =
        PtxTexts.module(
            ".file 1 \"/src/a.cu\", 1700000000, 1234\n.file 2 \"b.h\"\n"
                + "@@DWARF .byte 0x01, 0x02\n"
                + ".section .debug_info\n{\n.b32 12\n.b8 1, 2 // x\n{ nested }\n$L__x:\n}\n"
                + ".section .debug_str\n{\n$L__info_string0:\n.b8 95,90,0\n}\n"
                + ".section .nv.info.k\n{\n.b32 4\n}\n"
                + ".pragma \"nounroll\";\n"
                + ".entry k() { .loc 2 7 3\n ret; }\n");
    assertEquals(Map.of(1, "/src/a.cu", 2, "b.h"), program.files());
    assertEquals(new DebugLoc(2, 7, 3), program.function("k").instructions().get(0).loc());
  }

  @Test
  void parse_undefinedSymbolFailsWhereUsed() {
    var e =
        assertThrows(
            PtxParseException.class,
            () -> PtxTexts.kernel(".reg .b64 %rd1;\nmov.u64 %rd1, nowhere;\n"));
    assertEquals("line 7, column 15: undefined symbol nowhere", e.getMessage());
  }

  @Test
  void parse_symbolsMayBeUsedBeforeTheirDeclaration() {
    PtxProgram program =
        PtxTexts.module(
            ".entry k() { .reg .b64 %rd<2>; mov.u64 %rd1, later; call f; ret; }\n"
                + ".global .u32 later;\n.func f() { ret; }\n");
    assertEquals(new SymbolRef("later"), program.function("k").instructions().get(0).operand(1));
  }
}
