package dev.jptx.gpureport.fuzz;

import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A set of fuzz kernels with their PTX and the {@code jvm} device's results, as one gzip'd file
 * ({@value #FILE_NAME}). compiler-core's {@code FuzzCorpusExport} ({@code -P fuzz-corpus}) writes
 * it where {@code javac} and the compiler run; a GPU host reads it with nothing but the runtime.
 *
 * <h2>Format, version {@value #VERSION}</h2>
 *
 * <p>A gzip stream holding {@link DataOutputStream} data (big-endian):
 *
 * <pre>
 * corpus   := magic version:int description:str count:int case{count}
 * magic    := the 8 ASCII bytes "JPTXFUZZ"
 * case     := name:str seed:long reproduce:str entry:str
 *             targets:int (target:str ptx:str){targets}
 *             grid:int[3] block:int[3] sharedMemoryBytes:int
 *             sets:int set{sets}
 * set      := args:int arg{args} result{one per array arg, in order}
 * arg      := type:byte value                      type &lt; 8: a primitive
 *           | (type | 0x80):byte length:int element{length}   an array
 * result   := 0:byte                               the array came back unchanged
 *           | 1:byte element{length}               its contents after the jvm run
 * type     := 0 boolean, 1 byte, 2 short, 3 char, 4 int, 5 long, 6 float, 7 double
 * value, element := the type's width: boolean and byte 1 byte, short and char 2, int and float 4
 *                   (a float as its raw bits), long and double 8
 * str      := length:int UTF-8 bytes{length}
 * </pre>
 *
 * <p>A reader refuses other magic and versions above its own. A change of layout increments {@link
 * #VERSION}.
 *
 * @param description how the corpus was made: seed, count, compiler options, skipped kernels
 * @param cases the kernels, in order
 */
public record FuzzCorpus(String description, List<FuzzCase> cases) {
  /** The layout version this class writes and the highest it reads. */
  public static final int VERSION = 1;

  /** The usual file name. */
  public static final String FILE_NAME = "fuzz-corpus.bin.gz";

  private static final byte[] MAGIC = "JPTXFUZZ".getBytes(StandardCharsets.US_ASCII);
  private static final int ARRAY = 0x80;

  /** Copies the list. */
  public FuzzCorpus {
    Objects.requireNonNull(description, "description");
    cases = List.copyOf(cases);
  }

  /**
   * Writes the corpus to {@code file}, replacing it.
   *
   * @param file the file, {@value #FILE_NAME} by convention
   * @throws IOException if writing fails
   */
  public void write(Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      write(out);
    }
  }

  /**
   * Writes the corpus, gzip'd, to {@code out}, and finishes the gzip stream without closing {@code
   * out}.
   *
   * @param out the stream
   * @throws IOException if writing fails
   */
  public void write(OutputStream out) throws IOException {
    GZIPOutputStream gzip =
        new GZIPOutputStream(out, 1 << 16) {
          {
            def.setLevel(Deflater.BEST_COMPRESSION);
          }
        };
    DataOutputStream data = new DataOutputStream(new BufferedOutputStream(gzip, 1 << 16));
    data.write(MAGIC);
    data.writeInt(VERSION);
    writeString(data, description);
    data.writeInt(cases.size());
    for (FuzzCase c : cases) {
      writeCase(data, c);
    }
    data.flush();
    gzip.finish();
  }

  /**
   * Reads a corpus written by {@link #write(Path)}.
   *
   * @param file the file
   * @return the corpus
   * @throws IOException if reading fails or the file is no corpus of a version this reads
   */
  public static FuzzCorpus read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in);
    }
  }

  /**
   * Reads a corpus written by {@link #write(OutputStream)}, leaving {@code in} open.
   *
   * @param in the gzip'd stream
   * @return the corpus
   * @throws IOException if reading fails or the stream is no corpus of a version this reads
   */
  public static FuzzCorpus read(InputStream in) throws IOException {
    DataInputStream data =
        new DataInputStream(new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16));
    byte[] magic = new byte[MAGIC.length];
    data.readFully(magic);
    if (!Arrays.equals(magic, MAGIC)) {
      throw new IOException("not a jptx fuzz corpus: it does not start with JPTXFUZZ");
    }
    int version = data.readInt();
    if (version < 1 || version > VERSION) {
      throw new IOException(
          "fuzz corpus version " + version + ": this reader reads versions 1 to " + VERSION);
    }
    String description = readString(data);
    int n = count(data, "cases");
    List<FuzzCase> cases = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      cases.add(readCase(data));
    }
    return new FuzzCorpus(description, cases);
  }

  private static void writeCase(DataOutputStream out, FuzzCase c) throws IOException {
    writeString(out, c.name());
    out.writeLong(c.seed());
    writeString(out, c.reproduce());
    writeString(out, c.entry());
    out.writeInt(c.ptx().size());
    for (Map.Entry<String, String> e : c.ptx().entrySet()) {
      writeString(out, e.getKey());
      writeString(out, e.getValue());
    }
    writeDim3(out, c.launch().grid());
    writeDim3(out, c.launch().block());
    out.writeInt(c.launch().sharedMemoryBytes());
    out.writeInt(c.argumentSets().size());
    for (FuzzCase.ArgumentSet s : c.argumentSets()) {
      writeSet(out, s);
    }
  }

  private static FuzzCase readCase(DataInputStream in) throws IOException {
    String name = readString(in);
    long seed = in.readLong();
    String reproduce = readString(in);
    String entry = readString(in);
    Map<String, String> ptx = new LinkedHashMap<>();
    int targets = count(in, "targets");
    for (int i = 0; i < targets; i++) {
      ptx.put(readString(in), readString(in));
    }
    Dim3 grid = readDim3(in);
    Dim3 block = readDim3(in);
    Launch launch = Launch.of(grid, block).sharedMemoryBytes(in.readInt());
    int n = count(in, "argument sets");
    List<FuzzCase.ArgumentSet> sets = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      sets.add(readSet(in));
    }
    try {
      return new FuzzCase(name, seed, reproduce, entry, ptx, launch, sets);
    } catch (IllegalArgumentException e) {
      throw new IOException("case " + name + ": " + e.getMessage(), e);
    }
  }

  private static void writeSet(DataOutputStream out, FuzzCase.ArgumentSet s) throws IOException {
    Object[] args = s.arguments();
    Object[] expected = s.expected();
    out.writeInt(args.length);
    for (Object a : args) {
      ElementType t = ElementType.of(a);
      if (a.getClass().isArray()) {
        out.writeByte(t.ordinal() | ARRAY);
        out.writeInt(Array.getLength(a));
        t.writeElements(out, a);
      } else {
        out.writeByte(t.ordinal());
        t.writeValue(out, a);
      }
    }
    for (int i = 0; i < args.length; i++) {
      if (expected[i] == null) {
        continue;
      }
      // bits, not equals: an array of NaNs is unchanged only if their payloads are
      if (sameBits(args[i], expected[i])) {
        out.writeByte(0);
      } else {
        out.writeByte(1);
        ElementType.of(expected[i]).writeElements(out, expected[i]);
      }
    }
  }

  private static boolean sameBits(Object a, Object b) {
    ElementType t = ElementType.of(a);
    int n = Array.getLength(a);
    for (int i = 0; i < n; i++) {
      if (t.bits(a, i) != t.bits(b, i)) {
        return false;
      }
    }
    return true;
  }

  private static FuzzCase.ArgumentSet readSet(DataInputStream in) throws IOException {
    int n = count(in, "arguments");
    Object[] args = new Object[n];
    Object[] expected = new Object[n];
    for (int i = 0; i < n; i++) {
      int tag = in.readUnsignedByte();
      ElementType t = ElementType.of(tag & ~ARRAY);
      args[i] = (tag & ARRAY) != 0 ? t.readElements(in, count(in, "elements")) : t.readValue(in);
    }
    for (int i = 0; i < n; i++) {
      if (!args[i].getClass().isArray()) {
        continue;
      }
      ElementType t = ElementType.of(args[i]);
      int kind = in.readUnsignedByte();
      if (kind == 0) {
        expected[i] = t.copy(args[i]);
      } else if (kind == 1) {
        expected[i] = t.readElements(in, Array.getLength(args[i]));
      } else {
        throw new IOException("unknown result kind " + kind + " for argument " + i);
      }
    }
    return new FuzzCase.ArgumentSet(args, expected);
  }

  private static void writeDim3(DataOutputStream out, Dim3 d) throws IOException {
    out.writeInt(d.x());
    out.writeInt(d.y());
    out.writeInt(d.z());
  }

  private static Dim3 readDim3(DataInputStream in) throws IOException {
    int x = in.readInt();
    int y = in.readInt();
    int z = in.readInt();
    try {
      return Dim3.of(x, y, z);
    } catch (IllegalArgumentException e) {
      throw new IOException("bad extent: " + e.getMessage(), e);
    }
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String readString(DataInputStream in) throws IOException {
    byte[] b = new byte[count(in, "string bytes")];
    in.readFully(b);
    return new String(b, StandardCharsets.UTF_8);
  }

  /** A count, which must not be negative (a corrupt file reads as an error, not a huge array). */
  private static int count(DataInputStream in, String what) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("negative count of " + what + ": " + n);
    }
    return n;
  }
}
