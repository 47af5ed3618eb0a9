package dev.jptx.gpureport.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FuzzCorpusTest {
  /** Every type as a primitive and as an array; arrays changed and unchanged, NaN payloads. */
  static FuzzCase.ArgumentSet everyType() {
    Object[] args = {
      true,
      (byte) -7,
      (short) -300,
      (char) 0xfffe,
      -5,
      Long.MIN_VALUE + 3,
      Float.intBitsToFloat(0x7fc01234),
      -0.0,
      new boolean[] {true, false},
      new byte[] {-1, 2},
      new short[] {Short.MIN_VALUE},
      new char[] {'a', 0xffff},
      new int[] {1, -2, 3},
      new long[] {Long.MAX_VALUE},
      new float[] {Float.intBitsToFloat(0x7f800001), -0.0f},
      new double[] {Double.longBitsToDouble(0x7ff0000000000abcL), 1.5},
    };
    Object[] expected = new Object[args.length];
    for (int i = 8; i < args.length; i++) {
      expected[i] = ElementType.of(args[i]).copy(args[i]);
    }
    expected[12] = new int[] {1, 7, 3};
    expected[14] = new float[] {Float.intBitsToFloat(0x7fc00000), 0.0f}; // another NaN payload
    return new FuzzCase.ArgumentSet(args, expected);
  }

  static FuzzCase sampleCase(String name) {
    Map<String, String> ptx = new LinkedHashMap<>();
    ptx.put("sm_90", "// sm_90 module\n");
    ptx.put("sm_75", "// sm_75 module \u00e9\n");
    Launch launch = Launch.of(Dim3.of(2, 1, 3), Dim3.of(32, 2)).sharedMemoryBytes(256);
    return new FuzzCase(
        name,
        0x9d99554627bf5a50L,
        "./mvnw reproduce",
        name + "_entry",
        ptx,
        launch,
        List.of(everyType(), everyType()));
  }

  @Test
  void roundTrip_keepsEveryPart() throws IOException {
    FuzzCorpus corpus =
        new FuzzCorpus("two cases\nseed 0x1", List.of(sampleCase("k0000"), sampleCase("k0001")));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    corpus.write(bytes);
    FuzzCorpus back = FuzzCorpus.read(new ByteArrayInputStream(bytes.toByteArray()));

    assertEquals(corpus, back);
    FuzzCase c = back.cases().get(1);
    assertEquals(List.of("sm_90", "sm_75"), List.copyOf(c.ptx().keySet()));
    assertEquals(256, c.launch().sharedMemoryBytes());
    Object[] args = c.argumentSets().get(0).arguments();
    Object[] expected = c.argumentSets().get(0).expected();
    // NaN payloads survive bit for bit, which equals() (canonical NaNs) would not notice
    assertEquals(0x7fc01234, Float.floatToRawIntBits((Float) args[6]));
    assertEquals(0x7f800001, Float.floatToRawIntBits(((float[]) args[14])[0]));
    assertEquals(0x7fc00000, Float.floatToRawIntBits(((float[]) expected[14])[0]));
    assertEquals(0x7ff0000000000abcL, Double.doubleToRawLongBits(((double[]) expected[15])[0]));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits((Double) args[7]));
    assertArrayEquals(new int[] {1, 7, 3}, (int[]) expected[12]);
    assertEquals(null, expected[0]);
  }

  @Test
  void roundTrip_throughAFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve(FuzzCorpus.FILE_NAME);
    FuzzCorpus corpus = new FuzzCorpus("", List.of(sampleCase("k0")));
    corpus.write(file);
    assertEquals(corpus, FuzzCorpus.read(file));
  }

  @Test
  void argumentSet_handsOutCopies() {
    FuzzCase.ArgumentSet s = everyType();
    ((int[]) s.arguments()[12])[0] = 99;
    ((int[]) s.expected()[12])[0] = 99;
    assertEquals(1, ((int[]) s.arguments()[12])[0]);
    assertEquals(1, ((int[]) s.expected()[12])[0]);
  }

  @Test
  void argumentSet_rejectsAnExpectedArrayOfAnotherLength() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new FuzzCase.ArgumentSet(new Object[] {new int[2]}, new Object[] {new int[3]}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new FuzzCase.ArgumentSet(new Object[] {"text"}, new Object[] {null}));
  }

  @Test
  void read_rejectsOtherFiles() throws IOException {
    IOException e = assertThrows(IOException.class, () -> FuzzCorpus.read(gzip("NOTFUZZ!", 1)));
    assertTrue(e.getMessage().contains("not a jptx fuzz corpus"), e.getMessage());
    e = assertThrows(IOException.class, () -> FuzzCorpus.read(gzip("JPTXFUZZ", 99)));
    assertTrue(e.getMessage().contains("version 99"), e.getMessage());
  }

  private static ByteArrayInputStream gzip(String magic, int version) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(magic.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      out.write(new byte[] {0, 0, 0, (byte) version});
    }
    return new ByteArrayInputStream(bytes.toByteArray());
  }
}
