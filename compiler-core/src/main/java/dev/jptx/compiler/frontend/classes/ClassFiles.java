package dev.jptx.compiler.frontend.classes;

import dev.jptx.compiler.diag.Diagnostic;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;

/**
 * Class files as the compiler reads them from a build's inputs, where anything can lie: bytes that
 * are not a class file, a file cut short, a class compiled for a Java newer than ASM reads. Each
 * becomes one clean error naming the file, never an exception out of ASM.
 */
public final class ClassFiles {
  private static final int MAGIC = 0xCAFEBABE;
  private static final int HEADER_BYTES = 10;
  private static final String TRUNCATED = "it is truncated or malformed";

  /** The newest class file major version ASM reads: the largest of its {@code Opcodes.V<n>}. */
  public static final int LATEST_MAJOR_VERSION = latestMajorVersion();

  private ClassFiles() {}

  /** Bytes the compiler cannot read as a class; the message says why. */
  public static final class UnreadableClassException extends Exception {
    private static final long serialVersionUID = 1L;

    UnreadableClassException(String reason) {
      super(reason);
    }
  }

  /**
   * A cheap filter before parsing: true if the bytes may hold a kernel, because they name
   * {@code @Kernel} in their constant pool, or if they are not a class file at all, which must be
   * reported rather than skipped.
   */
  public static boolean mayHaveKernels(byte[] bytes) {
    return !hasMagic(bytes)
        || new String(bytes, StandardCharsets.ISO_8859_1).contains(KernelScanner.KERNEL);
  }

  /** Parses class-file bytes, keeping code and debug info. */
  public static ClassNode read(byte[] bytes) throws UnreadableClassException {
    if (!hasMagic(bytes)) {
      throw new UnreadableClassException(
          "it is not a class file (it does not start with 0xCAFEBABE)");
    }
    if (bytes.length < HEADER_BYTES) {
      throw new UnreadableClassException(TRUNCATED);
    }
    int minor = (bytes[4] & 0xFF) << 8 | bytes[5] & 0xFF;
    int major = (bytes[6] & 0xFF) << 8 | bytes[7] & 0xFF;
    if (major > LATEST_MAJOR_VERSION) {
      throw new UnreadableClassException(
          "its version "
              + major
              + "."
              + minor
              + " (Java "
              + javaRelease(major)
              + ") is newer than this compiler reads (up to "
              + LATEST_MAJOR_VERSION
              + ", Java "
              + javaRelease(LATEST_MAJOR_VERSION)
              + ")");
    }
    try {
      ClassNode c = new ClassNode();
      new ClassReader(bytes).accept(c, ClassReader.EXPAND_FRAMES);
      return c;
    } catch (RuntimeException e) {
      // ASM reads past the end of a cut file or follows a corrupt offset: either way no class
      throw new UnreadableClassException(TRUNCATED);
    }
  }

  /**
   * Parses class-file bytes known to be good (tests, the compiler's own classes), keeping code and
   * debug info; a build's inputs go through {@link #read}, which reports bad ones.
   */
  public static ClassNode readKnownGood(byte[] bytes) {
    try {
      return read(bytes);
    } catch (UnreadableClassException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The error for an unreadable class file, naming it: {@code FILE: error: cannot read ...}. */
  public static Diagnostic diagnostic(String file, UnreadableClassException e) {
    return new Diagnostic(file, 0, -1, "", "cannot read class file: " + e.getMessage());
  }

  private static boolean hasMagic(byte[] bytes) {
    return bytes.length >= 4
        && ((bytes[0] & 0xFF) << 24
                | (bytes[1] & 0xFF) << 16
                | (bytes[2] & 0xFF) << 8
                | bytes[3] & 0xFF)
            == MAGIC;
  }

  /** Java 5 wrote version 49, and each release since adds one. */
  private static int javaRelease(int major) {
    return major - 44;
  }

  private static int latestMajorVersion() {
    Pattern release = Pattern.compile("V\\d+");
    int latest = 0;
    for (Field f : Opcodes.class.getFields()) {
      if (release.matcher(f.getName()).matches() && f.getType() == int.class) {
        try {
          latest = Math.max(latest, f.getInt(null) & 0xFFFF);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return latest;
  }
}
