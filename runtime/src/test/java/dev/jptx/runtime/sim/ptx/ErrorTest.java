package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parse errors name the line and column of the first problem. */
class ErrorTest {
  private static PtxParseException error(String text) {
    return assertThrows(PtxParseException.class, () -> PtxParser.parse(text.replace("\\n", "\n")));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        ".entry k() {\\n  .reg .b64 %rd1;\\n  ld.u32 %rd1, [%rd1;\\n}"
            + " | 3 | 21 | expected ']' but found ';'",
        ".entry k() {\\n  ret\\n} | 3 | 1 | expected ';' but found '}'",
        ".entry k() {\\n  ret;\\n  ; | 3 | 3 | expected an instruction but found ';'",
        ".entry k() {\\n  exit;; | 2 | 8 | expected an instruction but found ';'",
        ".entry k() {\\n | 2 | 1 | expected '}' but found end of input",
        ".version 8.0\\n.target sm_90\\nfoo | 3 | 1 | expected a directive but found 'foo'",
        ".entry k() {\\n  mov.u32 %r1, ;\\n} | 2 | 16 | expected an operand but found ';'",
        ".entry k() {\\n  @;\\n} | 2 | 4 | expected a predicate but found ';'",
        ".entry k() {\\n  @%p1 ret;\\n} | 2 | 4 | undeclared predicate %p1",
        ".global .u32 a[2; | 1 | 17 | expected ']' but found ';'",
        ".global a; | 1 | 9 | expected a type but found 'a'",
        ".global .u32 .f32 a; | 1 | 14 | a second type '.f32'",
        ".global .u32 a[0]; | 1 | 16 | array size must be positive: 0",
        ".reg .u32 r; | 1 | 1 | unexpected '.reg' at module level",
        ".entry k() { .texref t; } | 1 | 14 | unexpected '.texref' in a function body",
        ".entry k() { mov.u32 %r1, 1.5.; } | 1 | 30 | unexpected character '.'",
        ".entry k() { ld.global.f32 %f1, [tex, {1, 2}]; } | 1 | 37 | "
            + "texture and surface operands are not supported",
        ".entry k() { .reg .pred p; and.pred p, !p, p; } | 1 | 40 | "
            + "negated operands ('!p') are not supported",
        ".entry k() { .reg .b32 %r<2>; mov.b32 %r1, %r0+4; } | 1 | 44 | "
            + "a register takes no offset outside [ ]",
        ".entry k(.param .u32 a, .param .u32 a) { ret; } | 1 | 37 | duplicate parameter a",
        "/* open | 1 | 1 | unterminated comment",
        ".file 1 \"x | 1 | 9 | unterminated string",
        "#include <x> | 1 | 1 | preprocessor directives are not supported",
        ".address_size 48 | 1 | 15 | address size must be 32 or 64",
        ".entry k() { .reg .b32 %r<0x7FFFFFFF>; } | 1 | 27 | register range out of bounds: 2147483647",
      })
  void parse_reportsLineAndColumn(String text, int line, int column, String detail) {
    PtxParseException e = error(text);
    assertEquals(detail, e.detail());
    assertEquals(line, e.line(), e::getMessage);
    assertEquals(column, e.column(), e::getMessage);
    assertEquals("line " + line + ", column " + column + ": " + detail, e.getMessage());
  }
}
