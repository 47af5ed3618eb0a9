package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Tokens, comments and positions. */
class PtxLexerTest {
  private static String tokens(String text) {
    return PtxLexer.tokenize(text).stream()
        .map(t -> t.kind() + ":" + t.text())
        .collect(Collectors.joining(" "));
  }

  @Test
  void tokenize_opcodeModifiersAndSpecialRegisters() {
    assertEquals(
        "IDENT:mov DIRECTIVE:.u32 IDENT:%r1 PUNCT:, IDENT:%tid.x PUNCT:; EOF:",
        tokens("mov.u32 %r1, %tid.x;"));
    assertEquals(
        "IDENT:ld DIRECTIVE:.shared::cta DIRECTIVE:.L2::cache_hint DIRECTIVE:.v2 EOF:",
        tokens("ld.shared::cta.L2::cache_hint.v2"));
    assertEquals("IDENT:%v DIRECTIVE:.xy EOF:", tokens("%v.xy"));
  }

  @Test
  void tokenize_commentsAndDwarfLinesAreDropped() {
    assertEquals(
        "IDENT:a IDENT:b IDENT:c EOF:", tokens("a // one\n/* two\nlines */ b\n@@DWARF .b8 1\nc"));
  }

  @Test
  void tokenize_positionsCountFromOne() {
    List<Token> tokens = PtxLexer.tokenize("a\n\t/* x\n */ b  c");
    assertEquals(new SourcePos(1, 1), tokens.get(0).pos());
    assertEquals(new SourcePos(3, 5), tokens.get(1).pos());
    assertEquals(new SourcePos(3, 8), tokens.get(2).pos());
    assertEquals(new SourcePos(3, 9), tokens.get(3).pos());
    assertEquals(Kind.EOF, tokens.get(3).kind());
  }

  @Test
  void tokenize_numbersAndStrings() {
    assertEquals(
        "INT:0x1F INT:017U INT:0b10 FLOAT:0f3F800000 FLOAT:0d3FF0000000000000 FLOAT:1.5 "
            + "FLOAT:1e-3 FLOAT:9.0 STRING:a\"b EOF:",
        tokens("0x1F 017U 0b10 0f3F800000 0d3FF0000000000000 1.5 1e-3 9.0 \"a\\\"b\""));
    assertEquals("PUNCT:< PUNCT:<< PUNCT:>> PUNCT:> EOF:", tokens("< << >> >"));
  }
}
