package dev.jptx.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KernelIndexLineTest {
  @Test
  void plainNames_areWrittenAsThey_are() {
    KernelIndexLine l =
        new KernelIndexLine(
            "dev.example.Saxpy", "saxpy", "saxpy", "(IF[F[F)V", List.of("sm_75", "sm_90"));
    assertEquals("dev.example.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90", l.format());
    assertEquals(l, KernelIndexLine.parse(l.format()));
  }

  @Test
  void hostileNames_areEscapedAndRoundTrip() {
    KernelIndexLine l =
        new KernelIndexLine(
            "dev.x.Gr\u00f6\u00dfe", "my kernel\nforged 1 2 3 4", "k", "(I)V", List.of("sm_75"));
    String text = l.format();
    assertEquals(
        "dev.x.Gr\\u00f6\\u00dfe my\\u0020kernel\\u000aforged\\u00201\\u00202\\u00203\\u00204 k (I)V"
            + " sm_75",
        text);
    assertEquals(l, KernelIndexLine.parse(text));
  }

  @Test
  void backslashes_andEscapeLookalikes_roundTrip() {
    String tricky = "a\\u0020b\\\\c\\";
    assertEquals(tricky, KernelIndexLine.decode(KernelIndexLine.encode(tricky)));
    assertTrue(KernelIndexLine.encode(tricky).indexOf(' ') < 0);
  }

  /** Any string, surrogates and controls included, comes back as it went in. */
  @Test
  void randomStrings_roundTrip() {
    SplittableRandom r = new SplittableRandom(19);
    for (int n = 0; n < 10_000; n++) {
      char[] cs = new char[1 + r.nextInt(12)];
      for (int i = 0; i < cs.length; i++) {
        cs[i] = (char) (r.nextBoolean() ? r.nextInt(128) : r.nextInt(0x10000));
      }
      String s = new String(cs);
      String e = KernelIndexLine.encode(s);
      assertTrue(e.chars().allMatch(c -> c > ' ' && c < 0x7f), e);
      assertEquals(s, KernelIndexLine.decode(e));
    }
  }

  @Test
  void rawNonAsciiLines_ofOlderBuilds_stillRead() {
    assertEquals(
        "Gr\u00f6\u00dfe", KernelIndexLine.parse("Gr\u00f6\u00dfe k k ()V sm_75").className());
  }

  @Test
  void malformedLines_areRefused() {
    assertThrows(IllegalArgumentException.class, () -> KernelIndexLine.parse("a b c d"));
    assertThrows(IllegalArgumentException.class, () -> KernelIndexLine.parse("a b c d e f"));
    assertThrows(IllegalArgumentException.class, () -> KernelIndexLine.parse("a\\x b c d e"));
    assertThrows(IllegalArgumentException.class, () -> KernelIndexLine.parse("a\\u12 b c d e"));
    assertThrows(IllegalArgumentException.class, () -> KernelIndexLine.parse("a\\u12zz b c d e"));
    assertThrows(IllegalArgumentException.class, () -> KernelIndexLine.parse("a  b c d e"));
  }
}
