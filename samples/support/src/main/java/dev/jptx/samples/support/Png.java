package dev.jptx.samples.support;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes an RGB image as PNG with {@code java.base} alone: the GPU bundle's Java runtime has no
 * {@code java.desktop} (and so no {@code ImageIO}), and the samples run there too.
 */
public final class Png {
  private Png() {}

  /**
   * Writes {@code rgb} (row-major, {@code 0xRRGGBB} per pixel) to {@code file}.
   *
   * @param file where; its folder is created
   * @param width pixels per row
   * @param height rows
   * @param rgb the pixels
   * @throws IOException if the file cannot be written
   */
  public static void write(Path file, int width, int height, int[] rgb) throws IOException {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    try (DeflaterOutputStream z = new DeflaterOutputStream(raw)) {
      byte[] row = new byte[1 + 3 * width]; // filter byte 0 (none), then RGB triples
      for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
          int p = rgb[y * width + x];
          row[1 + 3 * x] = (byte) (p >> 16);
          row[2 + 3 * x] = (byte) (p >> 8);
          row[3 + 3 * x] = (byte) p;
        }
        z.write(row);
      }
    }
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(png);
    out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    DataOutputStream h = new DataOutputStream(header);
    h.writeInt(width);
    h.writeInt(height);
    h.write(new byte[] {8, 2, 0, 0, 0}); // 8 bits per channel, truecolour, no interlace
    chunk(out, "IHDR", header.toByteArray());
    chunk(out, "IDAT", raw.toByteArray());
    chunk(out, "IEND", new byte[0]);
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    Files.write(file, png.toByteArray());
  }

  private static void chunk(DataOutputStream out, String type, byte[] data) throws IOException {
    byte[] name = type.getBytes(StandardCharsets.US_ASCII);
    CRC32 crc = new CRC32();
    crc.update(name);
    crc.update(data);
    out.writeInt(data.length);
    out.write(name);
    out.write(data);
    out.writeInt((int) crc.getValue());
  }
}
