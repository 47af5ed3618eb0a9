package dev.jptx.compiler.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.text.TextParseException;
import java.util.List;
import org.junit.jupiter.api.Test;

class IrVerifierTest {
  private static List<String> problems(String text) {
    return IrVerifier.verify(IrParser.parseModule("t", text));
  }

  @Test
  void useNotDominatedByItsDefinition_isReported() {
    List<String> p =
        problems(
            """
            kernel @k(i32 %0) {
            b0:
              %1 = icmp slt i32 %0, 0
              br %1, b1, b2
            b1:
              %2 = add i32 %0, 1
              jump b2
            b2:
              %3 = add i32 %2, 1
              ret
            }
            """);
    assertEquals(1, p.size(), p.toString());
    assertTrue(p.get(0).contains("not dominated"), p.toString());
  }

  @Test
  void noinlineAndAlwaysinline_together_isReported() {
    List<String> p =
        problems(
            """
            func void @f() noinline alwaysinline {
            b0:
              ret
            }
            """);
    assertEquals(List.of("@f: both noinline and alwaysinline"), p);
  }

  @Test
  void typeErrorsAndMissingTerminators_areAllReported() {
    List<String> p =
        problems(
            """
            kernel @k(i32 %0, f32 %1) {
            b0:
              %2 = add i32 %0, %0
              %3 = icmp slt i32 %0, %0
              %4 = select i32 %3, %0, %0
              store i32 %0, %0
            }
            """);
    assertTrue(p.stream().anyMatch(x -> x.contains("does not end in a terminator")), p.toString());
    assertTrue(p.stream().anyMatch(x -> x.contains("store needs a pointer")), p.toString());
  }

  @Test
  void phiWhoseBlocksAreNotThePredecessors_isReported() {
    List<String> p =
        problems(
            """
            kernel @k(i32 %0) {
            b0:
              jump b1
            b1:
              %1 = phi i32 [b0: 0], [b1: 1]
              ret
            }
            """);
    assertTrue(p.get(0).contains("differ from predecessors"), p.toString());
  }

  @Test
  void packedHalfArithmetic_isLaneWiseOnFloatVectorsOnly() {
    List<String> ok =
        problems(
            """
            kernel @k(i32 %0, i16 %1) {
            b0:
              %2 = bitcast i32 %0 to v2f16
              %3 = fadd v2f16 %2, %2
              %4 = intrinsic v2f16 fma(v2f16 %3, v2f16 %2, v2f16 %2)
              %5 = intrinsic v2f16 fmaxnum(v2f16 %4, v2f16 %2)
              %6 = bitcast i32 %0 to v2bf16
              %7 = intrinsic v2bf16 fma(v2bf16 %6, v2bf16 %6, v2bf16 %6)
              %8 = bitcast i16 %1 to f16
              %9 = fpext f16 %8 to f32
              %10 = fptrunc f32 %9 to bf16
              ret
            }
            """);
    assertEquals(List.of(), ok);
    List<String> bad =
        problems(
            """
            kernel @k(i32 %0) {
            b0:
              %1 = bitcast i32 %0 to v2f16
              %2 = fadd v2f16 %1, %0
              %3 = bitcast i32 %0 to v2i16
              %4 = fadd v2i16 %3, %3
              %5 = intrinsic v2i16 fma(v2i16 %3, v2i16 %3, v2i16 %3)
              %6 = fpext v2f16 %1 to f32
              ret
            }
            """);
    assertEquals(4, bad.size(), bad.toString());
  }

  @Test
  void parseErrors_nameLineAndColumn() {
    TextParseException e =
        assertThrows(
            TextParseException.class,
            () ->
                IrParser.parseModule(
                    "t", "kernel @k() {\nb0:\n  %1 = frobnicate i32 1, 2\n  ret\n}\n"));
    assertTrue(
        e.getMessage().startsWith("line 3, column 8: unknown opcode 'frobnicate'"), e.getMessage());
  }
}
