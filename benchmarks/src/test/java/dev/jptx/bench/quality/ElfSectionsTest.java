package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ElfSections} and {@link SassSizes} on ELF files built here byte by byte, with the
 * instruction words ptxas uses for padding. {@code PtxasFiguresTest} reads real cubins.
 */
class ElfSectionsTest {
  /** An instruction that is not padding (the low word of an sm_90 {@code MOV}). */
  static final long[] CODE = {0x0000000000007a02L, 0x000fe40000000f00L};

  /** {@code BRA} to itself on sm_90, and its upper half. */
  static final long[] BRA_SELF_SM90 = {0xfffffffc00fc7947L, 0x000fc0000383ffffL};

  /** {@code BRA} to itself on sm_7x/sm_8x. */
  static final long[] BRA_SELF_SM75 = {0xfffffff000007947L, 0x000fc0000383ffffL};

  /** {@code NOP}. */
  static final long[] NOP = {0x0000000000007918L, 0x000fc00000000000L};

  /** A {@code BRA} elsewhere (offset -32): code, not padding. */
  static final long[] BRA_BACK = {0xffffffe000007947L, 0x000fc0000383ffffL};

  @Test
  void read_elf64_sectionNamesTypesAndSizes() {
    ElfSections elf = ElfSections.read(cubin());
    assertEquals(
        List.of("", ".shstrtab", ".text.k90", ".text.k75", ".text.busy", ".text.bss", ".nv.info"),
        elf.sections().stream().map(ElfSections.Section::name).toList());
    assertEquals(5 * 16, elf.sections().get(2).size());
    assertEquals(ElfSections.SHT_NOBITS, elf.sections().get(5).type());
  }

  @Test
  void sassSizes_countTrailingNopsAndOneSelfBranchAsPadding() {
    assertEquals(
        Map.of(
            "k90", new SassSizes.Size(5, 2),
            "k75", new SassSizes.Size(3, 1),
            "busy", new SassSizes.Size(3, 3),
            "bss", new SassSizes.Size(2, 2)),
        SassSizes.of(ElfSections.read(cubin())));
  }

  @Test
  void read_elf32BigEndian_sectionsButNoPaddingCount() {
    byte[] elf =
        elf(
            false,
            ByteOrder.BIG_ENDIAN,
            List.of(new Spec(".text.k", 1, words(ByteOrder.BIG_ENDIAN, CODE, BRA_SELF_SM90, NOP))));
    assertEquals(Map.of("k", new SassSizes.Size(3, 3)), SassSizes.of(ElfSections.read(elf)));
  }

  @Test
  void read_notElfOrTruncated_throws() {
    assertThrows(
        IllegalArgumentException.class,
        () -> ElfSections.read("not an elf file".getBytes(StandardCharsets.US_ASCII)));
    byte[] cut = cubin();
    byte[] truncated = new byte[0x40];
    System.arraycopy(cut, 0, truncated, 0, truncated.length);
    assertThrows(IllegalArgumentException.class, () -> ElfSections.read(truncated));
  }

  private static byte[] cubin() {
    ByteOrder le = ByteOrder.LITTLE_ENDIAN;
    return elf(
        true,
        le,
        List.of(
            new Spec(".text.k90", 1, words(le, CODE, CODE, BRA_SELF_SM90, NOP, NOP)),
            new Spec(".text.k75", 1, words(le, CODE, BRA_SELF_SM75, NOP)),
            new Spec(".text.busy", 1, words(le, CODE, NOP, BRA_BACK)),
            new Spec(".text.bss", ElfSections.SHT_NOBITS, new byte[32]),
            new Spec(".nv.info", 0x70000000, new byte[] {1, 2, 3, 4})));
  }

  /** A section to write: its contents (a NOBITS section's only give its size). */
  private record Spec(String name, int type, byte[] contents) {}

  private static byte[] words(ByteOrder order, long[]... instructions) {
    ByteBuffer b = ByteBuffer.allocate(16 * instructions.length).order(order);
    for (long[] i : instructions) {
      b.putLong(i[0]).putLong(i[1]);
    }
    return b.array();
  }

  /**
   * An ELF file: header, section-name table, the sections' contents, then the section headers (null
   * section, {@code .shstrtab}, the specs).
   */
  private static byte[] elf(boolean wide, ByteOrder order, List<Spec> specs) {
    ByteArrayOutputStream names = new ByteArrayOutputStream();
    names.write(0);
    List<Integer> nameAt = new ArrayList<>();
    for (String n : names(specs)) {
      nameAt.add(names.size());
      names.writeBytes((n + "\0").getBytes(StandardCharsets.US_ASCII));
    }
    int headerSize = wide ? 64 : 52;
    int entSize = wide ? 64 : 40;
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    List<long[]> sections = new ArrayList<>(); // name, type, offset, size
    sections.add(new long[] {0, 0, 0, 0});
    sections.add(new long[] {nameAt.get(0), 3, headerSize, names.size()});
    data.writeBytes(names.toByteArray());
    for (int k = 0; k < specs.size(); k++) {
      Spec s = specs.get(k);
      long offset = headerSize + data.size();
      if (s.type() != ElfSections.SHT_NOBITS) {
        data.writeBytes(s.contents());
      }
      sections.add(new long[] {nameAt.get(k + 1), s.type(), offset, s.contents().length});
    }
    int shoff = headerSize + data.size();
    ByteBuffer b = ByteBuffer.allocate(shoff + entSize * sections.size()).order(order);
    b.put(new byte[] {0x7f, 'E', 'L', 'F', (byte) (wide ? 2 : 1)});
    b.put((byte) (order == ByteOrder.LITTLE_ENDIAN ? 1 : 2));
    b.put((byte) 1);
    if (wide) {
      b.putLong(0x28, shoff);
      b.putShort(0x3a, (short) entSize)
          .putShort(0x3c, (short) sections.size())
          .putShort(0x3e, (short) 1);
    } else {
      b.putInt(0x20, shoff);
      b.putShort(0x2e, (short) entSize)
          .putShort(0x30, (short) sections.size())
          .putShort(0x32, (short) 1);
    }
    b.position(headerSize);
    b.put(data.toByteArray());
    for (long[] s : sections) {
      int at = b.position();
      b.putInt(at, (int) s[0]).putInt(at + 4, (int) s[1]);
      if (wide) {
        b.putLong(at + 24, s[2]).putLong(at + 32, s[3]);
      } else {
        b.putInt(at + 16, (int) s[2]).putInt(at + 20, (int) s[3]);
      }
      b.position(at + entSize);
    }
    return b.array();
  }

  private static List<String> names(List<Spec> specs) {
    List<String> names = new ArrayList<>(List.of(".shstrtab"));
    specs.forEach(s -> names.add(s.name()));
    return names;
  }
}
