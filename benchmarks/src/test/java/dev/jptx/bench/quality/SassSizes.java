package dev.jptx.bench.quality;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SASS size of each function in a cubin: its {@code .text.<function>} section's size / 16, one
 * 128-bit instruction each (sm_70 and later), and the same without the padding after the code.
 *
 * <p>ptxas ends a function's code with an unconditional branch to itself and then pads the section
 * with {@code NOP}s to an alignment. Counting back from the end, every {@code NOP} and then one
 * self-branch are padding. Both are recognised by the low 64 bits of the encoding: a {@code NOP} is
 * exactly {@code 0x7918}; the self-branch ({@code BRA} with offset -16) has opcode bits {@code
 * 0x7947}, a high word of {@code 0xfffffff0} (sm_7x, sm_8x) or {@code 0xfffffffc} (sm_90 and
 * later), and {@code 0x3ffff} in the low bits of the encoding's upper half. Big-endian files and
 * {@code SHT_NOBITS} sections get no padding count.
 */
final class SassSizes {
  private static final int INSTRUCTION_BYTES = 16;
  private static final long NOP = 0x7918L;
  private static final long BRA_OPCODE = 0x7947L;
  private static final long BRA_OPCODE_MASK = 0xffffL;
  private static final long BRA_SELF_OFFSET_SM7X = 0xfffffff0L;
  private static final long BRA_SELF_OFFSET_SM90 = 0xfffffffcL;
  private static final long BRA_UPPER_MASK = 0x3ffffL;

  private SassSizes() {}

  /**
   * One function's size.
   *
   * @param instructions the section's size / 16
   * @param withoutPadding the same less the trailing self-branch and {@code NOP}s
   */
  record Size(long instructions, long withoutPadding) {}

  /**
   * Measures every {@code .text.<function>} section.
   *
   * @param cubin the cubin's sections
   * @return the size per function name, in the order of the section table
   */
  static Map<String, Size> of(ElfSections cubin) {
    Map<String, Size> sizes = new LinkedHashMap<>();
    for (ElfSections.Section s : cubin.sections()) {
      if (!s.name().startsWith(".text.")) {
        continue;
      }
      long n = s.size() / INSTRUCTION_BYTES;
      long padding =
          s.type() != ElfSections.SHT_NOBITS && cubin.littleEndian()
              ? padding(cubin.contents(s), n)
              : 0;
      sizes.put(s.name().substring(".text.".length()), new Size(n, n - padding));
    }
    return sizes;
  }

  /** The trailing {@code NOP}s and the self-branch before them, counted from instruction n-1. */
  static long padding(ByteBuffer code, long n) {
    long padding = 0;
    long k = n - 1;
    while (k >= 0 && code.getLong(Math.toIntExact(k * INSTRUCTION_BYTES)) == NOP) {
      padding++;
      k--;
    }
    if (k >= 0) {
      int at = Math.toIntExact(k * INSTRUCTION_BYTES);
      long low = code.getLong(at);
      long high = code.getLong(at + 8);
      long offset = low >>> 32;
      if ((low & BRA_OPCODE_MASK) == BRA_OPCODE
          && (offset == BRA_SELF_OFFSET_SM7X || offset == BRA_SELF_OFFSET_SM90)
          && (high & BRA_UPPER_MASK) == BRA_UPPER_MASK) {
        padding++;
      }
    }
    return padding;
  }
}
