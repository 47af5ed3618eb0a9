package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PtxFunctionParser}: which functions a module defines and how many statements each has. */
class PtxFunctionParserTest {
  static final String MODULE =
      """
      .version 8.0
      .target sm_90
      .address_size 64

      .extern .func (.param .b32 r) declared(.param .b32 a);
      .func (.param .b32 r) twice(.param .b32 a);

      // a comment with .entry fake() { ; ; }
      .func (.param .b32 r) twice(.param .b32 a)
      {
        .reg .b32 %r<3>;
        ld.param.b32 %r1, [a];   /* one */
        add.s32 %r2, %r1, %r1;   // two
        st.param.b32 [r], %r2;
        ret;
      }

      .visible .entry k(.param .u64 p)
      .maxntid 256, 1, 1
      {
        .reg .b32 %r<9>;
        .reg .f32 %f<5>;
        .reg .b64 %rd<2>;
        ld.param.u64 %rd1, [p];
      LOOP:
        mov.b64 {%r1, %r2}, %rd1;
        ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];
        {
          .reg .b32 tmp;
          call.uni (tmp), twice, (%r1);
        }
      DONE: ret;
      }
      """;

  @Test
  void parse_module_definitionsWithStatementCounts() {
    assertEquals(
        List.of(
            new PtxFunctionParser.Definition("twice", false, 4),
            new PtxFunctionParser.Definition("k", true, 5)),
        PtxFunctionParser.parse(MODULE));
  }

  @Test
  void statements_labelsDirectivesAndVectorBraces() {
    assertEquals(
        List.of("mov.b64 {%r1, %r2}, %rd1", "bra L", "exit"),
        PtxFunctionParser.statements(
            "\n .reg .b32 %r<3>;\n A: B :  mov.b64  {%r1,\n %r2}, %rd1;\n { bra L; }\n exit;"));
  }

  @Test
  void statements_directiveWithoutSemicolon_swallowsTheNextInstruction() {
    // what the report's "no line information" is for
    assertEquals(
        List.of("add.s32 %r2, %r1, 1"),
        PtxFunctionParser.statements("\n .loc 1 5 3\n mov.u32 %r1, 0;\n add.s32 %r2, %r1, 1;\n"));
  }

  @Test
  void stripComments_keepsTheLineBreaks() {
    assertEquals("a \n\n b\n", PtxFunctionParser.stripComments("a /* x\n\n y */ b// z\n"));
  }
}
