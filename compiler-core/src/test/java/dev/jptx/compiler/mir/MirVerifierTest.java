package dev.jptx.compiler.mir;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MirVerifierTest {
  private static List<String> problems(String text) {
    return MirVerifier.verify(MirParser.parse(text).get(0));
  }

  @Test
  void operandClassesAreCheckedAgainstTheOpcodeTable() {
    List<String> p =
        problems(
            """
            entry @k() {
            bb0:
              %0:b32 = MOV_B32 1
              %1:f32 = ADD_S32 %0, 2
              %2:b64 = ADD_S64 %0, %1
              RET
            }
            """);
    assertTrue(
        p.stream().anyMatch(x -> x.contains("ADD_S32: result 0 must be of class b32")),
        p.toString());
    assertTrue(
        p.stream().anyMatch(x -> x.contains("ADD_S64: source 0 must be of class b64")),
        p.toString());
  }

  @Test
  void ssaForm_allowsOneDefinitionPerRegister() {
    List<String> p =
        problems(
            """
            entry @k() {
            bb0:
              %0:b32 = MOV_B32 1
              %0 = MOV_B32 2
              RET
            }
            """);
    assertTrue(p.get(0).contains("defined twice in SSA form"), p.toString());
  }

  @Test
  void blocksEndInAnUnconditionalBranch() {
    List<String> p =
        problems(
            """
            entry @k() {
            bb0:
              %0:pred = SETP_S32 lt, %1, 0
              @%0 BRA bb0
            }
            """);
    assertTrue(
        p.stream().anyMatch(x -> x.contains("does not end in an unconditional BRA or RET")),
        p.toString());
  }
}
