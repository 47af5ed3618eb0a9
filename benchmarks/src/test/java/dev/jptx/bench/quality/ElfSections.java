package dev.jptx.bench.quality;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The section headers of an ELF file (a cubin, which is ELF64 little-endian; ELF32 and big-endian
 * files are read too): each section's name, type, offset and size, and the file's bytes to read a
 * section's contents from. Nothing else of the format is read.
 */
final class ElfSections {
  /** {@code SHT_NOBITS}: a section that occupies no bytes of the file ({@code .bss}). */
  static final int SHT_NOBITS = 8;

  private static final int EI_CLASS = 4;
  private static final int EI_DATA = 5;
  private static final int ELFCLASS32 = 1;
  private static final int ELFCLASS64 = 2;

  private final byte[] bytes;
  private final boolean littleEndian;
  private final List<Section> sections;

  private ElfSections(byte[] bytes, boolean littleEndian, List<Section> sections) {
    this.bytes = bytes;
    this.littleEndian = littleEndian;
    this.sections = List.copyOf(sections);
  }

  /** The section header table, in its order. */
  List<Section> sections() {
    return sections;
  }

  /** The file's byte order ({@code EI_DATA} = 1). */
  boolean littleEndian() {
    return littleEndian;
  }

  /**
   * One section header.
   *
   * @param name its name, from the section-name string table
   * @param type {@code sh_type}
   * @param offset {@code sh_offset}: where its contents start in the file
   * @param size {@code sh_size}: their length in bytes
   */
  record Section(String name, int type, long offset, long size) {}

  /**
   * Reads the section headers.
   *
   * @param bytes an ELF file, kept (not copied) to read the sections' contents from
   * @return its sections
   * @throws IllegalArgumentException if the bytes are not an ELF file, or a header lies outside
   *     them
   */
  static ElfSections read(byte[] bytes) {
    if (bytes.length < 16
        || bytes[0] != 0x7f
        || bytes[1] != 'E'
        || bytes[2] != 'L'
        || bytes[3] != 'F') {
      throw new IllegalArgumentException("not an ELF file");
    }
    boolean little = bytes[EI_DATA] == 1;
    ByteBuffer b =
        ByteBuffer.wrap(bytes).order(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    int elfClass = bytes[EI_CLASS];
    if (elfClass != ELFCLASS32 && elfClass != ELFCLASS64) {
      throw new IllegalArgumentException("unknown ELF class " + elfClass);
    }
    boolean wide = elfClass == ELFCLASS64;
    try {
      // e_shoff, then e_shentsize, e_shnum and e_shstrndx: ELF64 0x28 and 0x3a, ELF32 0x20 and 0x2e
      long shoff = wide ? b.getLong(0x28) : Integer.toUnsignedLong(b.getInt(0x20));
      int fields = wide ? 0x3a : 0x2e;
      int entsize = Short.toUnsignedInt(b.getShort(fields));
      int count = Short.toUnsignedInt(b.getShort(fields + 2));
      int strndx = Short.toUnsignedInt(b.getShort(fields + 4));
      List<long[]> raw = new ArrayList<>();
      for (int k = 0; k < count; k++) {
        raw.add(header(b, index(shoff + (long) k * entsize, bytes), wide));
      }
      List<Section> sections = new ArrayList<>();
      if (count > 0) {
        long names = raw.get(strndx)[2];
        for (long[] h : raw) {
          sections.add(new Section(string(bytes, names + h[0]), (int) h[1], h[2], h[3]));
        }
      }
      return new ElfSections(bytes, little, sections);
    } catch (IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("truncated ELF file: " + e.getMessage(), e);
    }
  }

  /** The bytes of a section's contents. */
  ByteBuffer contents(Section s) {
    if (s.offset() < 0 || s.size() < 0 || s.offset() + s.size() > bytes.length) {
      throw new IllegalArgumentException("section " + s.name() + " lies outside the file");
    }
    return ByteBuffer.wrap(bytes, (int) s.offset(), (int) s.size())
        .slice()
        .order(littleEndian ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
  }

  /** sh_name, sh_type, sh_offset, sh_size of the header at {@code at}. */
  private static long[] header(ByteBuffer b, int at, boolean wide) {
    long name = Integer.toUnsignedLong(b.getInt(at));
    long type = Integer.toUnsignedLong(b.getInt(at + 4));
    if (wide) {
      // sh_flags (8) and sh_addr (8) come before sh_offset and sh_size
      return new long[] {name, type, b.getLong(at + 24), b.getLong(at + 32)};
    }
    return new long[] {
      name,
      type,
      Integer.toUnsignedLong(b.getInt(at + 16)),
      Integer.toUnsignedLong(b.getInt(at + 20))
    };
  }

  private static String string(byte[] bytes, long at) {
    int start = index(at, bytes);
    int end = start;
    while (end < bytes.length && bytes[end] != 0) {
      end++;
    }
    if (end == bytes.length) {
      throw new IllegalArgumentException("unterminated section name at " + at);
    }
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }

  private static int index(long at, byte[] bytes) {
    if (at < 0 || at >= bytes.length) {
      throw new IndexOutOfBoundsException(
          "offset " + at + " outside the file (" + bytes.length + ")");
    }
    return (int) at;
  }
}
