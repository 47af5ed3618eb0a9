package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CFormat} against glibc: every expected string below is what glibc's {@code snprintf}
 * printed for the same format and value (checked with gcc on Debian 12, glibc 2.36).
 */
class CFormatTest {
  private static Arguments row(String expected, String format, Object... args) {
    return Arguments.of(expected, format, args);
  }

  static Stream<Arguments> glibc() {
    return Stream.of(
        row("0", "%d", 0),
        row("-2147483648", "%d", Integer.MIN_VALUE),
        row("42", "%i", 42),
        row("   42", "%5d", 42),
        row("42   |", "%-5d|", 42),
        row("-0042", "%05d", -42),
        row("+42", "%+d", 42),
        row(" 42", "% d", 42),
        row("007", "%.3d", 7),
        row("|", "%.0d|", 0),
        row("    -007", "%8.3d", -7),
        row("     007", "%08.3d", 7),
        row("+3    |", "%-+6d|", 3),
        row("4294967295", "%u", -1),
        row("ffffffff", "%x", -1),
        row("BEEF", "%X", 48879),
        row("0xff", "%#x", 255),
        row("0", "%#x", 0),
        row("0XFF", "%#X", 255),
        row("10", "%o", 8),
        row("010", "%#o", 8),
        row("0", "%#o", 0),
        row("0", "%#.0o", 0),
        row("0x0000ff", "%#08x", 255),
        row("44", "%hhd", 300),
        row("4464", "%hd", 70000),
        row("255", "%hhu", -1),
        row("ffff", "%hx", -1),
        row("-9223372036854775808", "%ld", Long.MIN_VALUE),
        row("1234567890123", "%lld", 1234567890123L),
        row("18446744073709551615", "%lu", -1L),
        row("fffffffffffffffe", "%lx", -2L),
        row("100", "%llo", 64L),
        row("                  -5|", "%20ld|", -5L),
        row("A", "%c", 65),
        row("  B|", "%3c|", 66),
        row("C  |", "%-3c|", 67),
        row("3.141590", "%f", 3.14159),
        row("2.67", "%.2f", 2.675),
        row("0", "%.0f", 0.5),
        row("2", "%.0f", 1.5),
        row("2", "%.0f", 2.5),
        row("3.", "%#.0f", 3.0),
        row("    -1.000|", "%10.3f|", -1.0),
        row("1.000     |", "%-10.3f|", 1.0),
        row("-00001.500", "%010.3f", -1.5),
        row("+0.0", "%+.1f", 0.0),
        row("-0.000000", "%f", -0.0),
        row("0.000", "%.3f", 1e-10),
        row("100000000000000000000.000000", "%f", 1e20),
        row("0.10000000000000000555", "%.20f", 0.1),
        row("123456789.125000", "%f", 123456789.125),
        row("0.000000e+00", "%e", 0.0),
        row("1.234568e+04", "%e", 12345.678),
        row("1.00e+01", "%.2e", 9.999),
        row("2e+01", "%.0e", 15.0),
        row("2.e+01", "%#.0e", 15.0),
        row("1.000000E-300", "%E", 1e-300),
        row("1.000000e+300", "%e", 1e300),
        row("  -1.230e-04|", "%12.3e|", -0.000123),
        row("4.940656e-324", "%e", Double.MIN_VALUE),
        row("0", "%g", 0.0),
        row("100000", "%g", 100000.0),
        row("1e+06", "%g", 1000000.0),
        row("0.0001", "%g", 0.0001),
        row("1e-05", "%g", 0.00001),
        row("123.456", "%g", 123.456),
        row("3.14", "%.3g", 3.14159),
        row("4", "%.0g", 3.5),
        row("1.00000", "%#g", 1.0),
        row("100.", "%#.3g", 100.0),
        row("1e-05", "%g", 1e-5),
        row("1.5E-10", "%G", 1.5e-10),
        row("0.1", "%.10g", 0.1),
        row("1e+06", "%g", 999999.5),
        row("9.9999e-05", "%g", 9.9999e-5),
        row("2.5         |", "%-12g|", 2.5),
        row("-000000002.5", "%012g", -2.5),
        row("0.10000000000000001", "%.17g", 0.1),
        row("0x1.8p+1", "%a", 3.0),
        row("0x1p+0", "%a", 1.0),
        row("0x0p+0", "%a", 0.0),
        row("-0x0p+0", "%a", -0.0),
        row("0x1.999999999999ap-4", "%a", 0.1),
        row("0X1.FFP+7", "%A", 255.5),
        row("0x2p+0", "%.0a", 1.5),
        row("0x2.0p+0", "%.1a", 0x1.f8p0),
        row("0x1.9ap-4", "%.2a", 0.1),
        row("0x0.0000000000001p-1022", "%a", Double.MIN_VALUE),
        row("0x1.fffffffffffffp+1023", "%a", Double.MAX_VALUE),
        row("0x1.p+0", "%#a", 1.0),
        row("      0x1p+0|", "%12a|", 1.0),
        row("-0x000001p+0", "%012a", -1.0),
        row("0x0.012688b70e62bp-1022", "%a", 1e-310),
        row("inf", "%f", Double.POSITIVE_INFINITY),
        row("-inf", "%e", Double.NEGATIVE_INFINITY),
        row("nan", "%g", Double.NaN),
        row("INF", "%F", Double.POSITIVE_INFINITY),
        row("-NAN", "%E", Double.longBitsToDouble(0xfff8000000000000L)),
        row("+nan", "%+f", Double.NaN),
        row("  inf", "%05f", Double.POSITIVE_INFINITY),
        row("nan   |", "%-6f|", Double.NaN),
        row("INF", "%A", Double.POSITIVE_INFINITY),
        row(" inf", "% f", Double.POSITIVE_INFINITY),
        row("0.100000", "%f", 0.1f),
        row("0.3333333433", "%.10f", 1.0f / 3.0f),
        row("0x1.99999ap-4", "%a", 0.1f),
        row("100% done", "100%% done"),
        row("[hi]", "[%s]", "hi"),
        row("[    h]", "[%5.1s]", "hi"));
  }

  @ParameterizedTest(name = "{1} -> \"{0}\"")
  @MethodSource("glibc")
  void format_matchesGlibc(String expected, String format, Object[] args) {
    assertEquals(expected, CFormat.format(format, args));
  }

  @Test
  void format_starWidthAndPrecision() {
    assertEquals("   42|", CFormat.format("%*d|", 5, 42));
    assertEquals("42   |", CFormat.format("%*d|", -5, 42));
    assertEquals("3.14", CFormat.format("%.*f", 2, 3.14159));
  }

  @Test
  void format_widthsFollowTheModifierNotTheJavaType() {
    assertEquals("-1", CFormat.format("%d", 0xffff_ffffL)); // low 32 bits, as C reads them
    assertEquals("-7", CFormat.format("%ld", -7)); // an int widened to long
    assertEquals("1 0", CFormat.format("%d %d", true, false));
    assertEquals("x", CFormat.format("%c", 'x'));
  }

  @Test
  void format_badArgumentsAreErrors() {
    var e = assertThrows(IllegalArgumentException.class, () -> CFormat.format("%d", 1.5));
    assertTrue(e.getMessage().contains("%d expects an integer argument"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CFormat.format("%f", 1));
    assertTrue(e.getMessage().contains("%f expects a floating-point argument"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CFormat.format("%d %d", 1));
    assertTrue(e.getMessage().contains("needs more"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CFormat.format("%q", 1));
    assertThrows(IllegalArgumentException.class, () -> CFormat.format("%"));
  }
}
