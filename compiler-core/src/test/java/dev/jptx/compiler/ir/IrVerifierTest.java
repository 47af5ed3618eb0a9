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
