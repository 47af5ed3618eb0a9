package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Immediates in every PTX notation, checked to the bit. */
class ImmediateTest {
  private static Operand immediate(String text) {
    PtxFunction k = PtxTexts.kernel(".reg .b64 %rd1;\nmov.b64 %rd1, " + text + ";");
    return k.instructions().get(0).operand(1);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "0 ; 0",
        "42 ; 42",
        "-42 ; -42",
        "42U ; 42",
        "0x10 ; 16",
        "0XfF ; 255",
        "0xFFFFFFFFU ; 4294967295",
        "0xFFFFFFFFFFFFFFFF ; -1",
        "0xFFFFFFFFFFFFFFFFU ; -1",
        "18446744073709551615 ; -1",
        "9223372036854775807 ; 9223372036854775807",
        "-9223372036854775808 ; -9223372036854775808",
        "017 ; 15",
        "017U ; 15",
        "00 ; 0",
        "0b101 ; 5",
        "0B11U ; 3",
        "-0x8 ; -8",
        "2147483648 ; 2147483648",
        "-2147483648 ; -2147483648",
        "(1 << 4) + 3 * 2 ; 22",
        "~0 ; -1",
        "!0 ; 1",
        "10 - 3 - 2 ; 5",
        "100 / 7 % 5 ; 4",
        "0xF0 & 0x3C ^ 0x0F ; 63",
        "1 | 2 ; 3",
      })
  void parse_integerNotations(String text, long value) {
    assertEquals(new IntImm(value), immediate(text));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "0f3F800000 ; 3F800000 ; true ; false",
        "0F3f800000 ; 3F800000 ; true ; false",
        "0fBF800000 ; BF800000 ; true ; false",
        "0f7FC00000 ; 7FC00000 ; true ; false",
        "0fFF800000 ; FF800000 ; true ; false",
        "-0f3F800000 ; BF800000 ; true ; false",
        "0d3FF0000000000000 ; 3FF0000000000000 ; false ; false",
        "0DBFF8000000000000 ; BFF8000000000000 ; false ; false",
        "1.5 ; 3FF8000000000000 ; false ; true",
        "-1.5 ; BFF8000000000000 ; false ; true",
        "1e-3 ; 3F50624DD2F1A9FC ; false ; true",
        "2.5E+2 ; 406F400000000000 ; false ; true",
        "0.1 ; 3FB999999999999A ; false ; true",
        "0.0 ; 0000000000000000 ; false ; true",
      })
  void parse_floatNotations(String text, String bits, boolean single, boolean decimal) {
    assertEquals(new FloatImm(Long.parseUnsignedLong(bits, 16), single, decimal), immediate(text));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "0f3F80 ; line 7, column 15: a 0f constant takes exactly 8 hex digits",
        "0d3FF0 ; line 7, column 15: a 0d constant takes exactly 16 hex digits",
        "0x ; line 7, column 15: malformed number",
        "12abc ; line 7, column 15: malformed number",
        "0b102 ; line 7, column 15: malformed number",
        "019 ; line 7, column 15: malformed octal constant 019",
        "18446744073709551616 ; line 7, column 15: integer constant out of range 18446744073709551616",
        "1 / 0 ; line 7, column 17: division by zero in a constant expression",
        "1e ; line 7, column 15: malformed number",
      })
  void parse_malformedNumbersFail(String text, String message) {
    var e = assertThrows(PtxParseException.class, () -> immediate(text));
    assertEquals(message, e.getMessage());
  }
}
