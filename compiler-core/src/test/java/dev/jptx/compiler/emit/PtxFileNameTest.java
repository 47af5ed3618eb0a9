package dev.jptx.compiler.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PtxFileNameTest {
  @Test
  void plainNames_areUnchanged() {
    assertEquals("dev/example/Saxpy.java", PtxFileName.quoted("dev/example/Saxpy.java"));
    assertEquals("My Kernels (v2).java", PtxFileName.quoted("My Kernels (v2).java"));
  }

  @Test
  void nonAscii_quotes_backslashes_percentsAndLineBreaks_arePercentEncoded() {
    assertEquals("Gr%C3%B6%C3%9Fe.java", PtxFileName.quoted("Gr\u00f6\u00dfe.java"));
    assertEquals(
        "X.java%22%0A.visible .entry evil()%5C%25",
        PtxFileName.quoted("X.java\"\n.visible .entry evil()\\%"));
  }
}
